import { Autocomplete, TextField } from '@mui/material';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A filter that takes several values (data sources, nationalities, genders): typing
 * narrows the choices. A value the address carries but the choices lack (not loaded
 * yet, or gone) stays shown by its raw value, so that it can still be removed.
 */
export function MultiSelectFilter({
  label,
  choices,
  selected,
  onChange,
}: {
  /** already translated */
  label: string;
  choices: Choice[];
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  const known = new Map(choices.map((choice) => [choice.value, choice]));
  const value = selected.map((one) => known.get(one) ?? { value: one, label: one });
  return (
    <Autocomplete
      multiple
      size="small"
      disableCloseOnSelect
      limitTags={2}
      options={choices}
      value={value}
      getOptionLabel={(choice) => choice.label}
      isOptionEqualToValue={(option, current) => option.value === current.value}
      onChange={(_event, next) => onChange(next.map((choice) => choice.value))}
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={{ minWidth: 220, maxWidth: 360, flex: '1 1 220px' }}
    />
  );
}
