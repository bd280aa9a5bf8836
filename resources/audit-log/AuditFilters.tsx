// The audit log's own filters beside its search box, each on the API's address keys: entity,
// action (repeatable), created_at__gte / created_at__lte, and object_id (from a record's History).
import { Chip, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AUDIT_ACTIONS } from '../../types/api';
import type { ListFilterProps } from '../../src/admin-kit/list/types';
import { MultiSelectFilter } from '../profiles/MultiSelectFilter';
import { dayToInstant, instantToDay } from './dateRange';
import { useEntities, useEntityName } from './useEntities';

const t = (key: string) => `resources.audit-log.filter.${key}`;

export function EntityFilter({ values, onChange }: ListFilterProps) {
  const translate = useTranslate();
  const entities = useEntities();
  const selected = values.entity?.[0] ?? '';
  // an entity the address names that the app does not register stays selectable, to be cleared
  const choices = selected && !entities.some((choice) => choice.entity === selected) ? [{ entity: selected, name: selected }] : [];
  return (
    <TextField
      select
      size="small"
      label={translate(t('entity'))}
      value={selected}
      onChange={(event) => onChange({ entity: event.target.value ? [event.target.value] : [] })}
      // react-admin's theme makes text fields full width: these sit in a row
      fullWidth={false}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="">{translate(t('all_entities'))}</MenuItem>
      {[...entities, ...choices].map((choice) => (
        <MenuItem key={choice.entity} value={choice.entity}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ActionFilter({ values, onChange }: ListFilterProps) {
  const translate = useTranslate();
  const choices = AUDIT_ACTIONS.map((action) => ({
    value: action,
    label: translate(`resources.audit-log.actions.${action}`, { _: action }),
  }));
  return (
    <MultiSelectFilter
      label={translate(t('action'))}
      choices={choices}
      selected={values.action ?? []}
      onChange={(action) => onChange({ action })}
    />
  );
}

export function DateRangeFilter({ values, onChange }: ListFilterProps) {
  const translate = useTranslate();
  const input = (key: 'created_at__gte' | 'created_at__lte', label: string, edge: 'start' | 'end') => (
    <TextField
      type="date"
      size="small"
      label={translate(t(label))}
      value={instantToDay(values[key]?.[0])}
      onChange={(event) => {
        const instant = dayToInstant(event.target.value, edge);
        onChange({ [key]: instant ? [instant] : [] });
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      fullWidth={false}
      sx={{ width: 170 }}
    />
  );
  return (
    <>
      {input('created_at__gte', 'from', 'start')}
      {input('created_at__lte', 'to', 'end')}
    </>
  );
}

/** /audit-log?entity=…&object_id=… (a record's History): one object's entries, as a removable chip. */
export function ObjectFilter({ values, onChange }: ListFilterProps) {
  const translate = useTranslate();
  const entityName = useEntityName();
  const id = values.object_id?.[0];
  if (id === undefined) return null;
  const entity = values.entity?.[0];
  return (
    <Chip
      label={translate(t('object'), { entity: entity ? entityName(entity) : '', id }).trim()}
      onDelete={() => onChange({ object_id: [] })}
    />
  );
}
