// SPEC §5 "Cron schedule text" and §9: a cron expression as readable English, for the data
// source detail and the schedule choice of its form. It only produces text:
// - fewer than 5 or more than 7 parts, an unknown special word ('@often', 'FOO', 'MONDAY')
//   or a value out of range is rejected with 'Invalid cron string';
// - the parts are read as the describer (cronstrue) reads them: 5 = minute hour day-of-month
//   month weekday; 6 = seconds first; 7 = seconds first and a year last. Ranges: seconds
//   and minutes 0–59, hours 0–23, day of month 1–31, month 1–12, weekday 0–6;
// - only the first five parts are described; when the describer refuses them, its own
//   message is shown.
import cronstrue from 'cronstrue';

export const INVALID_CRON = 'Invalid cron string';

export type CronDescription = { valid: true; text: string } | { valid: false; message: string };

/** The special words the describer knows, as five parts (its own expansions). */
const SPECIAL_WORDS: Record<string, string> = {
  '@yearly': '0 0 1 JAN *',
  '@annually': '0 0 1 JAN *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * SUN',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

interface PartRule {
  min: number;
  max: number;
  /** names standing for min, min + 1, … (JAN = 1, SUN = 0) */
  names?: readonly string[];
  /** the part's own special forms ('?', 'L', '15W', '5#2'), already upper-cased */
  special?: (item: string) => boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

const inRange = (text: string, min: number, max: number) => /^\d{1,4}$/.test(text) && Number(text) >= min && Number(text) <= max;

const SECOND: PartRule = { min: 0, max: 59 };
const MINUTE: PartRule = { min: 0, max: 59 };
const HOUR: PartRule = { min: 0, max: 23 };
const DAY_OF_MONTH: PartRule = {
  min: 1,
  max: 31,
  // ? (no specific day), L (last day), LW (last weekday), L-3 (3 days before the last), 15W (weekday nearest the 15th)
  special: (item) =>
    item === '?' ||
    item === 'L' ||
    item === 'LW' ||
    (/^L-\d{1,2}$/.test(item) && inRange(item.slice(2), 1, 30)) ||
    (/^\d{1,2}W$/.test(item) && inRange(item.slice(0, -1), 1, 31)),
};
const MONTH: PartRule = { min: 1, max: 12, names: MONTHS };
const WEEKDAY: PartRule = {
  min: 0,
  max: 6,
  names: WEEKDAYS,
  // ? (no specific day), L (Saturday), 5L (the last Friday), 1#2 (the second Monday)
  special: (item) => {
    if (item === '?' || item === 'L') return true;
    const match = /^(\w+?)(L|#([1-5]))$/.exec(item);
    return match !== null && weekdayNumber(match[1]) !== undefined;
  },
};
const YEAR: PartRule = { min: 0, max: 9999 };

function weekdayNumber(token: string): number | undefined {
  return partValue(token, WEEKDAY);
}

const LAYOUTS: Record<number, PartRule[]> = {
  5: [MINUTE, HOUR, DAY_OF_MONTH, MONTH, WEEKDAY],
  6: [SECOND, MINUTE, HOUR, DAY_OF_MONTH, MONTH, WEEKDAY],
  7: [SECOND, MINUTE, HOUR, DAY_OF_MONTH, MONTH, WEEKDAY, YEAR],
};

/** A number or a name of the part, inside its range; undefined otherwise. */
function partValue(token: string, rule: PartRule): number | undefined {
  if (/^\d+$/.test(token)) {
    const value = Number(token);
    return value >= rule.min && value <= rule.max ? value : undefined;
  }
  const index = rule.names?.indexOf(token) ?? -1;
  return index >= 0 ? rule.min + index : undefined;
}

/** One comma-separated item: *, a value, a range a-b, each with an optional /step, or a special form. */
function isValidItem(item: string, rule: PartRule): boolean {
  if (rule.special?.(item)) return true;
  const [base, step, ...more] = item.split('/');
  if (more.length > 0) return false;
  if (step !== undefined && !(/^\d+$/.test(step) && Number(step) >= 1)) return false;
  if (base === '*') return true;
  const bounds = base.split('-');
  return bounds.length <= 2 && bounds.every((bound) => partValue(bound, rule) !== undefined);
}

function isValidPart(part: string, rule: PartRule): boolean {
  return part.split(',').every((item) => item !== '' && isValidItem(item.toUpperCase(), rule));
}

/** The parts of a valid expression (special words expanded), or undefined. */
export function cronParts(expression: string): string[] | undefined {
  const trimmed = expression.trim();
  if (trimmed.startsWith('@')) {
    const expanded = SPECIAL_WORDS[trimmed.toLowerCase()];
    return expanded === undefined ? undefined : expanded.split(' ');
  }
  const parts = trimmed.split(/\s+/);
  const layout = LAYOUTS[parts.length];
  if (trimmed === '' || !layout) return undefined;
  return parts.every((part, index) => isValidPart(part, layout[index])) ? parts : undefined;
}

/** What the describer says of five parts, or its own message when it refuses them. */
function describeFive(parts: string[]): CronDescription {
  try {
    return { valid: true, text: cronstrue.toString(parts.slice(0, 5).join(' ')) };
  } catch (error) {
    // cronstrue throws its message as a string ('Error: …'); be ready for an Error too.
    const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
    const message = raw.replace(/^Error:\s*/, '').trim();
    return { valid: false, message: message || INVALID_CRON };
  }
}

/** The expression as English, or why it is not shown as such. */
export function describeCron(expression: string | null | undefined): CronDescription {
  const parts = cronParts(expression ?? '');
  return parts ? describeFive(parts) : { valid: false, message: INVALID_CRON };
}

/** The text to show: the description, or the rejection message. */
export function cronText(expression: string | null | undefined): string {
  const description = describeCron(expression);
  return description.valid ? description.text : description.message;
}
