// The four rating range filters of the profiles screen as they live in the address
// (SPEC §2 Profiles list, §4 Profile range filters, §9): a checked range sends both
// {rating}__gte and {rating}__lte, an unchecked one sends neither.
import { RATING_FIELDS, type ProfileDimensions, type RatingField } from '../../types/api';
import type { FilterValues } from '../../src/admin-kit/list/types';

/** SPEC §9: the sliders move by 0.1. */
export const RATING_SLIDER_STEP = 0.1;
/** SPEC §4: the range when the server gives none. */
export const DEFAULT_RATING_RANGE: Range = [0, 1];

export type Range = [number, number];

export const gteKey = (field: RatingField) => `${field}__gte`;
export const lteKey = (field: RatingField) => `${field}__lte`;

/** Every URL key of the range filters, for the list machinery. */
export const RANGE_KEYS = RATING_FIELDS.flatMap((field) => [gteKey(field), lteKey(field)]);

/** Rounded to the slider's step, so that 0.30000000000000004 travels as 0.3. */
export const toStep = (value: number) => Math.round(value / RATING_SLIDER_STEP) * RATING_SLIDER_STEP;
const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * The ends of a rating's slider: the server's min and max widened to the step
 * (so that every step is a round number and every rating stays inside), or 0 to 1.
 */
export function sliderBounds(dimensions: ProfileDimensions | undefined, field: RatingField): Range {
  const range = dimensions?.range_fields?.[field];
  if (!range || !Number.isFinite(range.min) || !Number.isFinite(range.max)) return DEFAULT_RATING_RANGE;
  const low = tenth(Math.floor(range.min * 10 + 1e-9) / 10);
  const high = tenth(Math.ceil(range.max * 10 - 1e-9) / 10);
  return high > low ? [low, high] : [low, tenth(low + RATING_SLIDER_STEP)];
}

function numberAt(values: FilterValues, key: string): number | undefined {
  const raw = values[key]?.[0];
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** The range the address asks for, or undefined when the filter is off; a missing end takes the slider's. */
export function rangeOf(values: FilterValues, field: RatingField, bounds: Range): Range | undefined {
  const low = numberAt(values, gteKey(field));
  const high = numberAt(values, lteKey(field));
  if (low === undefined && high === undefined) return undefined;
  return [low ?? bounds[0], high ?? bounds[1]];
}

/** The address keys of a range: both bounds, or none to switch the filter off. */
export function rangeFilterValues(field: RatingField, range: Range | undefined): FilterValues {
  if (!range) return { [gteKey(field)]: [], [lteKey(field)]: [] };
  return { [gteKey(field)]: [String(tenth(range[0]))], [lteKey(field)]: [String(tenth(range[1]))] };
}
