// The first module (src/main.tsx): evaluating it is React's evaluation, a long task of a phone's
// CPU already, so opening the app waits for the next task, and asking for the screen's chunks for
// one after that — only when the page did not name them (an early import evaluates them early).
import { afterEach, describe, expect, it, vi } from 'vitest';

const opened = vi.hoisted(() => ({ steps: [] as string[] }));

vi.mock('../../src/adminSteps/loadAdmin', () => ({
  loadAdmin: () => {
    opened.steps.push('admin loading');
    return new Promise(() => undefined);
  },
}));
vi.mock('../../src/public/routeScreens', async (original) => ({
  ...(await original<typeof import('../../src/public/routeScreens')>()),
  preloadRouteScreen: (pathname: string) => opened.steps.push(`screen chunks of ${pathname}`),
}));

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  opened.steps = [];
  document.head.innerHTML = '';
});

describe('the first module', () => {
  it('opens the admin app in the next task and asks for the screen in the one after', async () => {
    window.history.replaceState(null, '', '/profiles');
    document.body.innerHTML = '<div id="root"></div>';
    vi.useFakeTimers();
    await import('../../src/main');
    expect(opened.steps).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(opened.steps).toEqual(['admin loading']);
    vi.advanceTimersToNextTimer();
    expect(opened.steps).toEqual(['admin loading', 'screen chunks of /profiles']);
  });

  it('leaves the screen to the app when the page named its scripts (it would evaluate them early)', async () => {
    window.history.replaceState(null, '', '/profiles');
    document.head.innerHTML = '<template data-after-paint><link rel="modulepreload" href="/assets/ProfileList.js"></template>';
    document.body.innerHTML = '<div id="root"></div>';
    vi.useFakeTimers();
    await import('../../src/main');
    vi.runOnlyPendingTimers();
    vi.runOnlyPendingTimers();
    expect(opened.steps).toEqual(['admin loading']);
  });
});
