// A signed-in screen's frame (src/adminFrame/prerender.tsx, sent in its page by
// server/http/page-preloads.ts): the check that drops it when the app would render something else,
// the media queries the build answers for a device, and the page's own early call writing the
// count into it.
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAME_SCRIPT } from '../../server/http/page-preloads';
import { widthMatches } from '../../src/adminFrame/mediaQueries';
import { firstRequestsScript } from '../../src/public/firstRequests';
import { installFakeFetch } from './support/fakeFetch';

const STORE = 'RaStoretalent-backoffice.';

// biome-ignore lint/security/noGlobalEval: the page's inline scripts, run in the global scope as the page runs them
const runGlobally = (script: string) => window.eval(script);

function framePage(
  device: 'phone' | 'wide',
  { width, dark = false, path = '/profiles' }: { width: number; dark?: boolean; path?: string },
) {
  window.history.replaceState(null, '', path);
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  window.matchMedia = ((query: string) => ({ matches: dark && query.includes('dark'), media: query })) as typeof window.matchMedia;
  document.body.innerHTML = `<div id="root" data-frame="${device}"><main><h1>Profiles</h1></main></div>`;
  runGlobally(FRAME_SCRIPT);
  return document.getElementById('root')!.children.length === 1;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
  Cookies.remove('fs_token', { path: '/' });
});

describe('the frame check', () => {
  it('keeps the frame where the app renders what it shows', () => {
    expect(framePage('phone', { width: 412 })).toBe(true);
    expect(framePage('wide', { width: 1280 })).toBe(true);
    localStorage.setItem(`${STORE}theme`, '"light"');
    expect(framePage('phone', { width: 412, dark: true })).toBe(true); // chosen light over the system's dark
  });

  it("drops the global styles with the frame (the app's theme then brings its own), keeps them with it", () => {
    const globalStyles = () => document.head.querySelectorAll('style[data-emotion^="css-global "]').length;
    document.head.innerHTML =
      '<style data-emotion="css-global g1">html{color-scheme:light}</style><style data-emotion="css a1">.css-a1{}</style>';
    expect(framePage('phone', { width: 412 })).toBe(true);
    expect(globalStyles()).toBe(1);
    expect(framePage('phone', { width: 412, dark: true })).toBe(false);
    expect(globalStyles()).toBe(0);
    expect(document.head.querySelectorAll('style[data-emotion="css a1"]')).toHaveLength(1);
    document.head.innerHTML = '';
  });

  it('drops it for the dark theme, chosen or the system’s', () => {
    expect(framePage('phone', { width: 412, dark: true })).toBe(false);
    localStorage.setItem(`${STORE}theme`, '"dark"');
    expect(framePage('phone', { width: 412 })).toBe(false);
  });

  it('drops it for a query in the address, and only then (a list starts from its address, whatever it showed last)', () => {
    expect(framePage('phone', { width: 412, path: '/profiles?filter=%7B%7D' })).toBe(false);
    localStorage.setItem(`${STORE}profiles.addressList`, '{"page":2}');
    expect(framePage('phone', { width: 412 })).toBe(true);
  });

  it('drops it in a window its layout is not for, and the wide one when the sidebar was closed', () => {
    expect(framePage('phone', { width: 600 })).toBe(false);
    expect(framePage('wide', { width: 899 })).toBe(false);
    expect(framePage('wide', { width: 900 })).toBe(true);
    localStorage.setItem(`${STORE}sidebar.open`, 'false');
    expect(framePage('wide', { width: 1280 })).toBe(false);
    expect(framePage('phone', { width: 412 })).toBe(true); // a phone's sidebar is a closed drawer anyway
  });
});

describe("a device's media queries, as MUI asks them", () => {
  it('answers width queries at the width, nothing else', () => {
    expect(widthMatches('@media (max-width:599.95px)', 412)).toBe(true);
    expect(widthMatches('@media (max-width:599.95px)', 1280)).toBe(false);
    expect(widthMatches('(min-width:600px)', 1280)).toBe(true);
    expect(widthMatches('@media (min-width:600px) and (max-width:899.95px)', 700)).toBe(true);
    expect(widthMatches('@media (min-width:600px) and (max-width:899.95px)', 412)).toBe(false);
    expect(widthMatches('(prefers-color-scheme: dark)', 412)).toBe(false);
  });
});

describe("the page's early call and the frame's count", () => {
  const runFirstRequests = () => runGlobally(firstRequestsScript(''));
  const countLine = () => document.querySelector('#root p')!;

  it('writes the first page’s count into the frame, in a new element, as soon as it is in', async () => {
    installFakeFetch({ 'GET /api/v1/profiles': { body: { count: 1234, results: [] } } });
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    window.history.replaceState(null, '', '/profiles');
    document.body.innerHTML = '<div id="root"><p aria-busy="true" data-pending-count="">There are … profiles</p></div>';
    const before = countLine();
    runFirstRequests();
    await expect.poll(() => countLine().textContent).toBe('There are 1234 profiles');
    expect(countLine()).not.toBe(before);
    // the app's httpClient still reads the answer itself
    const early = (window as { __firstRequests?: { at: Record<string, Promise<Response>> } }).__firstRequests!.at[
      '/api/v1/profiles?page=1&page_size=10'
    ];
    expect(await (await early).json()).toEqual({ count: 1234, results: [] });
  });

  it('leaves a count of 1 (a subtitle may say it in the singular) and a failed answer to the app', async () => {
    for (const answer of [{ body: { count: 1, results: [] } }, { status: 401, body: { errors: ['Invalid token.'] } }]) {
      installFakeFetch({ 'GET /api/v1/profiles': answer });
      Cookies.set('fs_token', 'tok-1', { path: '/' });
      window.history.replaceState(null, '', '/profiles');
      document.body.innerHTML = '<div id="root"><p data-pending-count="">There are … profiles</p></div>';
      const looked = vi.spyOn(document, 'querySelector');
      runFirstRequests();
      // the answer was read: the script looked for the count's place (and decided in the same step)
      await expect.poll(() => looked.mock.calls.some(([selector]) => selector === '[data-pending-count]')).toBe(true);
      looked.mockRestore();
      expect(countLine().textContent).toBe('There are … profiles');
    }
  });
});
