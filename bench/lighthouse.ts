import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

/**
 * Lighthouse (12.8, through npx: 13 needs Node 22; never a dependency of the app), mobile preset,
 * performance only, on the app started as `npm start` starts it (built first, then
 * `node server/cli/start.mjs` on a new DATA_DIR with the demo data, on a free port), in Debian's
 * Chromium. Screens: /login signed out, /profiles signed in as the demo staff account (its
 * password is read from the first start's output).
 *
 * Signing in: the app keeps its token in the `fs_token` cookie and reads it with JavaScript, so a
 * Cookie header added to requests (lighthouse --extra-headers) leaves the app signed out (it
 * redirects to /login). Each run therefore gets its own Chromium (new profile), the cookie is put
 * into its cookie jar over the DevTools protocol, and lighthouse drives that browser (--port);
 * lighthouse's storage reset leaves cookies alone.
 */

export const LIGHTHOUSE = 'lighthouse@12.8';
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const chromiumPath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

interface Screen {
  label: string;
  path: string;
  signedIn: boolean;
}
const SCREENS: Screen[] = [
  { label: '/login (signed out)', path: '/login', signedIn: false },
  { label: '/profiles (signed in, staff)', path: '/profiles', signedIn: true },
];

export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  siMs: number;
  scriptKB: number;
  totalKB: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
}

interface RunningApp {
  url: string;
  token: string;
  close(): Promise<void>;
}

/** `npm start` in `checkout` on a new DATA_DIR (demo data) and a free port; signs the demo staff account in. */
async function startApp(checkout: string): Promise<RunningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-data-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['server/cli/start.mjs'], {
    cwd: checkout,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', DEMO_DATA: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, stopped as a whole
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const close = async () => {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server in ${checkout} exited with ${child.exitCode}:\n${output.slice(-2000)}`);
      const status = await fetch(`${url}/api/v1/users/me`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 401) break;
      if (Date.now() - started > 180_000) throw new Error(`the server in ${checkout} did not answer within 180 s:\n${output.slice(-2000)}`);
      await sleep(100);
    }
    const account = output.match(/^\s+staff\s+(\S+@\S+)\s+(\S+)\s*$/m);
    if (!account) throw new Error(`no demo staff account in the first start's output:\n${output.slice(-2000)}`);
    const response = await fetch(`${url}/api/v1/auth/sign-in/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account[1], password: account[2] }),
    });
    if (!response.ok) throw new Error(`sign-in as ${account[1]} failed: ${response.status} ${await response.text()}`);
    const { token } = (await response.json()) as { token: string };
    return { url, token, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One lighthouse run in a Chromium of its own (new profile), with the session cookie when signed in. */
async function lighthouseRun(app: RunningApp, screen: Screen): Promise<LighthouseFigures> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-chromium-'));
  const report = path.join(profile, 'report.json');
  const port = await freePort();
  const browser = spawn(chromiumPath, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (
      let tries = 0;
      !(await fetch(`http://127.0.0.1:${port}/json/version`).then(
        (r) => r.ok,
        () => false,
      ));
      tries++
    ) {
      if (browser.exitCode !== null || tries > 300) throw new Error(`${chromiumPath} did not open its DevTools port`);
      await sleep(100);
    }
    if (screen.signedIn) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      await cdp.contexts()[0].addCookies([{ name: 'fs_token', value: app.token, url: app.url, sameSite: 'Lax' }]);
      await cdp.close(); // disconnects; the browser and its cookie stay
    }
    const args = [
      '--yes',
      LIGHTHOUSE,
      `${app.url}${screen.path}`,
      `--port=${port}`,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
    ];
    const run = spawnSync('npx', args, { encoding: 'utf8', env: { ...process.env, CHROME_PATH: chromiumPath }, timeout: 300_000 });
    if (run.status !== 0) throw new Error(`npx ${args.join(' ')} failed (${run.status ?? run.signal}):\n${run.stderr}`);
    // LIGHTHOUSE_REPORTS=dir keeps each run's full report (which element was the LCP, the main thread's work…)
    if (process.env.LIGHTHOUSE_REPORTS) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      fs.copyFileSync(report, path.join(process.env.LIGHTHOUSE_REPORTS, `${screen.path.slice(1)}-${Date.now()}.json`));
    }
    const lhr = JSON.parse(fs.readFileSync(report, 'utf8'));
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== screen.path) throw new Error(`lighthouse measured ${landed} instead of ${screen.path} (not signed in?)`);
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id].numericValue as number;
    const requests = lhr.audits['network-requests'].details.items as { resourceType?: string; transferSize?: number }[];
    const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      siMs: audit('speed-index'),
      scriptKB: scriptBytes / 1024,
      totalKB: audit('total-byte-weight') / 1024,
    };
  } finally {
    await stop(browser);
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): up to three tries. */
async function lighthouseRunWithRetries(app: RunningApp, screen: Screen): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(app, screen);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(
        `lighthouse on ${screen.path} failed, trying again: ${(error as Error).message
          .split('\n')
          .filter((l) => !l.startsWith('npm warn'))
          .join(' ')
          .slice(0, 400)}`,
      );
    }
  }
}

/**
 * The scripts the page names (its module script and modulepreload links, what the browser asks for
 * before any script runs), as brotli bytes on the wire: what a phone downloads before the screen
 * can show, whatever the page later loads on its own.
 */
async function namedScriptBytes(app: RunningApp, pagePath: string): Promise<number> {
  const get = (url: string) => fetch(`${app.url}${url}`, { headers: { 'accept-encoding': 'br' } });
  const html = await (await get(pagePath)).text();
  const urls = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);
  let bytes = 0;
  for (const url of new Set(urls)) {
    const response = await get(url);
    // fetch decodes the body: the header says what went over the wire
    bytes += Number(response.headers.get('content-length') ?? (await response.arrayBuffer()).byteLength);
    await response.body?.cancel();
  }
  return bytes;
}

function build(checkout: string): void {
  const { status } = spawnSync(process.execPath, ['server/cli/start.mjs', '--build-only'], { cwd: checkout, stdio: 'inherit' });
  if (status !== 0) throw new Error(`npm run build failed in ${checkout}`);
}

export interface LighthouseOptions {
  /** runs per screen and checkout (the median is reported) */
  runs?: number;
  /** another checkout (with its node_modules) measured run for run beside this one */
  against?: string;
  /** only these screens' paths (e.g. ['/profiles']); all when empty */
  paths?: string[];
}

/**
 * Every screen `runs` times, the checkouts taking turns (both servers stay up meanwhile); the
 * median run (by score, then LCP) of each screen and checkout is reported, with every run's score.
 */
export async function benchLighthouse({
  runs = 5,
  against,
  paths = [],
}: LighthouseOptions = {}): Promise<Record<string, string | number>[]> {
  const screens = SCREENS.filter((screen) => paths.length === 0 || paths.includes(screen.path));
  const checkouts = [process.cwd(), ...(against ? [path.resolve(against)] : [])];
  checkouts.forEach(build);
  const apps = new Map<string, RunningApp>();
  try {
    for (const checkout of checkouts) apps.set(checkout, await startApp(checkout));
    const named = new Map<string, number>();
    for (const screen of screens) {
      for (const checkout of checkouts) named.set(`${screen.path} ${checkout}`, await namedScriptBytes(apps.get(checkout)!, screen.path));
    }
    const figures = new Map<string, LighthouseFigures[]>();
    for (let run = 0; run < runs; run++) {
      for (const screen of screens) {
        for (const checkout of checkouts) {
          const key = `${screen.path} ${checkout}`;
          figures.set(key, [...(figures.get(key) ?? []), await lighthouseRunWithRetries(apps.get(checkout)!, screen)]);
        }
      }
    }
    return screens.flatMap((screen) =>
      checkouts.map((checkout) => {
        const all = figures.get(`${screen.path} ${checkout}`)!;
        const median = [...all].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs)[Math.floor(all.length / 2)];
        return {
          screen: screen.label,
          ...(against ? { checkout: checkout === process.cwd() ? 'this one' : checkout } : {}),
          [`score (median of ${runs})`]: median.score,
          'FCP s': (median.fcpMs / 1000).toFixed(1),
          'LCP s': (median.lcpMs / 1000).toFixed(1),
          'TBT ms': Math.round(median.tbtMs),
          'Speed Index s': (median.siMs / 1000).toFixed(1),
          'script KB': Math.round(median.scriptKB),
          'named script KB (brotli)': Math.round(named.get(`${screen.path} ${checkout}`)! / 1024),
          'total KB': Math.round(median.totalKB),
          scores: all.map((f) => f.score).join(' / '),
        };
      }),
    );
  } finally {
    for (const app of apps.values()) await app.close();
  }
}
