// The page's first script (src/boot.ts): the scripts a framed page names after its paint are asked
// for in batches, a task each and in their order, so that no task of a phone's main thread is long.
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/main', () => ({}));

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('boot', () => {
  it('asks for the links of the page in batches of five, one task each, in their order', async () => {
    const hrefs = Array.from({ length: 20 }, (_, i) => `/assets/chunk-${i}.js`);
    document.head.innerHTML = `<template data-after-paint>${hrefs.map((href) => `<link rel="modulepreload" href="${href}">`).join('')}</template>`;
    vi.useFakeTimers();
    await import('../../src/boot');
    const asked = () => [...document.head.querySelectorAll(':scope > link')].map((link) => link.getAttribute('href'));
    expect(asked()).toEqual(hrefs.slice(0, 5));
    for (const asOf of [10, 15, 20]) {
      vi.advanceTimersToNextTimer();
      expect(asked()).toEqual(hrefs.slice(0, asOf));
    }
  });
});
