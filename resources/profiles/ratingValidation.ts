// SPEC §5 Rating: a required number, step 0.01, from 0.00 to 10.00 (§9).
import type { Validator } from 'react-admin';

export const RATING_MIN = 0;
export const RATING_MAX = 10;
export const RATING_ENTRY_STEP = 0.01;

/** What is wrong with a typed rating: an i18n key and its arguments, or null when it is fine. */
export function ratingProblem(raw: string): { message: string; args?: Record<string, string> } | null {
  const text = raw.trim();
  if (text === '') return { message: 'ra.validation.required' };
  const value = Number(text);
  if (!Number.isFinite(value)) return { message: 'ra.validation.number' };
  if (value < RATING_MIN) return { message: 'ra.validation.minValue', args: { min: RATING_MIN.toFixed(2) } };
  if (value > RATING_MAX) return { message: 'ra.validation.maxValue', args: { max: RATING_MAX.toFixed(2) } };
  const hundredths = value / RATING_ENTRY_STEP;
  if (Math.abs(hundredths - Math.round(hundredths)) > 1e-6) return { message: 'resources.profiles.rating.two_decimals' };
  return null;
}

/** The rating input's react-admin validator (its label carries the asterisk). */
export const validRating: Validator = Object.assign(
  (value: unknown) => {
    const problem = ratingProblem(value === null || value === undefined ? '' : String(value));
    return problem ? { message: problem.message, args: problem.args ?? {} } : undefined;
  },
  { isRequired: true },
);
