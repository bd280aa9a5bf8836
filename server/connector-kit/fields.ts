// Forms driven by field definitions (a data source's additional_data, a platform connection's
// connection_parameters): a field declared (`field`), its values read (`textOf`, `listOf`),
// checked against the definitions with one message per problem naming the field and normalised
// (text trimmed, lists as lists), secrets masked in answers.
import type { FieldDefinition } from '../../types/api';
import { fieldErrors } from '../errors';

export type FieldValues = Record<string, string | string[]>;

/** A field of a type definition's form: one text value unless `options` say otherwise. */
export const field = (label: string, options: Partial<FieldDefinition> = {}): FieldDefinition => ({
  label,
  type: 'text',
  required: false,
  hidden: false,
  ...options,
});

/** The text value of a field ('' when missing; a list's first value). */
export function textOf(data: FieldValues, key: string): string {
  const value = data[key];
  return (Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).trim();
}

/** The list value of a field (a text value split at commas and new lines). */
export function listOf(data: FieldValues, key: string): string[] {
  const value = data[key];
  const list = Array.isArray(value) ? value : (value ?? '').split(/[\n,]/);
  return list.map((item) => item.trim()).filter(Boolean);
}

/** The browser adds this to every form it sends (SPEC §7); kept, never required. */
export const USER_AGENT = 'user_agent';

/**
 * `values` as the definitions take them, or a ValidationError listing every problem under
 * `name` (e.g. "additional_data.url: This field is required.").
 */
export function checkedFieldValues(
  name: string,
  definitions: Record<string, FieldDefinition>,
  values: FieldValues,
  extra: string[] = [],
): FieldValues {
  const problems: [string, string][] = [];
  const checked: FieldValues = {};
  for (const [key, value] of Object.entries(values)) {
    const definition = definitions[key];
    if (key === USER_AGENT) {
      checked[key] = (Array.isArray(value) ? value.join(' ') : value).slice(0, 1000);
      continue;
    }
    if (!definition) {
      problems.push([`${name}.${key}`, 'Unknown field for this type.']);
      continue;
    }
    if (definition.type !== 'list') {
      // text, and a connection's id as text
      if (Array.isArray(value)) problems.push([`${name}.${key}`, 'Enter one text value, not a list.']);
      else checked[key] = value.trim();
    } else {
      checked[key] = (Array.isArray(value) ? value : value.split(/\r?\n/)).map((item) => item.trim()).filter(Boolean);
    }
  }
  for (const [key, definition] of Object.entries(definitions)) {
    const value = checked[key];
    if (definition.required && (value === undefined || value.length === 0)) problems.push([`${name}.${key}`, 'This field is required.']);
  }
  for (const message of extra) {
    const at = message.indexOf(': ');
    problems.push([message.slice(0, at), message.slice(at + 2)]);
  }
  if (problems.length) throw fieldErrors(problems);
  return checked;
}

/** Secret values shown as '••••••••' and their last four characters. */
export const MASK = '••••••••';
export function masked(secret: string): string {
  return secret.length > 8 ? `${MASK}${secret.slice(-4)}` : MASK;
}
