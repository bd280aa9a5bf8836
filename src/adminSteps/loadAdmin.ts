// The admin app's modules evaluated in steps, a task each, not in one: its module graph (~930 KB:
// react-router, react-query, react-admin, MUI, ours) is one task of ~300 ms on a phone's CPU, after
// the page's frame has painted, so all of it counted as blocking time. Each step imports a part of
// what the next one needs (the browser evaluates a module once); what a step names decides only
// where the work falls, never what runs or in which order within a package.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function loadAdmin() {
  await import('./routing');
  await nextTask();
  await import('./core');
  await nextTask();
  await import('./context');
  await nextTask();
  await import('./materialUi');
  await nextTask();
  await import('./ui');
  await nextTask();
  return import('../App');
}
