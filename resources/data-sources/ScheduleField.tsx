import { MenuItem, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import type { ScheduleOption } from '../../types/api';
import { describeCron } from './cronText';

/** The form value as the select holds it: '' is Manual. */
const asChoice = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The schedule input of a data source form (react-admin's useInput over the form's `schedule`):
 * the type's schedule options ('' = manual), and under it the chosen cron in readable English
 * (SPEC §5), or why it cannot be read. A stored schedule that is not among the options stays
 * offered, under its description.
 */
export function ScheduleField({ options }: { options: ScheduleOption[] }) {
  const translate = useTranslate();
  const { field, id } = useInput({ source: 'schedule', format: asChoice, parse: asChoice });
  const value: string = field.value;
  const description = value ? describeCron(value) : undefined;
  const known = options.some((option) => option.value === value);
  const offered =
    known || (value === '' && options.length === 0)
      ? options
      : [
          ...options,
          { value, label: value === '' ? translate('resources.data-sources.manual') : description?.valid ? description.text : value },
        ];

  return (
    <TextField
      select
      fullWidth
      id={id}
      name={field.name}
      inputRef={field.ref}
      label={translate('resources.data-sources.fields.schedule')}
      value={offered.length > 0 ? value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={description !== undefined && !description.valid}
      helperText={
        description ? (description.valid ? description.text : description.message) : translate('resources.data-sources.manual_help')
      }
      // '' is the Manual option: shown as such, not as an empty choice
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, formHelperText: { 'aria-live': 'polite' } }}
    >
      {offered.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
