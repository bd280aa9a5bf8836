// Compression on the wire (issue "Nothing is compressed on the wire"): the built app goes out as
// the brotli or gzip files the build made beside it, API answers of 1 KB and more are compressed
// per Accept-Encoding, small and empty answers are not, and the build writes those files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectStatus } from './expect';
import { insertDataSource, insertProfiles } from './fixtures/profiles';
import { COMPRESSIBLE, precompress, precompressDir } from '../../server/build/precompress.mjs';

const BR_GZIP = 'gzip, deflate, br'; // what Chromium sends

/** The body as the client reads it once it has undone the Content-Encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload);
  if (encoding === undefined) return response.rawPayload;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

/** A small built app (as vite writes it, with the .br and .gz files of server/build/precompress.mjs). */
function fakeBuiltApp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compression-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = "row ${i} of a built chunk";\n`).join(''));
  const page = Buffer.from(
    `<!doctype html><html><head><title>Talent</title>${'<meta name="x" content="padding">'.repeat(40)}</head><body><div id="root"></div></body></html>`,
  );
  const files = { 'assets/index-3f9c2a.js': script, 'index.html': page };
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), content);
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(content));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(content));
  }
  // an image: never precompressed, and not compressed on the fly either
  const image = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096, 7)]);
  fs.writeFileSync(path.join(dir, 'assets/logo-77aa.png'), image);
  return { dir, script, page, image, size: (name: string) => fs.statSync(path.join(dir, name)).size };
}

describe('the built app, sent precompressed', () => {
  let api: TestApi;
  let built: ReturnType<typeof fakeBuiltApp>;
  beforeAll(async () => {
    built = fakeBuiltApp();
    api = await startTestApi({ staticDir: built.dir });
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(built.dir, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string) =>
    api.call(undefined, { method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli file to a browser that takes brotli, with the usual caching headers', async () => {
    const asset = await get('/assets/index-3f9c2a.js', BR_GZIP);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(varies(asset)).toBe(true);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // the file the build made, sent as it is (not compressed again)
    expect(Number(asset.headers['content-length'])).toBe(built.size('assets/index-3f9c2a.js.br'));
    expect(decoded(asset).equals(built.script)).toBe(true);
    // what the build did not compress goes out as it is, never compressed per request
    const image = await get('/assets/logo-77aa.png', BR_GZIP);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(built.image)).toBe(true);
  });

  it('sends the gzip file when the browser takes gzip only', async () => {
    for (const acceptEncoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const asset = await get('/assets/index-3f9c2a.js', acceptEncoding);
      expect(asset.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(varies(asset)).toBe(true);
      expect(Number(asset.headers['content-length'])).toBe(built.size('assets/index-3f9c2a.js.gz'));
      expect(decoded(asset).equals(built.script)).toBe(true);
    }
  });

  it('sends the plain file, saying that it varies, when the browser takes neither', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const asset = await get('/assets/index-3f9c2a.js', acceptEncoding);
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(asset.rawPayload.equals(built.script)).toBe(true);
      // a shared cache must not hand this copy to a browser that takes brotli (nor the reverse)
      expect(varies(asset), String(acceptEncoding)).toBe(true);
    }
  });

  it('sends index.html precompressed, at / and for client routes (history fallback), never cached', async () => {
    for (const url of ['/', '/profiles/3', '/login?next=%2Fprofiles']) {
      const page = await get(url, BR_GZIP);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(varies(page), url).toBe(true);
      expect(decoded(page).equals(built.page), url).toBe(true);
    }
    const plain = await get('/profiles/3');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('answers a revalidation with 304: index.html (at / and for client routes) and the hashed assets', async () => {
    // no-cache means "ask first": a page that has not changed costs a round trip, not its bytes
    for (const url of ['/', '/login', '/profiles/3', '/assets/index-3f9c2a.js']) {
      const first = await get(url, BR_GZIP);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^(W\/)?"/);
      const again = await api.call(undefined, { method: 'GET', url, headers: { 'accept-encoding': BR_GZIP, 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      // the brotli copy and the plain one are different bytes: one's tag must not revalidate the other
      const plain = await api.call(undefined, { method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(plain.statusCode, url).toBe(200);
    }
  });
});

describe('API answers', () => {
  let api: TestApi;
  let staff: TestUser;
  beforeAll(async () => {
    api = await startTestApi();
    staff = await api.user({ is_staff: true });
    const source = await insertDataSource(api.handle.db, 'Compression Source', staff.id, true);
    await insertProfiles(
      api.handle.db,
      Array.from({ length: 120 }, (_, i) => ({
        external_id: `https://www.linkedin.com/in/wire-${i}`,
        first_name: `Wire${i}`,
        last_name: 'Compressed',
        headline: `Founder and engineer number ${i} at a company that makes things`,
        location: 'Lisbon, Portugal',
        current_company: `Company ${i % 17}`,
        gender_value: i % 2 ? 'female' : 'male',
        tech_rating: (i % 10) + 0.5,
        data_source_ids: [source],
      })),
    );
  });
  afterAll(async () => api?.close());
  const get = (url: string, acceptEncoding?: string) =>
    api.call(staff.token, { method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('compresses a 100-row profiles page (brotli, else gzip), which decompresses to the same JSON', async () => {
    const url = '/api/v1/profiles?page_size=100&ordering=id';
    const plain = await get(url);
    const expected = expectStatus(plain, 200);
    expect(expected.results).toHaveLength(100);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [acceptEncoding, encoding] of [
      [BR_GZIP, 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ]) {
      const answer = await get(url, acceptEncoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(varies(answer)).toBe(true);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decoded(answer).toString('utf8'))).toEqual(expected);
    }
  });

  it('leaves small answers and empty ones (204) uncompressed, while the same route compresses a big one', async () => {
    const big = await get('/api/v1/profiles?page_size=20', BR_GZIP);
    expect(big.headers['content-encoding']).toBe('br');
    const tiny = await get('/api/v1/profiles?search=nobody-is-called-this', BR_GZIP);
    expect(tiny.statusCode).toBe(200);
    expect(tiny.rawPayload.length).toBeLessThan(1024);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ count: 0, results: [] });
    const me = await get('/api/v1/users/me', BR_GZIP);
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-encoding']).toBeUndefined();
    const saved = expectStatus<{ id: number }>(
      await api.call(staff.token, {
        method: 'POST',
        url: '/api/v1/searches/',
        payload: { name: 'Wire', url: 'search=wire', entity: 'Profile' },
      }),
      201,
    );
    const deleted = await api.call(staff.token, {
      method: 'DELETE',
      url: `/api/v1/searches/${saved.id}/`,
      headers: { 'accept-encoding': BR_GZIP },
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.headers['content-encoding']).toBeUndefined();
    expect(deleted.rawPayload.length).toBe(0);
  });

  it('compresses the streamed CSV export as it streams, to the same CSV', async () => {
    const url = '/api/v1/profiles/export/?ordering=id';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.split('\r\n').length).toBe(120 + 2); // header, rows, and the empty string after the last CRLF
    for (const [acceptEncoding, encoding] of [
      [BR_GZIP, 'br'],
      ['gzip', 'gzip'],
    ]) {
      const answer = await get(url, acceptEncoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/^text\/csv/);
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="profiles-\d+\.csv"$/);
      expect(answer.headers['x-total-count']).toBe('120');
      expect(decoded(answer).toString('utf8')).toBe(plain.body);
    }
  });

  it('compresses the OpenAPI document and its viewer, which still work', async () => {
    const plain = await get('/api/docs/json');
    const document = expectStatus(plain, 200);
    const answer = await get('/api/docs/json', BR_GZIP);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(answer).toString('utf8'))).toEqual(document);

    const page = await get('/api/docs', BR_GZIP);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const html = decoded(page).toString('utf8');
    const script = html.match(/src="([^"]*swagger-ui-bundle\.js)"/)?.[1];
    expect(script, html).toBeDefined();
    const scriptUrl = new URL(script!, 'http://app.test/api/docs/').pathname;
    const bundle = await get(scriptUrl, BR_GZIP);
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-encoding']).toBe('br');
    expect(decoded(bundle).equals((await get(scriptUrl)).rawPayload)).toBe(true);
  });
});

describe('the build: .br and .gz beside every compressible file (server/build/precompress.mjs)', () => {
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    dirs.forEach((dir) => {
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });

  it('writes brotli at its highest quality and gzip at level 9, decompressing to the file, and leaves other files alone', async () => {
    const dir = tempDir('precompress-');
    const text = (n: number, word: string) =>
      Buffer.from(Array.from({ length: n }, (_, i) => `${word} ${i} ${word.repeat(i % 5)}\n`).join(''));
    const files: Record<string, Buffer> = {
      'index.html': text(200, '<p>page</p>'),
      'assets/index-abc.js': text(3000, 'const x = 1;'),
      'assets/index-abc.css': text(500, '.a{color:red}'),
      'favicon.svg': text(30, '<path d="M0 0"/>'),
      'manifest.json': text(50, '"key": "value",'),
      'assets/photo-1.png': Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), zlib.gzipSync(text(100, 'pixels'))]),
      'tiny.txt': Buffer.from('x'),
    };
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    fs.writeFileSync(path.join(dir, 'tiny.txt.br'), 'left over from an older build');

    const report = await precompressDir(dir);

    expect(report.map((r) => r.file).sort()).toEqual([
      'assets/index-abc.css',
      'assets/index-abc.js',
      'favicon.svg',
      'index.html',
      'manifest.json',
      'tiny.txt',
    ]);
    for (const name of ['index.html', 'assets/index-abc.js', 'assets/index-abc.css', 'favicon.svg', 'manifest.json']) {
      const content = files[name];
      const br = fs.readFileSync(path.join(dir, `${name}.br`));
      const gz = fs.readFileSync(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(content), name).toBe(true);
      expect(zlib.gunzipSync(gz).equals(content), name).toBe(true);
      // the highest settings: exactly what brotli 11 and gzip 9 make
      const brotli11 = zlib.brotliCompressSync(content, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      });
      expect(br.equals(brotli11), name).toBe(true);
      expect(gz.equals(zlib.gzipSync(content, { level: 9 })), name).toBe(true);
      expect(report.find((r) => r.file === name)).toEqual({ file: name, size: content.length, br: br.length, gz: gz.length });
    }
    // a png is compressed already; a one-byte file would only grow (and an older sibling goes)
    expect(COMPRESSIBLE.test('photo.png')).toBe(false);
    const left = fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => /\.(br|gz)$/.test(f));
    expect(left.filter((f) => f.includes('photo') || f.includes('tiny'))).toEqual([]);
  });

  it('runs at the end of a vite build, public files included, and is part of the app build (vite.config.ts)', async () => {
    const root = tempDir('precompress-vite-');
    fs.mkdirSync(path.join(root, 'public'));
    fs.writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><link rel="icon" href="/icon.svg"></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
    );
    fs.writeFileSync(
      path.join(root, 'main.js'),
      `const names = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `name number ${i}`))};\ndocument.getElementById('root').textContent = names.join(', ');\n`,
    );
    fs.writeFileSync(
      path.join(root, 'public/icon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<circle cx="8" cy="8" r="8"/>'.repeat(20)}</svg>`,
    );
    const outDir = path.join(root, 'dist');
    const { build } = await import('vite');
    await build({ root, configFile: false, logLevel: 'silent', plugins: [precompress()], build: { outDir, emptyOutDir: true } });

    const built = fs.readdirSync(outDir, { recursive: true }).map((f) => String(f).split(path.sep).join('/'));
    const script = built.find((f) => /^assets\/index-.*\.js$/.test(f));
    expect(script, built.join(' ')).toBeDefined();
    for (const name of [script!, 'index.html', 'icon.svg']) {
      const content = fs.readFileSync(path.join(outDir, name));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(outDir, `${name}.br`))).equals(content), name).toBe(true);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(outDir, `${name}.gz`))).equals(content), name).toBe(true);
    }

    const { default: appConfig } = await import('../../vite.config');
    const plugins = (appConfig as { plugins?: unknown[] }).plugins?.flat(Infinity) as { name?: string }[];
    expect(plugins.map((p) => p?.name)).toContain(precompress().name);
  });
});
