// Third-party components that render again as they mount, patched at build time so that they do
// not: on a phone, every such render lands in the first screen's longest tasks.
//
// MUI's Tooltip and Autocomplete keep the element their ref receives in React state, so each of
// them, as it mounts, sets state from its ref callback — inside React's commit. React renders such
// an update at once, synchronously, and runs the effects of the whole screen before it: on the
// profiles screen (12 Tooltips, 3 Autocompletes) the first commit's task on a phone was twice as
// long as the commit itself. The element is needed only once the tooltip or the popup opens, which
// renders again anyway, so here it is kept in a ref; it still renders again when the element
// arrives while open (a tooltip opened by its props, a popup open as it mounts).
//
// react-admin's router takes its children again in an effect as it mounts and stores what it found
// as new state even when nothing changed (the same elements), rendering every route again: here it
// keeps the state it has when each list holds the same elements.
//
// Plain JavaScript (types in quiet-mount.d.mts) so that vite.config.ts imports it with its extension.

/**
 * `code` with `from` replaced by `to`, exactly once; a MUI version whose source moved fails the
 * build here instead of shipping the component unchanged or half changed.
 */
function replaceOnce(code, from, to, file) {
  const at = code.indexOf(from);
  if (at < 0 || code.indexOf(from, at + from.length) >= 0)
    throw new Error(`quiet-mount: ${file} no longer holds exactly one \`${from}\`; check the patch against this MUI version`);
  return code.slice(0, at) + to + code.slice(at + from.length);
}

/** A ref setter that renders again only when the element arrives while `openRef` says open. */
function refState(name, setter, openRef, initial) {
  return [
    `const ${name}Ref = React.useRef(${initial});`,
    `const [, ${name}Arrived] = React.useReducer((count) => count + 1, 0);`,
    `const ${openRef} = React.useRef(false);`,
    `const ${setter} = React.useCallback((node) => {`,
    `  if (${name}Ref.current === node) return;`,
    `  ${name}Ref.current = node;`,
    `  if (node && ${openRef}.current) ${name}Arrived();`,
    '}, []);',
  ].join('\n  ');
}

/** Every other read of `name` (a whole word) becomes a read of its ref. */
function readsOfRef(code, name) {
  return code.replace(new RegExp(`\\b${name}\\b(?!Ref|Arrived)`, 'g'), `${name}Ref.current`);
}

/** MUI's Tooltip.mjs with its child element in a ref. */
export function quietTooltip(code, file = 'Tooltip.mjs') {
  const declaration = 'const [childNode, setChildNode] = React.useState();';
  let patched = replaceOnce(code, declaration, '/*quiet-mount*/', file);
  patched = readsOfRef(patched, 'childNode');
  patched = replaceOnce(patched, '/*quiet-mount*/', refState('childNode', 'setChildNode', 'openAsChildArrives', 'undefined'), file);
  // `open` is final once an empty title has closed it
  const openDecided = '  if (!title && title !== 0) {\n    open = false;\n  }\n';
  return replaceOnce(patched, openDecided, `${openDecided}  openAsChildArrives.current = open;\n`, file);
}

/** MUI's useAutocomplete.mjs with its anchor element in a ref. */
export function quietAutocomplete(code, file = 'useAutocomplete.mjs') {
  const declaration = 'const [anchorEl, setAnchorEl] = React.useState(null);';
  let patched = replaceOnce(code, declaration, '/*quiet-mount*/', file);
  // the hook's answer names it as a shorthand property
  patched = replaceOnce(patched, '\n    anchorEl,\n', '\n    anchorEl: anchorEl,\n', file);
  patched = readsOfRef(patched, 'anchorEl');
  patched = replaceOnce(patched, 'anchorElRef.current: anchorElRef.current,', 'anchorEl: anchorElRef.current,', file);
  patched = replaceOnce(patched, '/*quiet-mount*/', refState('anchorEl', 'setAnchorEl', 'openAsAnchorArrives', 'null'), file);
  const popupOpen = 'const popupOpen = open && !readOnly;\n';
  return replaceOnce(patched, popupOpen, `${popupOpen}  openAsAnchorArrives.current = popupOpen;\n`, file);
}

/** react-admin's useConfigureAdminRouterFromChildren.js keeping its routes when its children gave the same ones. */
export function quietAdminRoutes(code, file = 'useConfigureAdminRouterFromChildren.js') {
  const sameRoutes = [
    'const sameElements = (a, b) => a.length === b.length && a.every((element, i) => element === b[i]);',
    'const sameRoutesAndResources = (a, b) =>',
    '    sameElements(a.resources, b.resources) &&',
    '    sameElements(a.customRoutesWithLayout, b.customRoutesWithLayout) &&',
    '    sameElements(a.customRoutesWithoutLayout, b.customRoutesWithoutLayout);',
    '',
  ].join('\n');
  const getter = 'const getRoutesAndResourceFromNodes = (children) => {';
  const patched = replaceOnce(code, getter, `${sameRoutes}${getter}`, file);
  return replaceOnce(
    patched,
    'setRoutesAndResources(newRoutesAndResources);',
    'setRoutesAndResources((previous) => (sameRoutesAndResources(previous, newRoutesAndResources) ? previous : newRoutesAndResources));',
    file,
  );
}

/** The modules patched, by the end of their path (the ES modules the browser build uses). */
export const QUIET_MODULES = {
  '/@mui/material/Tooltip/Tooltip.mjs': quietTooltip,
  '/@mui/material/useAutocomplete/useAutocomplete.mjs': quietAutocomplete,
  '/ra-core/dist/core/useConfigureAdminRouterFromChildren.js': quietAdminRoutes,
};

/** Vite plugin: applies the patches as the modules are loaded. */
export function quietMount() {
  return {
    name: 'quiet-mount',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0].replaceAll('\\', '/');
      for (const [end, patch] of Object.entries(QUIET_MODULES)) if (file.endsWith(end)) return { code: patch(code, file), map: null };
      return undefined;
    },
  };
}
