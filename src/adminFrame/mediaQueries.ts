// The media queries MUI's useMediaQuery asks while the build renders a frame (no window there): the
// breakpoint widths of a device, so react-admin picks the same layout (the phone's closed drawer,
// the wide screen's sidebar) as it will in that device's browser.

/** Whether `query` ('@media (min-width:600px) and (max-width:899.95px)', MUI's form) holds at `width` px. */
export function widthMatches(query: string, width: number): boolean {
  const parts = query
    .replace(/^@media\s*/, '')
    .split(/\s+and\s+/)
    .map((part) => /^\((min|max)-width:\s*([\d.]+)px\)$/.exec(part.trim()));
  // anything else (a colour scheme, a pointer, print) is not known at build time: it does not hold
  if (parts.some((part) => !part)) return false;
  return parts.every((part) => (part![1] === 'min' ? width >= Number(part![2]) : width <= Number(part![2])));
}
