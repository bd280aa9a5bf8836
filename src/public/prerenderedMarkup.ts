// What the build's prerendered pages share (src/public/prerender.tsx, src/adminFrame/prerender.tsx).
import type { EmotionCache } from '@emotion/cache';

/**
 * Fields and buttons disabled until the app renders over the markup: nothing typed into the page's
 * own fields is lost (a browser test's fill waits for them too); MUI's classes, not the browser's,
 * style them, so they look the same.
 */
export const disabledUntilTheApp = (html: string) => html.replace(/<(input|button) /g, '<$1 disabled="" ');

/** The CSS of the styles a render used (a compat cache records them), and their emotion ids. */
export function emotionStyles(cache: EmotionCache): { css: string; ids: string[] } {
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return { css: rules.map(([, css]) => css).join(''), ids: rules.map(([id]) => id) };
}
