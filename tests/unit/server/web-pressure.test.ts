// Retrievals give way while web requests are answered: the rest's length, its end on a cancel,
// and no rest when nobody is asking. Fake clocks: nothing here waits on real time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { publishWebPressure, WebPressure } from '../../../server/queue/web-pressure';

describe('web pressure', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('does not rest when no request came', async () => {
    const pressure = new WebPressure();
    expect(pressure.busy).toBe(false);
    const done = settled(pressure.giveWay(100));
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('rests three times the last batch while requests come in, at most two seconds; busy ends a quarter second after the last request', async () => {
    const pressure = new WebPressure();
    pressure.note();
    expect(pressure.busy).toBe(true);
    const done = settled(pressure.giveWay(100));
    await vi.advanceTimersByTimeAsync(299);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);

    pressure.note();
    const long = settled(pressure.giveWay(5_000));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(long()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(long()).toBe(true);
    expect(pressure.busy).toBe(false); // 2 s after the last request
    pressure.note();
    await vi.advanceTimersByTimeAsync(249);
    expect(pressure.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(pressure.busy).toBe(false);
  });

  it('a cancelled retrieval stops resting at once', async () => {
    const pressure = new WebPressure();
    pressure.note();
    const abort = new AbortController();
    const done = settled(pressure.giveWay(500, abort.signal));
    await vi.advanceTimersByTimeAsync(10);
    expect(done()).toBe(false);
    abort.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('every request the server answers notes the pressure', async () => {
    const app = Fastify();
    const pressure = new WebPressure();
    publishWebPressure(app, pressure, null);
    app.get('/x', async () => ({ ok: true }));
    expect(pressure.busy).toBe(false);
    await app.inject({ url: '/x' });
    expect(pressure.busy).toBe(true);
    await app.close();
  });
});
