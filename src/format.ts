// Date display shared by every screen (CONVENTIONS: "22 Nov 2026, 14:03:05",
// browser time zone).

// Assembled from the Date's own local-time fields: the same text as Intl's
// en-US parts (whose first use loads the browser's locale data: ~30 ms of a
// phone's first screen), without 'Sept' or locale separators.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Day, short month, year, then time with seconds: '22 Nov 2026, 14:03:05'.
 * Returns '' for null, undefined or an unparseable value; what to show instead
 * ('N/A', '-') is the caller's choice.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${two(date.getDate())} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
