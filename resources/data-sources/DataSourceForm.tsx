// The create and update form of a data source (SPEC §2, §4, §5): name, source type, the
// type's additional fields (from its definition), the schedule choice. Changing the type
// empties the additional fields and picks the type's first schedule option.
import { useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DataSource, DataSourceDimensions, DataSourceWrite, FieldValues } from '../../types/api';
import { TypeAndFields } from '../shared/TypeAndFields';
import { DimensionsFailure } from '../shared/DimensionsFailure';
import { cleanValues, emptyValues, missingRequired, valuesOfRecord, withUserAgent } from '../shared/fieldValues';
import { FormFrame } from '../shared/FormFrame';
import type { ShownFailure } from '../shared/useErrorThenReturn';
import { firstScheduleOf, typeOf } from './dataSourceTypes';
import { ScheduleField } from './ScheduleField';

export interface DataSourceFormProps {
  /** i18n key */
  title: string;
  dimensions: DataSourceDimensions | undefined;
  dimensionsError?: unknown;
  /** the stored data source (update), or none (create) */
  record?: DataSource;
  saving: boolean;
  failure: ShownFailure | null;
  backTo: string;
  /** the body of POST or PUT; `schedule` is null for manual */
  onSubmit: (body: DataSourceWrite & { schedule: string | null }) => void;
}

export function DataSourceForm({ title, dimensions, dimensionsError, record, saving, failure, backTo, onSubmit }: DataSourceFormProps) {
  const translate = useTranslate();
  const types = Object.entries(dimensions ?? {});
  const [name, setName] = useState(record?.name ?? '');
  const [sourceType, setSourceType] = useState(() => record?.source_type ?? types[0]?.[1].internal_name ?? '');
  const type = typeOf(dimensions, sourceType);
  const [values, setValues] = useState<FieldValues>(() =>
    record ? valuesOfRecord(type?.additional_data, record.additional_data) : emptyValues(type?.additional_data),
  );
  const [schedule, setSchedule] = useState(() => (record ? (record.cron_schedule ?? '') : firstScheduleOf(type)));
  const [tried, setTried] = useState(false);

  const changeType = (next: string) => {
    const nextType = typeOf(dimensions, next);
    setSourceType(next);
    setValues(emptyValues(nextType?.additional_data));
    setSchedule(firstScheduleOf(nextType));
  };

  const nameMissing = name.trim() === '';
  const typeMissing = sourceType === '';
  const missing = missingRequired(type?.additional_data, values);

  const submit = () => {
    setTried(true);
    if (nameMissing || typeMissing || missing.length > 0) return;
    onSubmit({
      name: name.trim(),
      source_type: sourceType,
      additional_data: withUserAgent(cleanValues(type?.additional_data, values)),
      schedule: schedule === '' ? null : schedule,
    });
  };

  // A stored type the dimensions do not know stays offered under its internal name.
  const typeChoices = types.map(([key, definition]) => ({ value: definition.internal_name ?? key, label: definition.label }));
  if (sourceType !== '' && !typeChoices.some((choice) => choice.value === sourceType)) {
    typeChoices.push({ value: sourceType, label: sourceType });
  }

  return (
    <FormFrame
      title={title}
      submitLabel="resources.data-sources.save"
      saving={saving}
      failure={failure}
      backTo={backTo}
      notice={<DimensionsFailure error={dimensionsError} />}
      onSubmit={submit}
    >
      <TextField
        label={translate('resources.data-sources.fields.name')}
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        fullWidth
        error={tried && nameMissing}
        helperText={tried && nameMissing ? translate('ra.validation.required') : undefined}
      />
      <TypeAndFields
        label="resources.data-sources.fields.source_type"
        name="source_type"
        value={sourceType}
        choices={typeChoices}
        onTypeChange={changeType}
        tried={tried}
        definitions={type?.additional_data}
        values={values}
        onValuesChange={setValues}
        missing={missing}
      />
      <ScheduleField options={type?.schedule_options ?? []} value={schedule} onChange={setSchedule} />
    </FormFrame>
  );
}
