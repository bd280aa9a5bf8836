// The From / To days of the audit log's filter as the instants the API compares created_at with
// (created_at__gte / created_at__lte, ISO 8601 UTC): a day is the browser's day, as the dates on
// screen are (CONVENTIONS), from its first millisecond to its last.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-11-20' → the instant that day starts (from) or ends (to) in the browser's time zone. */
export function dayToInstant(day: string, edge: 'start' | 'end'): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const instant = edge === 'start' ? new Date(year, month, date) : new Date(year, month, date, 23, 59, 59, 999);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant of the address → the browser's day it falls on, for a date input ('' when unreadable). */
export function instantToDay(instant: string | undefined): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
