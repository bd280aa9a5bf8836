// The session token lives in one cookie (SPEC §4 Session, §9): name fs_token,
// path /, SameSite Lax, Secure. Every module that reads or clears it goes through here:
// the httpClient (Token header, 401) and the authProvider (login, logout), which
// re-exports it. It lives down here so that the dataProvider never imports the authProvider.
import Cookies from 'js-cookie';

export const TOKEN_COOKIE = 'fs_token';

export const TOKEN_COOKIE_ATTRIBUTES: Cookies.CookieAttributes = {
  path: '/',
  sameSite: 'Lax',
  secure: true,
};

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, TOKEN_COOKIE_ATTRIBUTES);
  if (getToken() === undefined) {
    // Browsers refuse a Secure cookie on a plain-http origin other than localhost
    // (e.g. the app served from a LAN address). Without this fallback nobody could
    // sign in there; on https and localhost the Secure cookie above is what sticks.
    Cookies.set(TOKEN_COOKIE, token, { ...TOKEN_COOKIE_ATTRIBUTES, secure: false });
  }
}

export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: TOKEN_COOKIE_ATTRIBUTES.path });
}
