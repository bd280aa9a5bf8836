// Validators and input props of the SPEC's forms beyond react-admin's own (`required()`,
// `minValue()`…), which they are used beside.
import type { Validator } from 'react-admin';

const blank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.every((item) => typeof item !== 'string' || item.trim() === ''));

/**
 * react-admin's `required()` that also refuses text of spaces only and a list of empty lines
 * (SPEC §5 "name required": the API trims it). Marks the input's label with the asterisk.
 */
export function filled(message = 'ra.validation.required'): Validator {
  // one function per message, as react-admin memoizes its own: a new validator on every
  // render would re-register the input each time
  let validator = filledValidators.get(message);
  if (!validator) {
    validator = Object.assign((value: unknown) => (blank(value) ? message : undefined), { isRequired: true });
    filledValidators.set(message, validator);
  }
  return validator;
}
const filledValidators = new Map<string, Validator>();

/**
 * Spread on a required input: react-admin draws the asterisk only; this says so to assistive
 * technology too, without the browser's own validation (SPEC forms validate through react-admin).
 */
export const ariaRequired = { slotProps: { htmlInput: { 'aria-required': true } } } as const;
