// The inputs of a data source's create and update forms (SPEC §2, §4, §5), inside the kit's
// react-admin form: name, source type, the type's additional fields (from its definition), the
// schedule choice. Changing the type empties the additional fields (TypeAndFields) and picks the
// type's first schedule option. And what the form's values become on the wire.
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput } from 'react-admin';
import type { DataSource, DataSourceDimensions, DataSourceWrite, FieldValues } from '../../types/api';
import { ariaRequired, filled } from '../../src/admin-kit/form';
import { cleanValues, emptyValues, valuesOfRecord, withUserAgent } from '../shared/fieldValues';
import { TypeAndFields, type TypeChoice } from '../shared/TypeAndFields';
import { firstScheduleOf, typeOf } from './dataSourceTypes';
import { ScheduleField } from './ScheduleField';

/** What the form edits: the schedule as its select holds it ('' = manual). */
export interface DataSourceFormValues {
  name: string;
  source_type: string;
  additional_data: FieldValues;
  schedule: string;
}

/** The types by label; a stored type the dimensions do not know stays offered under its internal name. */
function typeChoices(dimensions: DataSourceDimensions | undefined, stored?: string): TypeChoice[] {
  const choices = Object.entries(dimensions ?? {}).map(([key, type]) => ({
    id: type.internal_name ?? key,
    name: type.label,
    fields: type.additional_data,
  }));
  if (stored && !choices.some((choice) => choice.id === stored)) choices.push({ id: stored, name: stored, fields: {} });
  return choices;
}

export function DataSourceInputs({ dimensions }: { dimensions: DataSourceDimensions | undefined }) {
  const { setValue } = useFormContext();
  const sourceType: string = useWatch({ name: 'source_type' }) ?? '';
  return (
    <>
      <TextInput source="name" label="resources.data-sources.fields.name" validate={filled()} {...ariaRequired} />
      <TypeAndFields
        typeSource="source_type"
        typeLabel="resources.data-sources.fields.source_type"
        valuesSource="additional_data"
        types={typeChoices(dimensions, sourceType)}
        onTypeChange={(next) => setValue('schedule', firstScheduleOf(typeOf(dimensions, next)), { shouldDirty: true })}
      />
      <ScheduleField options={typeOf(dimensions, sourceType)?.schedule_options ?? []} />
    </>
  );
}

/** A new data source's form: the first type, its fields empty, its first schedule option. */
export function newDataSourceValues(dimensions: DataSourceDimensions | undefined): DataSourceFormValues {
  const first = Object.entries(dimensions ?? {})[0];
  const type = first?.[1];
  return {
    name: '',
    source_type: type ? (type.internal_name ?? first[0]) : '',
    additional_data: emptyValues(type?.additional_data),
    schedule: firstScheduleOf(type),
  };
}

/** A stored data source's form: its type's fields in the shape they edit. */
export function storedDataSourceValues(dimensions: DataSourceDimensions | undefined, record: DataSource): DataSourceFormValues {
  return {
    name: record.name,
    source_type: record.source_type,
    additional_data: valuesOfRecord(typeOf(dimensions, record.source_type)?.additional_data, record.additional_data),
    schedule: record.cron_schedule ?? '',
  };
}

/** The body of POST or PUT: additional data cleaned, with the user agent (SPEC §7); `schedule` null for manual. */
export function dataSourceBody(
  dimensions: DataSourceDimensions | undefined,
  { name, source_type, additional_data, schedule }: DataSourceFormValues,
): DataSourceWrite & { schedule: string | null } {
  return {
    name: (name ?? '').trim(),
    source_type,
    additional_data: withUserAgent(cleanValues(typeOf(dimensions, source_type)?.additional_data, additional_data)),
    schedule: schedule ? schedule : null,
  };
}
