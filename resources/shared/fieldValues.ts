// The values of a form whose fields come from a type definition (a data source's
// additional_data, a platform connection's connection_parameters): list fields hold a list of
// strings, the others (text, connection) a string. While the user types, a list holds the raw
// lines of its text box (empty ones too, so that a new line can be started); `cleanValues`
// makes them what is sent.
import type { FieldDefinition, FieldValues } from '../../types/api';

export type FieldDefinitions = Record<string, FieldDefinition>;
type FieldValue = FieldValues[string];
/** A value as a form holds it: react-admin's inputs may hold null for an emptied field. */
type FormValue = FieldValue | null | undefined;

const emptyValue = (definition: FieldDefinition): FieldValue => (definition.type === 'list' ? [] : '');

/** Every field of the definition, empty (SPEC §4: a new type starts with empty fields). */
export function emptyValues(definitions: FieldDefinitions | undefined): FieldValues {
  return Object.fromEntries(Object.entries(definitions ?? {}).map(([key, definition]) => [key, emptyValue(definition)]));
}

/** A stored value in the shape its field edits: a list for list fields, text for the others. */
function asFieldValue(definition: FieldDefinition | undefined, value: FieldValue | undefined): FieldValue {
  if (definition?.type === 'list') return Array.isArray(value) ? value : value ? [value] : [];
  if (definition) return Array.isArray(value) ? value.join(', ') : (value ?? '');
  return value ?? '';
}

/**
 * The values a stored record starts its form with: every defined field in the shape it
 * edits (empty when it has none; hidden ones keep their stored value and are sent back).
 * Keys the definition no longer has are left out (the API refuses unknown fields); without
 * a definition (it did not load) the stored values are kept as they are.
 */
export function valuesOfRecord(definitions: FieldDefinitions | undefined, stored: FieldValues | undefined): FieldValues {
  if (!definitions) return { ...stored };
  return Object.fromEntries(Object.entries(definitions).map(([key, definition]) => [key, asFieldValue(definition, stored?.[key])]));
}

/** A list field's entries: trimmed, empty lines left out. */
export function listEntries(value: FormValue): string[] {
  const lines = Array.isArray(value) ? value : (value ?? '').split('\n');
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}

/** The values as they are sent: lists without empty entries, text trimmed (a connection's id as text). */
export function cleanValues(definitions: FieldDefinitions | undefined, values: Record<string, FormValue> | undefined): FieldValues {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([key, value]) => {
      const isList = definitions?.[key] ? definitions[key].type === 'list' : Array.isArray(value);
      return [key, isList ? listEntries(value) : String(value ?? '').trim()];
    }),
  );
}

/** SPEC §7: the browser's user agent goes along with the values. */
export function withUserAgent(values: FieldValues): FieldValues {
  return { ...values, user_agent: navigator.userAgent };
}
