// Pages name the scripts they need beyond index.html's (server/http/page-preloads.ts, from the
// build's list: server/build/route-preloads.mjs): every page the app's first module (the page's own
// entry only waits for a paint), an admin page also the admin app, its screen's chunk and its first
// calls (src/public/firstRequests.ts); sent precompressed, never cached, revalidated with 304. The
// signed-out screens the build prerendered (server/build/prerender.mjs) come inside their page.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { FIRST_REQUESTS_SCRIPT, FRAME_SCRIPT, frameDeviceOf, pickEncoding, preloadsOf } from '../../server/http/page-preloads';
import { PRERENDERED_FILE, prerenderPages, type PrerenderedPages } from '../../server/build/prerender.mjs';
import { ROUTE_PRELOADS_FILE, routePreloads, type RoutePreloads } from '../../server/build/route-preloads.mjs';
import { PRERENDERED_PATHS, prerender } from '../../src/public/prerender';

const BR_GZIP = 'gzip, deflate, br';
const PRELOADS: RoutePreloads = {
  publicPaths: ['/login', '/signup'],
  first: ['/assets/main-0a0a.js'],
  public: ['/assets/PublicApp-ab12.js'],
  admin: ['/assets/App-aa11.js', '/assets/Title-bb22.js'],
  screens: { profiles: { list: ['/assets/ProfileList-cc33.js', '/assets/DataTable-dd44.js'], show: ['/assets/ProfileShow-ee55.js'] } },
};
// `$&` and `$'`: replacement patterns of String.replace, which must reach the page as they are
const PRERENDERED: PrerenderedPages = {
  '/signup': { html: '<main class="css-x1"><h1>Sign up $&</h1></main>', css: ".css-x1{color:red}body{content:'$''}" },
  // the frames of a signed-in screen (src/adminFrame/prerender.tsx), by device
  '/profiles phone': {
    html: '<main class="css-p1-Phone"><h1>Profiles</h1></main>',
    css: '.css-p1-Phone{margin:0}',
    ids: ['p1-Phone'],
    globals: [{ id: 'g1-Base', css: 'html{color-scheme:light}body{margin:0}' }],
  },
  '/profiles wide': { html: '<main class="css-w1-Wide"><h1>Profiles</h1></main>', css: '.css-w1-Wide{margin:1px}', ids: ['w1-Wide'] },
};
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';
const HTML = `<!doctype html><html><head><title>Talent</title><script type="module" crossorigin src="/assets/index-ff66.js"></script></head><body><div id="root"></div></body></html>`;

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
  return response.body;
}
/** The page without what the server adds to its head (an admin page's first calls, the modulepreload links). */
const withoutHeadAdditions = (html: string) =>
  html
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<script>[^<]*<\/script>(?=\s*<\/head>)/, '')
    .replace(/\s*<\/head>/, '</head>');
const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the scripts a page needs (the build list read by path)', () => {
  it('is the first module, the admin app and the screen of an admin page, the first module and the public app for a signed-out one', () => {
    const { first, admin, screens } = PRELOADS;
    expect(preloadsOf(PRELOADS, '/profiles')).toEqual([...first, ...admin, ...screens.profiles.list!]);
    expect(preloadsOf(PRELOADS, '/profiles/12')).toEqual([...first, ...admin, ...screens.profiles.show!]);
    for (const page of ['/', '/profiles/create', '/profiles/12/update', '/users', '/change-password']) {
      expect(preloadsOf(PRELOADS, page), page).toEqual([...first, ...admin]);
    }
    for (const page of ['/login', '/signup']) expect(preloadsOf(PRELOADS, page), page).toEqual([...first, ...PRELOADS.public!]);
    // an older build's list names no public app
    expect(preloadsOf({ ...PRELOADS, public: undefined }, '/login')).toEqual(first);
    // a list written by an older build has no first module
    const { first: _, public: __, ...older } = PRELOADS;
    expect(preloadsOf(older as RoutePreloads, '/login')).toEqual([]);
  });

  it("makes a phone's frame for a phone's client hint or user agent, a wide screen's otherwise", () => {
    expect(frameDeviceOf({ 'sec-ch-ua-mobile': '?1', 'user-agent': DESKTOP_UA })).toBe('phone');
    expect(frameDeviceOf({ 'sec-ch-ua-mobile': '?0', 'user-agent': PHONE_UA })).toBe('phone'); // an emulated phone
    expect(frameDeviceOf({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' })).toBe('phone');
    expect(frameDeviceOf({ 'sec-ch-ua-mobile': '?0', 'user-agent': DESKTOP_UA })).toBe('wide');
    expect(frameDeviceOf({})).toBe('wide');
  });

  it('takes brotli, else gzip, else nothing, as the browser says', () => {
    expect(pickEncoding(BR_GZIP)).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe('pages served with their preloads', () => {
  let api: TestApi;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-preloads-'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, 'index.html'), HTML);
    fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(HTML));
    fs.writeFileSync(path.join(dir, '.vite/route-preloads.json'), JSON.stringify(PRELOADS));
    fs.writeFileSync(path.join(dir, PRERENDERED_FILE), JSON.stringify(PRERENDERED));
    api = await startTestApi({ staticDir: dir });
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = { 'accept-encoding': BR_GZIP }) =>
    api.call(undefined, { method: 'GET', url, headers });

  it('names the admin app and the opened screen in an admin page, and asks for its first calls, brotli, never cached', async () => {
    const { first, admin, screens } = PRELOADS;
    for (const [url, expected] of [
      ['/profiles', [...first, ...admin, ...screens.profiles.list!]],
      ['/profiles/12?tab=2', [...first, ...admin, ...screens.profiles.show!]],
      ['/', [...first, ...admin]],
    ] as const) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(String(page.headers.vary).toLowerCase(), url).toContain('accept-encoding');
      const html = decoded(page);
      expect(preloaded(html), url).toEqual(expected);
      // the first calls' script, which the Content-Security-Policy lets run by its hash
      const scripts = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);
      expect(scripts, url).toEqual([FIRST_REQUESTS_SCRIPT]);
      const hash = crypto.createHash('sha256').update(scripts[0]).digest('base64');
      expect(
        String(page.headers['content-security-policy'])
          .match(/script-src ([^;]*)/)?.[1]
          .split(' '),
      ).toContain(`'sha256-${hash}'`);
      // the page itself, with its script and links before </head>
      expect(withoutHeadAdditions(html), url).toBe(HTML);
    }
  });

  it('sends a signed-out page with the first module and the public app named and no first calls', async () => {
    const page = await get('/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = decoded(page);
    expect(preloaded(html)).toEqual([...PRELOADS.first, ...PRELOADS.public!]);
    expect(html).not.toContain('<script>');
    expect(withoutHeadAdditions(html)).toBe(HTML);
  });

  it('sends a prerendered screen inside its page, its CSS in the head and a theme check the CSP lets run', async () => {
    for (const headers of [{ 'accept-encoding': BR_GZIP }, {}] as Record<string, string>[]) {
      const page = await get('/signup', headers);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe(headers['accept-encoding'] ? 'br' : undefined);
      expect(page.headers['cache-control']).toBe('no-cache');
      const html = decoded(page);
      expect(html).toContain(`<style data-prerendered>${PRERENDERED['/signup'].css}</style>`);
      expect(html).toContain(`<div id="root">${PRERENDERED['/signup'].html}</div><script>`);
      const scripts = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);
      expect(scripts).toHaveLength(1);
      // the inline script runs only if the Content-Security-Policy names its hash
      const hash = crypto.createHash('sha256').update(scripts[0]).digest('base64');
      const scriptSrc = String(page.headers['content-security-policy']).match(/script-src ([^;]*)/)?.[1];
      expect(scriptSrc?.split(' ')).toContain(`'sha256-${hash}'`);
      expect(preloaded(html)).toEqual([...PRELOADS.first, ...PRELOADS.public!]);
      // the rest is index.html
      expect(
        withoutHeadAdditions(
          html.replace(/\s*<style data-prerendered>.*<\/style>\s*/, '').replace(/<div id="root">.*<\/script>/, '<div id="root"></div>'),
        ),
      ).toBe(HTML);
    }
    const etag = String((await get('/signup')).headers.etag);
    expect((await get('/signup', { 'accept-encoding': BR_GZIP, 'if-none-match': etag })).statusCode).toBe(304);
  });

  it("sends a signed-in page its screen's frame for the device, its styles in emotion's form and its scripts asked for after the paint", async () => {
    const { first, admin, screens } = PRELOADS;
    const { token } = await api.user();
    for (const [device, ua] of [
      ['phone', PHONE_UA],
      ['wide', DESKTOP_UA],
    ] as const) {
      const frame = PRERENDERED[`/profiles ${device}`];
      const page = await get('/profiles', {
        'accept-encoding': BR_GZIP,
        cookie: `theme=x; fs_token=${encodeURIComponent(token)}`,
        'user-agent': ua,
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(String(page.headers.vary).toLowerCase()).toMatch(/cookie.*user-agent/);
      const html = decoded(page);
      expect(html).toContain(`<div id="root" data-frame="${device}">${frame.html}</div><script>${FRAME_SCRIPT}</script>`);
      // emotion takes a style tagged with its ids as inserted (the app's cache does not write them again)
      expect(html).toContain(`<style data-emotion="css ${frame.ids!.join(' ')}">${frame.css}</style>`);
      // a <Global>'s rules (CssBaseline's) each in a style of its own, before the components', where the component takes it over
      const globals = (frame.globals ?? []).map(({ id, css }) => `<style data-emotion="css-global ${id}">${css}</style>`).join('');
      expect(html).toContain(`${globals}<style data-emotion="css `);
      // the scripts are named in a template that src/boot.ts puts in the head once the frame is painted
      expect(preloaded(html.replace(/<template data-after-paint>.*?<\/template>/, ''))).toEqual([]);
      const later = html.match(/<template data-after-paint>(.*?)<\/template>/)?.[1] ?? '';
      expect(preloaded(later)).toEqual([...first, ...admin, ...screens.profiles.list!]);
      // both inline scripts (the first calls, the frame check) may run
      const scriptSrc = String(page.headers['content-security-policy'])
        .match(/script-src ([^;]*)/)?.[1]
        ?.split(' ');
      for (const script of [FIRST_REQUESTS_SCRIPT, FRAME_SCRIPT])
        expect(scriptSrc).toContain(`'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`);
      const etag = String(page.headers.etag);
      const again = await get('/profiles', {
        'accept-encoding': BR_GZIP,
        cookie: `fs_token=${token}`,
        'user-agent': ua,
        'if-none-match': etag,
      });
      expect(again.statusCode).toBe(304);
    }
    // signed out (no session cookie, an empty one, a session that is not live): no frame, the app sends them to /login
    const { token: ended } = await api.user();
    expect((await api.call(ended, { method: 'POST', url: '/api/v1/auth/sign-out/' })).statusCode).toBeLessThan(300);
    for (const cookie of [undefined, 'fs_token=', 'other=fs_token=1', 'fs_token=not-a-token', `fs_token=${ended}`, 'fs_token=%E0%A4%A']) {
      const page = await get('/profiles', { 'accept-encoding': BR_GZIP, 'user-agent': PHONE_UA, ...(cookie && { cookie }) });
      const html = decoded(page);
      expect(html, cookie).toContain('<div id="root"></div>');
      expect(html, cookie).not.toContain('data-emotion');
      expect(preloaded(html), cookie).toEqual([...first, ...admin, ...screens.profiles.list!]);
    }
    // a screen without a frame: as before
    const other = decoded(await get('/profiles/12', { 'accept-encoding': BR_GZIP, cookie: `fs_token=${token}`, 'user-agent': PHONE_UA }));
    expect(other).toContain('<div id="root"></div>');
    expect(preloaded(other)).toEqual([...first, ...admin, ...screens.profiles.show!]);
  });

  it('sends gzip or the plain page to browsers that take no brotli', async () => {
    const gzip = await get('/profiles', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/profiles', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(preloaded(decoded(gzip))).toEqual(preloaded(plain.body));
    expect(preloaded(plain.body)).toHaveLength(5);
  });

  it('answers a revalidation with 304, per encoding', async () => {
    const page = await get('/profiles');
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/profiles', { 'accept-encoding': BR_GZIP, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get('/profiles', { 'if-none-match': etag })).statusCode).toBe(200); // the plain page is other bytes
  });

  it('follows a rebuild at once (a new list and index.html)', async () => {
    const rebuilt = { ...PRELOADS, admin: ['/assets/App-new1.js'] };
    fs.writeFileSync(path.join(dir, '.vite/route-preloads.json'), JSON.stringify(rebuilt));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dir, '.vite/route-preloads.json'), later, later);
    expect(preloaded(decoded(await get('/users')))).toEqual([...PRELOADS.first, '/assets/App-new1.js']);
  });

  it('still answers 404 for a missing file and an unknown API path', async () => {
    expect((await get('/assets/gone-1234.js')).statusCode).toBe(404);
    expect((await get('/api/v1/nothing-here')).statusCode).toBe(404);
  });
});

describe('the list, as the build writes it (server/build/route-preloads.mjs)', () => {
  it("names the admin app's chunks and each screen's own chunk, and is part of the app build (vite.config.ts)", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preloads-vite-'));
    try {
      const write = (name: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        fs.writeFileSync(path.join(root, name), text);
      };
      write('index.html', '<!doctype html><html><head></head><body><script type="module" src="/boot.js"></script></body></html>');
      write('boot.js', "import('./main.js');\n");
      // the admin app in two steps, a vendor part first (src/adminSteps/loadAdmin.ts)
      write(
        'main.js',
        "import { first } from './first.js';\nif (location.pathname === '/login') import('./PublicApp.js');\nelse import('./step.js').then(() => import('./App.js')).then((m) => m.run(first));\n",
      );
      write('PublicApp.js', `export const form = ${JSON.stringify('p'.repeat(2000))};\n`);
      write('step.js', "export { vendor } from './vendor.js';\n");
      write('vendor.js', `export const vendor = ${JSON.stringify('v'.repeat(2000))};\n`);
      write('first.js', `export const first = ${JSON.stringify('f'.repeat(2000))};\n`);
      write(
        'App.js',
        "import { shared } from './shared.js';\nimport { vendor } from './vendor.js';\nexport const run = () => import('./resources/things/ThingList.tsx').then((m) => m.ThingList(shared + vendor));\n",
      );
      write('shared.js', `export const shared = ${JSON.stringify('s'.repeat(2000))};\n`);
      write(
        'resources/things/ThingList.tsx',
        "import { shared } from '../../shared.js';\nexport const ThingList = (x: string) => x + shared.length;\n",
      );
      const outDir = path.join(root, 'dist');
      const { build } = await import('vite');
      const plugin = routePreloads({
        publicPaths: ['/login'],
        mainModule: path.join(root, 'main.js'),
        publicModule: path.join(root, 'PublicApp.js'),
        adminModules: [path.join(root, 'step.js'), path.join(root, 'App.js')],
      });
      await build({ root, configFile: false, logLevel: 'silent', plugins: [plugin], build: { outDir, emptyOutDir: true } });

      const list = JSON.parse(fs.readFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;
      expect(list.publicPaths).toEqual(['/login']);
      // the first module and what it imports, which the page's entry (boot.js) only imports once painted
      expect(
        list.first.some((url) => /^\/assets\/main-.*\.js$/.test(url)),
        list.first.join(' '),
      ).toBe(true);
      expect(list.admin.some((url) => list.first.includes(url))).toBe(false);
      // the public app: the signed-out pages' part beyond the first module
      expect(list.public, list.public?.join(' ')).toEqual([expect.stringMatching(/^\/assets\/PublicApp-.*\.js$/)]);
      expect(
        list.admin.some((url) => /^\/assets\/App-.*\.js$/.test(url)),
        list.admin.join(' '),
      ).toBe(true);
      // every step's chunk too (here it holds the vendor part the app shares)
      expect(
        list.admin.some((url) => /^\/assets\/step-.*\.js$/.test(url)),
        list.admin.join(' '),
      ).toBe(true);
      expect(list.screens.things.list).toHaveLength(1);
      expect(list.screens.things.list![0]).toMatch(/^\/assets\/ThingList-.*\.js$/);
      for (const url of [...list.first, ...list.admin, ...list.screens.things.list!])
        expect(fs.existsSync(path.join(outDir, url)), url).toBe(true);
      // the entry's own scripts are named by index.html already
      expect([...list.first, ...list.admin].some((url) => /\/index-|\/boot-/.test(url))).toBe(false);

      const { default: appConfig } = await import('../../vite.config');
      const plugins = (appConfig as { plugins?: unknown[] }).plugins?.flat(Infinity) as { name?: string }[];
      expect(plugins.map((p) => p?.name)).toContain(plugin.name);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the signed-out screens, prerendered by the build (server/build/prerender.mjs)', () => {
  it('renders each screen with the CSS of every class in it, light theme', () => {
    expect(PRERENDERED_PATHS).toEqual(['/login', '/signup', '/forgot-password']);
    const { html, css } = prerender('/login');
    expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(/<input[^>]*name="password"/);
    // nothing to type into or press until the app has rendered over it
    const controls = html.match(/<(input|button)\b/g)?.length;
    expect(controls).toBeGreaterThanOrEqual(3);
    expect(html.match(/<(input|button) disabled="" /g)).toHaveLength(controls!);
    expect(html).not.toContain('<style'); // the CSS comes apart, for the head
    const classes = new Set(
      [...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(' ')).filter((name) => name.startsWith('css-')),
    );
    expect(classes.size).toBeGreaterThan(5);
    for (const name of classes) expect(css, name).toContain(`.${name}`);
    expect(css).toMatch(/body\{[^}]*background-color:#fafaf/); // CssBaseline, light
  });

  it('writes the pages for the server, as part of the app build (vite.config.ts)', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-vite-'));
    try {
      fs.writeFileSync(
        path.join(root, 'index.html'),
        '<!doctype html><html><head></head><body><script type="module" src="/main.js"></script></body></html>',
      );
      fs.writeFileSync(path.join(root, 'main.js'), 'export const entry = 1;\n');
      fs.writeFileSync(
        path.join(root, 'pages.tsx'),
        "export const prerenderPages = async () => ({ '/a': { html: '<p>/a</p>', css: 'p{}' } });\n",
      );
      fs.writeFileSync(
        path.join(root, 'frames.tsx'),
        "export const prerenderPages = async () => ({ '/b wide': { html: '<p>/b</p>', css: 'q{}', ids: ['q'] } });\n",
      );
      const outDir = path.join(root, 'dist');
      const { build } = await import('vite');
      const plugin = prerenderPages({ modules: ['/pages.tsx', '/frames.tsx'] });
      await build({ root, configFile: false, logLevel: 'silent', plugins: [plugin], build: { outDir, emptyOutDir: true } });
      expect(JSON.parse(fs.readFileSync(path.join(outDir, PRERENDERED_FILE), 'utf8'))).toEqual({
        '/a': { html: '<p>/a</p>', css: 'p{}' },
        '/b wide': { html: '<p>/b</p>', css: 'q{}', ids: ['q'] },
      });

      const { default: appConfig } = await import('../../vite.config');
      const plugins = (appConfig as { plugins?: unknown[] }).plugins?.flat(Infinity) as { name?: string }[];
      expect(plugins.map((p) => p?.name)).toContain(plugin.name);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
