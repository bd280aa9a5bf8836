// A fake `fetch` for provider and screen tests: answers by "METHOD path" and records
// every call (url, method, headers as a Headers, so case-insensitive; parsed body).
import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

type Responder = FakeResponse | ((call: RecordedCall) => FakeResponse | Promise<FakeResponse>);

export function installFakeFetch(routes: Record<string, Responder> = {}) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const call: RecordedCall = {
      url,
      method,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname;
    const responder = routes[`${method} ${path}`];
    if (!responder) return new Response(JSON.stringify({ errors: [`No fake for ${method} ${path}`] }), { status: 404 });
    const { status = 200, body } = typeof responder === 'function' ? await responder(call) : responder;
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, routes };
}
