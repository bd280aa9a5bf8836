// The create and update form of a platform connection: the category, then the
// parameters its definition declares (secret ones as password inputs). Changing the
// category empties the parameters.
import { useState } from 'react';
import type { FieldValues, PlatformConnection, PlatformConnectionDimensions, PlatformConnectionWrite } from '../../types/api';
import { TypeAndFields } from '../shared/TypeAndFields';
import { DimensionsFailure } from '../shared/DimensionsFailure';
import { cleanValues, emptyValues, missingRequired, valuesOfRecord, withUserAgent } from '../shared/fieldValues';
import { FormFrame } from '../shared/FormFrame';
import type { ShownFailure } from '../shared/useErrorThenReturn';
import { categoryOf } from './platformConnectionTypes';

export interface PlatformConnectionFormProps {
  /** i18n key */
  title: string;
  dimensions: PlatformConnectionDimensions | undefined;
  dimensionsError?: unknown;
  /** the stored connection (update: its secrets arrive masked and are sent back so unless replaced) */
  record?: PlatformConnection;
  saving: boolean;
  failure: ShownFailure | null;
  backTo: string;
  onSubmit: (body: PlatformConnectionWrite) => void;
}

export function PlatformConnectionForm({
  title,
  dimensions,
  dimensionsError,
  record,
  saving,
  failure,
  backTo,
  onSubmit,
}: PlatformConnectionFormProps) {
  const categories = Object.entries(dimensions ?? {});
  const [categoryType, setCategoryType] = useState(() => record?.category_type ?? categories[0]?.[1].internal_name ?? '');
  const category = categoryOf(dimensions, categoryType);
  const [values, setValues] = useState<FieldValues>(() =>
    record ? valuesOfRecord(category?.connection_parameters, record.connection_parameters) : emptyValues(category?.connection_parameters),
  );
  const [tried, setTried] = useState(false);

  const changeCategory = (next: string) => {
    setCategoryType(next);
    setValues(emptyValues(categoryOf(dimensions, next)?.connection_parameters));
  };

  const categoryMissing = categoryType === '';
  const missing = missingRequired(category?.connection_parameters, values);

  const submit = () => {
    setTried(true);
    if (categoryMissing || missing.length > 0) return;
    onSubmit({
      category_type: categoryType,
      connection_parameters: withUserAgent(cleanValues(category?.connection_parameters, values)),
    });
  };

  const choices = categories.map(([key, definition]) => ({ value: definition.internal_name ?? key, label: definition.label }));
  if (categoryType !== '' && !choices.some((choice) => choice.value === categoryType))
    choices.push({ value: categoryType, label: categoryType });
  // Secrets arrive masked only while the stored category is kept.
  const keepsSecrets = record !== undefined && record.category_type === categoryType;

  return (
    <FormFrame
      title={title}
      submitLabel="resources.platform-connections.save"
      saving={saving}
      failure={failure}
      backTo={backTo}
      notice={<DimensionsFailure error={dimensionsError} />}
      onSubmit={submit}
    >
      <TypeAndFields
        label="resources.platform-connections.fields.category"
        name="category_type"
        value={categoryType}
        choices={choices}
        onTypeChange={changeCategory}
        tried={tried}
        definitions={category?.connection_parameters}
        values={values}
        onValuesChange={setValues}
        missing={missing}
        keepsSecrets={keepsSecrets}
      />
    </FormFrame>
  );
}
