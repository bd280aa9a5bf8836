// The page's first script, and a tiny one: when the server sent a screen inside the page (a
// prerendered signed-out form, an admin page's frame: server/http/page-preloads.ts), the browser
// paints it before the app's scripts are evaluated — tens of milliseconds of a phone's CPU that
// would otherwise come first. The scripts themselves are already on their way (the page names
// them), except a frame's: those are named in a template, asked for here once the frame has painted.
const start = () => {
  const afterPaint = document.querySelector<HTMLTemplateElement>('template[data-after-paint]');
  if (afterPaint) document.head.append(afterPaint.content);
  return import('./main');
};

if (document.getElementById('root')?.firstElementChild) requestAnimationFrame(() => setTimeout(start));
else start();
