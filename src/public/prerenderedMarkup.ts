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

/**
 * emotionStyles with the rules of `<Global>` components (CssBaseline's html and body) apart: a page
 * gives each its own style in emotion's server form for globals, which the component then takes
 * over as it mounts instead of writing its rules again in the first commit. A class's rules name
 * its class; a global's do not.
 */
export function emotionStylesWithGlobals(cache: EmotionCache): { css: string; ids: string[]; globals: { id: string; css: string }[] } {
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  // (a class with no rules, css-0 among them, has an empty string: it stays with the classes)
  const isGlobal = ([id, css]: [string, string]) => css !== '' && !id.startsWith('animation-') && !css.includes(`.${cache.key}-${id}`);
  const scoped = rules.filter((rule) => !isGlobal(rule));
  return {
    css: scoped.map(([, css]) => css).join(''),
    ids: scoped.map(([id]) => id),
    globals: rules.filter(isGlobal).map(([id, css]) => ({ id, css })),
  };
}
