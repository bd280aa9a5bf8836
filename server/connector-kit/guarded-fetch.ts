// `fetch` for the other addresses a user types — a People Data Labs or LLM base URL in a platform
// connection: like a feed's (address-guard.ts), they may not make the server reach its own
// network unless the operator allows it (ALLOW_PRIVATE_FEEDS). The address is checked where the
// connection is made: an IP literal before connecting, a host name in the connection's lookup.
// Redirects are never followed (a redirect could point anywhere, and would carry the API key).
import dns from 'node:dns/promises';
import net from 'node:net';
import type { Agent } from 'undici';
import { anyAddress, guardedLookup, hostOf, publicOnly, refusal, type Destination } from './address-guard';
import { ConnectorError } from './connector-error';

export function guardedFetch(allowPrivateNetworks: boolean, destination: Destination): typeof fetch {
  const allow = allowPrivateNetworks ? anyAddress : publicOnly;
  // undici loads on the first request, not with the server (it weighs on every start)
  let client: Promise<{ agent: Agent; fetch: typeof import('undici')['fetch'] }> | undefined;
  const connect = () =>
    (client ??= loadUndici().then(({ Agent, fetch }) => ({
      agent: new Agent({ connect: { lookup: guardedLookup(allow, destination) } }),
      fetch,
    })));
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const host = hostOf(url);
    if (net.isIP(host) && !allow(host)) throw refusal(host, host, destination);
    const { agent, fetch } = await connect();
    try {
      return await fetch(input as never, { ...(init as object), redirect: 'manual', dispatcher: agent } as never);
    } catch (error) {
      // undici wraps the lookup's refusal: give it back as it is
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof ConnectorError) throw cause;
      throw error;
    }
  }) as unknown as typeof fetch;
}

type Undici = typeof import('undici');
/**
 * undici's exports. From the sources the namespace has them by name; in the server bundle (esbuild,
 * undici being CommonJS) the chunk's namespace has only `default` — the `module.exports` object.
 */
async function loadUndici(): Promise<Pick<Undici, 'Agent' | 'fetch'>> {
  const namespace = (await import('undici')) as Undici & { default?: Undici };
  return typeof namespace.Agent === 'function' ? namespace : (namespace.default as Undici);
}

/**
 * Refuses, before a retrieval starts, a base URL whose host is (or resolves to) an address the
 * operator does not allow: the retrieval then fails saying so, rather than after retries. A host
 * that does not resolve is left to the request (which reports it).
 */
export async function checkDestination(baseUrl: string, allowPrivateNetworks: boolean, destination: Destination): Promise<void> {
  if (allowPrivateNetworks) return;
  const host = hostOf(new URL(baseUrl));
  const addresses = net.isIP(host)
    ? [host]
    : await dns.lookup(host, { all: true }).then(
        (all) => all.map((a) => a.address),
        () => [],
      );
  const refused = addresses.find((address) => !publicOnly(address));
  if (refused) throw refusal(host, refused, destination);
}
