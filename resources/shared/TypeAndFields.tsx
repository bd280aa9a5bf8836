// The inputs of a form driven by type definitions (a data source's source type and
// additional_data, a platform connection's category and connection_parameters), written once for
// both: a required select of the types, then the chosen type's declared fields — text → a text
// input, list → a text box with one value per line, secret → a password input, connection → a
// select of the user's platform connections of its category. Required fields carry the asterisk;
// hidden fields are not shown (their values stay in the form and are sent). Changing the type
// empties its fields (SPEC §4).
import type { ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { PasswordInput, type RaRecord, required, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { FieldDefinition, PlatformConnection } from '../../types/api';
import { ariaRequired, filled, ReferenceSelect } from '../../src/admin-kit/form';
import { emptyValues, type FieldDefinitions } from './fieldValues';

/** One type of the select: its internal name, its label and the fields it declares. */
export interface TypeChoice {
  id: string;
  name: string;
  fields: FieldDefinitions;
}

export interface TypeAndFieldsProps {
  /** the request field the select fills (source_type, category_type) */
  typeSource: string;
  /** i18n key of the select's label */
  typeLabel: string;
  /** the request field of the values (additional_data, connection_parameters) */
  valuesSource: string;
  types: TypeChoice[];
  /** after a change of type (and its fields emptied), e.g. to pick its first schedule */
  onTypeChange?: (type: string) => void;
}

export function TypeAndFields({ typeSource, typeLabel, valuesSource, types, onTypeChange }: TypeAndFieldsProps) {
  const { setValue } = useFormContext();
  const chosen: string | undefined = useWatch({ name: typeSource });
  // an update form's record: its secrets arrive masked, and are kept while its type is
  const stored = useRecordContext();
  const type = types.find((choice) => choice.id === chosen);
  const changeType = (event: ChangeEvent<HTMLInputElement> | RaRecord) => {
    const next = String('target' in event ? event.target.value : event.id);
    setValue(valuesSource, emptyValues(types.find((choice) => choice.id === next)?.fields), { shouldDirty: true });
    onTypeChange?.(next);
  };
  return (
    <>
      <SelectInput
        source={typeSource}
        label={typeLabel}
        choices={types}
        translateChoice={false}
        validate={required()}
        onChange={changeType}
      />
      {type &&
        Object.entries(type.fields)
          .filter(([, definition]) => !definition.hidden)
          .map(([key, definition]) => (
            <DefinedInput
              // a new type mounts new inputs
              key={`${type.id}.${key}`}
              source={`${valuesSource}.${key}`}
              definition={definition}
              keepsSecret={stored?.[typeSource] === type.id}
            />
          ))}
    </>
  );
}

const joinLines = (value: unknown) => (Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : '');
const splitLines = (text: string) => text.split('\n');
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function DefinedInput({ source, definition, keepsSecret }: { source: string; definition: FieldDefinition; keepsSecret: boolean }) {
  const translate = useTranslate();
  const validate = definition.required ? filled() : undefined;
  const marked = definition.required ? ariaRequired : {};
  const helpWith = (extra?: string) => [definition.help, extra && translate(extra)].filter(Boolean).join(' ') || undefined;

  if (definition.type === 'connection') {
    return (
      <ReferenceSelect
        source={source}
        reference="platform-connections"
        filter={definition.category ? { category_type: definition.category } : undefined}
        label={definition.label}
        validate={validate}
        required={definition.required}
        optionText={connectionText}
        helperText={helpWith()}
      />
    );
  }
  if (definition.type === 'list') {
    return (
      <TextInput
        source={source}
        label={definition.label}
        validate={validate}
        multiline
        minRows={3}
        format={joinLines}
        parse={splitLines}
        helperText={helpWith('app.form.list_help')}
        {...marked}
      />
    );
  }
  if (definition.secret) {
    return (
      <PasswordInput
        source={source}
        label={definition.label}
        validate={validate}
        autoComplete="new-password"
        parse={asText}
        helperText={helpWith(keepsSecret ? 'app.form.secret_keep_help' : 'app.form.secret_help')}
        {...marked}
      />
    );
  }
  return (
    <TextInput
      source={source}
      label={definition.label}
      validate={validate}
      autoComplete="off"
      parse={asText}
      helperText={helpWith()}
      {...marked}
    />
  );
}

/**
 * A platform connection in a select: its id, what its parameters say that is not secret (a
 * model, a base URL, a header name) and its creator, e.g. '#12 gpt-4o-mini (ada@example.com)'.
 */
export function connectionText(connection: PlatformConnection): string {
  const shown = Object.entries(connection.connection_parameters)
    .filter(([key]) => key !== 'user_agent')
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value) => value !== '' && !value.startsWith('••••'));
  return [`#${connection.id}`, shown.join(', '), `(${connection.created_by})`].filter(Boolean).join(' ');
}
