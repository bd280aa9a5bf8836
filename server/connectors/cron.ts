// Cron expressions a data source may be scheduled on: five parts (minute, hour, day of month,
// month, weekday), each '*', a number, a range, a list or a step within the part's range — what
// the schedule text of the app (SPEC §5) and pg-boss's scheduler both understand.
const PARTS: [string, number, number][] = [
  ['minute', 0, 59],
  ['hour', 0, 23],
  ['day of month', 1, 31],
  ['month', 1, 12],
  ['weekday', 0, 6],
];

/** Why `cron` is not a schedule, or undefined when it is one. */
export function cronProblem(cron: string): string | undefined {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return `Enter five parts (minute hour day-of-month month weekday), not ${parts.length}.`;
  for (let i = 0; i < 5; i++) {
    const [name, min, max] = PARTS[i];
    for (const item of parts[i].split(',')) {
      const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
      if (!match) return `The ${name} part "${parts[i]}" is not a number, range, list or step.`;
      const [, , from, to, step] = match;
      const numbers = [from, to].filter((n) => n !== undefined).map(Number);
      if (numbers.some((n) => n < min || n > max)) return `The ${name} must be from ${min} to ${max}.`;
      if (numbers.length === 2 && numbers[0] > numbers[1]) return `The ${name} range "${item}" runs backwards.`;
      if (step !== undefined && (Number(step) < 1 || Number(step) > max)) return `The ${name} step must be from 1 to ${max}.`;
    }
  }
  return undefined;
}
