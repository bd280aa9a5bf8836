// The People Data Labs connector alone, against the local fake of PDL's API
// (tests/support/fake-pdl.ts): the key never in its log nor its errors, a request that never
// answers given up, a long rate limit left to the queue, a wait ended by a stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdlOptions } from '../../server/connectors/pdl/client';
import { peopleDataLabs } from '../../server/connectors/people-data-labs';
import { ConnectorError } from '../../server/connector-kit/connector-error';
import type { FetchContext, SourceItem } from '../../server/connectors/types';
import { KEY, pdlError, population, startFakePdl, type FakePdl } from '../support/fake-pdl';
import { recordPdlWaits } from '../support/pdl-waits';

let pdl: FakePdl;
const { waits, saved } = recordPdlWaits(() => pdl);
beforeAll(async () => {
  pdl = await startFakePdl();
});
afterAll(async () => {
  await pdl?.close();
});

describe('the connector alone', () => {
  const lines: string[] = [];
  const log = Object.fromEntries(
    ['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => [level, (...args: unknown[]) => lines.push(JSON.stringify(args))]),
  ) as unknown as FetchContext['log'];
  const context = (
    additionalData: Record<string, string | string[]>,
    signal = new AbortController().signal,
    apiKey = KEY,
  ): FetchContext => ({
    dataSourceId: 1,
    additionalData,
    run: 0,
    skip: 0,
    signal,
    log,
    allowPrivateNetworks: true, // the fake listens on the loopback
    connection: async (id, category) => {
      expect([id, category]).toEqual(['7', 'people_data_labs']);
      return { api_key: apiKey, base_url: pdl.baseUrl };
    },
    announceTotal: () => {},
  });
  const drain = async (items: AsyncIterable<SourceItem>) => {
    const out: SourceItem[] = [];
    for await (const item of items) out.push(item);
    return out;
  };

  it('never writes the key in its log nor its errors', async () => {
    const query = population(pdl, 'quiet', 2);
    pdl.forced.push({ status: 500, body: pdlError(500, 'api_error', `internal error for key ${KEY}`) });
    expect(await drain(peopleDataLabs.fetch(context({ query, connection: '7' })))).toHaveLength(2);
    const wrongKey = 'another-secret-key-987';
    const failure = await drain(peopleDataLabs.fetch(context({ query, connection: '7' }, undefined, wrongKey))).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(KEY);
    expect(lines.join('\n')).toContain('internal error for key ***');
    expect(String((failure as Error).message)).not.toContain(wrongKey);
  });

  it('a request that never answers is given up after the time limit, tries and waits: a transient error saying so', async () => {
    pdlOptions.timeoutMs = 50;
    pdl.forced.push('hang', 'hang', 'hang');
    const failure = await drain(peopleDataLabs.fetch(context({ query: population(pdl, 'hanging', 1), connection: '7' }))).catch(
      (e: Error) => e,
    );
    expect(failure).toBeInstanceOf(ConnectorError);
    expect((failure as ConnectorError).options).toEqual({ transient: true, type: 'PdlUnavailable' });
    expect((failure as Error).message).toBe('People Data Labs did not answer within 0.05 s at /v5/person/search (tried 3 times).');
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('a rate limit asking for longer than 30 s is not waited for here: transient at once, for the queue to retry later', async () => {
    pdl.forced.push({ status: 429, headers: { 'retry-after': '3600' } });
    const failure = await drain(peopleDataLabs.fetch(context({ query: population(pdl, 'patient', 1), connection: '7' }))).catch(
      (e: Error) => e,
    );
    expect(failure).toBeInstanceOf(ConnectorError);
    expect((failure as ConnectorError).options.transient).toBe(true);
    expect((failure as Error).message).toBe(
      'People Data Labs answered 429 (forced 429), asking to wait 3600 s at /v5/person/search (tried once).',
    );
    expect(waits).toEqual([]);
  });

  it('a wait between attempts ends when the retrieval is stopped', async () => {
    pdlOptions.maxWaitMs = 10 * 60_000;
    pdlOptions.backoffMs = () => 5 * 60_000;
    const abort = new AbortController();
    pdlOptions.sleep = (ms, signal) => {
      waits.push(ms);
      abort.abort(new Error('stopped'));
      return saved.sleep(ms, signal);
    };
    pdl.forced.push({ status: 503 });
    const failure = await drain(
      peopleDataLabs.fetch(context({ query: population(pdl, 'stopped', 1), connection: '7' }, abort.signal)),
    ).catch((e: Error) => e);
    expect(failure).toEqual(new Error('stopped'));
    expect(waits).toEqual([5 * 60_000]);
  });
});
