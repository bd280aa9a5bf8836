// The answers an admin page asked for before the app ran (src/public/firstRequests.ts: an inline
// script in the page, made by the server), left in `window.__firstRequests`; the httpClient takes
// each once, for its URL and the token it was asked with.

/** What the page's script leaves for the app. */
interface FirstRequests {
  token: string;
  at: Record<string, Promise<Response>>;
}

/** The page's answer to `url` for `token`, once (a later call to it fetches again); undefined when there is none. */
export function takeFirstRequest(url: string, token: string | undefined): Promise<Response> | undefined {
  const first = (window as { __firstRequests?: FirstRequests }).__firstRequests;
  if (!first || token === undefined || first.token !== token || !Object.hasOwn(first.at, url)) return undefined;
  const response = first.at[url];
  delete first.at[url];
  return response;
}

/** Whether the page asked for its first calls (for the token it was opened with): the app then waits for them before its first render (src/firstScreen.ts). */
export function hasFirstRequests(): boolean {
  return (window as { __firstRequests?: FirstRequests }).__firstRequests !== undefined;
}
