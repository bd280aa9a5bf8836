import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PRERENDERED_FILE, type PrerenderedPage, type PrerenderedPages } from '../build/prerender.mjs';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../build/route-preloads.mjs';
import { type FrameDevice, frameKey, screenOfPath } from '../../src/public/pagePaths';
import { firstRequestsScript } from '../../src/public/firstRequests';

/** One way of sending a page: its bytes, their Content-Encoding (none for the plain file) and ETag. */
export interface PageVariant {
  body: Buffer;
  encoding?: 'br' | 'gzip';
  etag: string;
}

/** The scripts `pathname` needs beyond the ones index.html names (the build's list, server/build/route-preloads.mjs). */
export function preloadsOf(preloads: RoutePreloads, pathname: string): string[] {
  const first = preloads.first ?? []; // an older build's list has none
  if (preloads.publicPaths.includes(pathname)) return [...first, ...(preloads.public ?? [])];
  const screen = screenOfPath(pathname);
  return [...first, ...preloads.admin, ...((screen && preloads.screens[screen.folder]?.[screen.kind]) ?? [])];
}

/** Brotli when the client takes it, else gzip, else none (a zero q-value refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const taken = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name.toLowerCase()),
  );
  if (taken.has('br')) return 'br';
  if (taken.has('gzip')) return 'gzip';
  return undefined;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** react-admin's localStorage keys: the store's prefix and the app's key (src/theme.ts's store). */
const STORE_PREFIX = 'RaStoretalent-backoffice.';
/** Whether the app shows the dark theme, `t` being the stored choice: that, else the system's. */
const SHOWS_DARK = "t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)";

/**
 * Runs as the parser reaches it, before the first paint: the prerendered screen is in the light theme,
 * so someone whose app shows the dark one (chosen in the app — react-admin's store — else the
 * system's) gets an empty page until the app renders, as before, rather than a flash of light.
 */
export const THEME_SCRIPT = `try{var t=JSON.parse(localStorage.getItem('${STORE_PREFIX}theme'));if(${SHOWS_DARK})document.getElementById('root').replaceChildren()}catch(e){}`;
/** THEME_SCRIPT's hash, for the Content-Security-Policy (server/http/security.ts): only inline scripts named by their hash run. */
export const THEME_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

/**
 * Runs as the parser reaches a signed-in screen's frame (src/adminFrame/prerender.tsx), before the
 * first paint: the frame goes when the app would not render what it shows — the dark theme (as
 * THEME_SCRIPT), a query in the address (other filters, another page: a list starts from its
 * address), a window the frame's layout is not for (a phone's below 600 px, react-admin's
 * small-screen layout; a wide one from 900 px), a sidebar the user closed. The page is then empty until
 * the app renders, as without a frame.
 */
export const FRAME_SCRIPT = `try{var p='${STORE_PREFIX}',r=document.getElementById('root'),d=r.getAttribute('data-frame'),g=function(k){return JSON.parse(localStorage.getItem(p+k))},t=g('theme');if(${SHOWS_DARK}||location.search||(d==='phone'?innerWidth>=600:innerWidth<900||g('sidebar.open')===false)){r.replaceChildren();document.querySelectorAll('style[data-emotion^="css-global "]').forEach(function(n){n.remove()})}}catch(e){}`;
export const FRAME_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(FRAME_SCRIPT).digest('base64')}'`;

/**
 * The frame a page gets: a phone's when its client hint or its user agent says it is one (an emulated
 * phone may say so in one only), a wide screen's otherwise. A wrong guess costs the frame (FRAME_SCRIPT).
 */
export function frameDeviceOf(headers: { 'sec-ch-ua-mobile'?: string | string[]; 'user-agent'?: string }): FrameDevice {
  const mobile = String(headers['sec-ch-ua-mobile'] ?? '') === '?1' || /Mobi|Android|iPhone|iPod/i.test(headers['user-agent'] ?? '');
  return mobile ? 'phone' : 'wide';
}

/** Who asks for a page, as far as its frame goes: a visitor without a live session gets none (the app sends them to /login). */
export interface PageVisitor {
  signedIn: boolean;
  device: FrameDevice;
}

/** An admin page's first calls, asked for by the page itself (src/public/firstRequests.ts), to the API the app calls. */
export const FIRST_REQUESTS_SCRIPT = firstRequestsScript(process.env.VITE_API_URL ?? '');
export const FIRST_REQUESTS_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(FIRST_REQUESTS_SCRIPT).digest('base64')}'`;

/**
 * index.html with `page` in its root element and its CSS in the head: a signed-out screen's in a
 * style the public app removes once it has rendered; a frame's (`device`) in emotion's server form
 * (`data-emotion="css <ids>"`), which the app's emotion cache takes as inserted and keeps.
 */
export function withPrerendered(html: string, page: PrerenderedPage, device?: FrameDevice): string {
  const safe = (css: string) => css.replace(/<\/style/gi, '<\\/style');
  const css = safe(page.css);
  // a frame's globals first (CssBaseline's html and body come before the components' rules), each where its <Global> looks for it
  const globals = (page.globals ?? []).map(({ id, css }) => `<style data-emotion="css-global ${escapeAttribute(id)}">${safe(css)}</style>`);
  const style =
    device && page.ids
      ? `${globals.join('')}<style data-emotion="css ${escapeAttribute(page.ids.join(' '))}">${css}</style>`
      : `<style data-prerendered>${css}</style>`;
  const root = device ? `<div id="root" data-frame="${device}">` : '<div id="root">';
  // a replacer function: `$` in the markup or CSS is not a replacement pattern
  return html
    .replace('</head>', () => `  ${style}\n  </head>`)
    .replace('<div id="root"></div>', () => `${root}${page.html}</div><script>${device ? FRAME_SCRIPT : THEME_SCRIPT}</script>`);
}

/**
 * index.html naming, as <link rel="modulepreload">, the scripts that each page needs beyond its own
 * (an admin page: the admin app and its screen's chunk), so that a phone asks for them all at once
 * rather than a round trip later; a signed-out page the build prerendered (server/build/prerender.mjs)
 * with its screen inside, a signed-in one the frame of its screen for the visitor's device when the build
 * made one (src/adminFrame/prerender.tsx). Made once per build, page and device, brotli and gzip included; null when the build
 * wrote neither (an older build, a test's app) or the page needs nothing more, and index.html goes
 * out as it is.
 */
export function pagePreloader(root: string) {
  let built:
    | { at: string; preloads: RoutePreloads | null; prerendered: PrerenderedPages; html: string; pages: Map<string, PageVariant[]> }
    | undefined;

  /** The build's files, read again when a rebuild changed them (the server serves a rebuild at once). */
  function current() {
    const listFile = path.join(root, ROUTE_PRELOADS_FILE);
    const pagesFile = path.join(root, PRERENDERED_FILE);
    const indexFile = path.join(root, 'index.html');
    const stamp = (file: string) => (fs.existsSync(file) ? `${fs.statSync(file).mtimeMs}` : '-');
    const at = `${stamp(listFile)} ${stamp(pagesFile)} ${stamp(indexFile)}`;
    if (built?.at !== at) {
      const read = <T>(file: string, otherwise: T) => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : otherwise);
      built = {
        at,
        preloads: read<RoutePreloads | null>(listFile, null),
        prerendered: read<PrerenderedPages>(pagesFile, {}),
        html: fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : '',
        pages: new Map(),
      };
    }
    return built;
  }

  /** Whether the build made a frame of `pathname` (a visitor's session is then worth checking). */
  const hasFrame = (pathname: string) => {
    const { prerendered } = current();
    return (['phone', 'wide'] as const).some((device) => Object.hasOwn(prerendered, frameKey(pathname, device)));
  };

  const variantFor = (pathname: string, acceptEncoding: string | undefined, visitor?: PageVisitor): PageVariant | null => {
    const { preloads, prerendered, html, pages } = current();
    if (!html.includes('</head>')) return null;
    const publicPage = Object.hasOwn(prerendered, pathname) ? prerendered[pathname] : undefined;
    const frame = !publicPage && visitor?.signedIn ? frameKey(pathname, visitor.device) : undefined;
    const page = publicPage ?? (frame && Object.hasOwn(prerendered, frame) ? prerendered[frame] : undefined);
    const device = page && !publicPage ? visitor?.device : undefined;
    const urls = preloads ? preloadsOf(preloads, pathname) : [];
    if (urls.length === 0 && !page) return null;
    const key = page
      ? device
        ? frameKey(pathname, device)
        : pathname
      : `${preloads?.publicPaths.includes(pathname) ? 'public' : 'admin'} ${urls.join(' ')}`;
    let variants = pages.get(key);
    if (!variants) {
      const links = urls.map((url) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(url)}">`);
      const head = [
        // a signed-out page asks for nothing on its own
        ...(preloads?.publicPaths.includes(pathname) ? [] : [`<script>${FIRST_REQUESTS_SCRIPT}</script>`]),
        // a frame paints first: its scripts are asked for once it has (src/boot.ts takes the links out
        // of the template), so that they do not share a phone's first round trips with the page
        ...(device && links.length ? [`<template data-after-paint>${links.join('')}</template>`] : links),
      ];
      const named = head.length ? html.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`) : html;
      const plain = Buffer.from(page ? withPrerendered(named, page, device) : named);
      const tag = crypto.createHash('sha1').update(plain).digest('base64url').slice(0, 20);
      variants = [
        { body: plain, etag: `"${tag}"` },
        { body: zlib.brotliCompressSync(plain), encoding: 'br', etag: `"${tag}-br"` },
        { body: zlib.gzipSync(plain, { level: 9 }), encoding: 'gzip', etag: `"${tag}-gz"` },
      ];
      pages.set(key, variants);
    }
    const encoding = pickEncoding(acceptEncoding);
    return variants.find((variant) => variant.encoding === encoding) ?? variants[0];
  };
  return Object.assign(variantFor, { hasFrame });
}

/** The session token in a page request's cookies (the app keeps it in `fs_token`), if any. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  const value = /(?:^|;\s*)fs_token=([^;\s]+)/.exec(cookieHeader ?? '')?.[1];
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
