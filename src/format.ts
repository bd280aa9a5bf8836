// Date display shared by every screen (CONVENTIONS: "22 Nov 2026, 14:03:05",
// browser time zone).

// The parts are assembled by hand: en-GB writes 'Sept' in recent ICU data and the
// locales disagree on separators, so only the parts' values are taken from Intl.
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Day, short month, year, then time with seconds: '22 Nov 2026, 14:03:05'.
 * Returns '' for null, undefined or an unparseable value; what to show instead
 * ('N/A', '-') is the caller's choice.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(dateTimeFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}:${parts.second}`;
}
