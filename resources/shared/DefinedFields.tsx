// The inputs of the fields a type definition declares (a data source type's additional
// data, a platform connection category's parameters): text → a text input, list → a text
// box with one value per line, secret → a password input. Required fields carry the
// asterisk; hidden fields are not shown (their values stay in `values` and are sent).
import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FieldValues } from '../../types/api';
import type { FieldDefinitions } from './fieldValues';

export interface DefinedFieldsProps {
  definitions: FieldDefinitions;
  values: FieldValues;
  onChange: (key: string, value: FieldValues[string]) => void;
  /** keys of required fields left empty, marked once the user tried to submit */
  missing?: string[];
  /** the form edits a stored record: a secret shown masked is kept unless replaced */
  keepsSecrets?: boolean;
}

export function DefinedFields({ definitions, values, onChange, missing = [], keepsSecrets = false }: DefinedFieldsProps) {
  const translate = useTranslate();
  const visible = Object.entries(definitions).filter(([, definition]) => !definition.hidden);
  if (visible.length === 0) return null;

  return (
    <Stack spacing={2}>
      {visible.map(([key, definition]) => {
        const isList = definition.type === 'list';
        const isSecret = Boolean(definition.secret) && !isList;
        const isMissing = missing.includes(key);
        const value = values[key];
        const help = [
          isMissing ? translate('ra.validation.required') : undefined,
          definition.help,
          isList ? translate('app.form.list_help') : undefined,
          isSecret ? translate(keepsSecrets ? 'app.form.secret_keep_help' : 'app.form.secret_help') : undefined,
        ].filter(Boolean);
        return (
          <TextField
            key={key}
            name={key}
            label={definition.label}
            required={definition.required}
            error={isMissing}
            fullWidth
            type={isSecret ? 'password' : 'text'}
            autoComplete={isSecret ? 'new-password' : 'off'}
            multiline={isList}
            minRows={isList ? 3 : undefined}
            value={
              isList ? (Array.isArray(value) ? value.join('\n') : (value ?? '')) : Array.isArray(value) ? value.join(', ') : (value ?? '')
            }
            onChange={(event) => onChange(key, isList ? event.target.value.split('\n') : event.target.value)}
            helperText={help.length > 0 ? help.join(' ') : undefined}
          />
        );
      })}
    </Stack>
  );
}
