// The calls an admin page's first screen makes before anything is clicked, asked for by the page
// itself — an inline script the server puts in its HTML (server/http/page-preloads.ts), run as the
// parser reaches it — so that their answers travel beside the scripts instead of a round trip after
// each of them (on a phone: who am I, then the screen's options, then its first page). The app's
// httpClient takes each answer once, for the same URL and token (dataProvider/firstRequests.ts,
// which also describes what the script leaves in `window.__firstRequests`); anything else is
// fetched as always.

/** Who is signed in: every admin page asks first (authProvider). */
const ME = '/api/v1/users/me';

/**
 * A screen's first calls beyond ME, exactly as the app makes them at its address without a query (a
 * list starts from its address, whatever it showed last time: src/admin-kit/list/AddressSync.tsx).
 */
export const FIRST_REQUESTS: Record<string, { urls: string[]; counted?: string }> = {
  '/profiles': {
    urls: ['/api/v1/profiles/dimensions/', '/api/v1/profiles?page=1&page_size=10'],
    counted: '/api/v1/profiles?page=1&page_size=10',
  },
};

/**
 * `counted`: the list page whose `count` the page's frame shows as soon as it is in (the frame's
 * "There are … profiles", marked `data-pending-count` by <SpecList>: src/adminFrame/prerender.tsx),
 * before the app renders the same words over it — written as the app writes the number, in a new
 * element (a browser counts an element's paint once: the words' own size, not the dots', is then the
 * page's largest paint); left to the app when the count is 1 (a subtitle may say it in the singular).
 */
const COUNT_INTO_FRAME =
  "function(r){return r.clone().json()}).then(function(b){var e=document.querySelector('[data-pending-count]');if(e&&typeof b.count==='number'&&b.count!==1){var n=e.cloneNode(!0);n.textContent=e.textContent.replace('\\u2026',String(b.count));e.replaceWith(n)}}";


/**
 * The inline script (ES5: it runs before any module, on any browser the app supports): nothing
 * without the session cookie, nothing on a path with a query (the screen then asks for something
 * else). `apiUrl` prefixes every call, as the app's API_URL does.
 */
export function firstRequestsScript(apiUrl: string): string {
  return `try{var m=document.cookie.match(/(?:^|; )fs_token=([^;]*)/),s=${JSON.stringify(FIRST_REQUESTS)}[location.pathname],u=[${JSON.stringify(ME)}];if(m&&!location.search){if(s)u=u.concat(s.urls);var f={token:decodeURIComponent(m[1]),at:{}};u.forEach(function(p){var x=${JSON.stringify(apiUrl)}+p;f.at[x]=fetch(x,{headers:{Accept:"application/json",Authorization:"Token "+f.token}});(s&&p===s.counted?f.at[x].then(${COUNT_INTO_FRAME}):f.at[x]).catch(function(){})});window.__firstRequests=f}}catch(e){}`;
}
