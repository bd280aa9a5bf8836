// The page's first script, and a tiny one: when the server sent a screen inside the page (a
// prerendered signed-out form, an admin page's frame: server/http/page-preloads.ts), the browser
// paints it before the app's scripts are evaluated — tens of milliseconds of a phone's CPU that
// would otherwise come first. The scripts themselves are already on their way (the page names
// them), except a frame's: those are named in a template, asked for here once the frame has painted.
// A link asked for costs the main thread about a millisecond (a phone's: four), and an admin page
// names ~50: they go in batches of five, a task each, the first module's first, so that none of these tasks
// is a long one.
const BATCH = 5;

function askFor(links: Element[]) {
  document.head.append(...links.slice(0, BATCH));
  if (links.length > BATCH) setTimeout(() => askFor(links.slice(BATCH)));
}

const start = () => {
  const afterPaint = document.querySelector<HTMLTemplateElement>('template[data-after-paint]');
  if (afterPaint) askFor([...afterPaint.content.children]);
  return import('./main');
};

if (document.getElementById('root')?.firstElementChild) requestAnimationFrame(() => setTimeout(start));
else start();

export {};
