// The two halves of a form driven by type definitions (data sources' source type and
// additional_data, platform connections' category and connection_parameters): a required
// select of the types, then the chosen type's declared fields.
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FieldDefinition, FieldValues } from '../../types/api';
import { DefinedFields } from './DefinedFields';

export interface TypeAndFieldsProps {
  /** i18n key of the select's label */
  label: string;
  /** the request field the select fills (source_type, category_type) */
  name: string;
  value: string;
  choices: { value: string; label: string }[];
  onTypeChange: (next: string) => void;
  /** the form was sent once: required inputs left empty show their error */
  tried: boolean;
  /** the chosen type's fields (undefined: no type yet) */
  definitions: Record<string, FieldDefinition> | undefined;
  values: FieldValues;
  onValuesChange: (update: (current: FieldValues) => FieldValues) => void;
  missing: string[];
  keepsSecrets?: boolean;
}

export function TypeAndFields({
  label,
  name,
  value,
  choices,
  onTypeChange,
  tried,
  definitions,
  values,
  onValuesChange,
  missing,
  keepsSecrets,
}: TypeAndFieldsProps) {
  const translate = useTranslate();
  const typeMissing = value === '';
  return (
    <>
      <TextField
        select
        label={translate(label)}
        name={name}
        value={choices.length > 0 ? value : ''}
        onChange={(event) => onTypeChange(event.target.value)}
        required
        fullWidth
        error={tried && typeMissing}
        helperText={tried && typeMissing ? translate('ra.validation.required') : undefined}
      >
        {choices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      {definitions && (
        <DefinedFields
          definitions={definitions}
          values={values}
          onChange={(key, next) => onValuesChange((current) => ({ ...current, [key]: next }))}
          missing={tried ? missing : []}
          keepsSecrets={keepsSecrets}
        />
      )}
    </>
  );
}
