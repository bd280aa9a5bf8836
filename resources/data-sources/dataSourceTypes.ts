// What the data-source type definitions (GET /data-sources/dimensions/) say about a data
// source: its type's label and its schedule's label.
import type { DataSource, DataSourceDimensions, DataSourceType } from '../../types/api';
import { useTypeDefinitions } from '../shared/useTypeDefinitions';

export const useDataSourceDimensions = () => useTypeDefinitions<DataSourceDimensions>('data-sources');

/** The type of that internal name (the dimensions are keyed by it; a key may differ, so look at both). */
export function typeOf(dimensions: DataSourceDimensions | undefined, internalName: string): DataSourceType | undefined {
  if (!dimensions) return undefined;
  return dimensions[internalName] ?? Object.values(dimensions).find((type) => type.internal_name === internalName);
}

/** SPEC §2: the source type is shown by its label; its internal name until the labels are known. */
export function sourceTypeLabel(dimensions: DataSourceDimensions | undefined, internalName: string): string {
  return typeOf(dimensions, internalName)?.label ?? internalName;
}

/** SPEC §2 Data sources list: the schedule option's label, or undefined ('Manual') when none or unknown. */
export function scheduleOptionLabel(
  dimensions: DataSourceDimensions | undefined,
  record: Pick<DataSource, 'source_type' | 'cron_schedule'>,
): string | undefined {
  if (!record.cron_schedule) return undefined;
  return typeOf(dimensions, record.source_type)?.schedule_options.find((option) => option.value === record.cron_schedule)?.label;
}

/** SPEC §4: a new type picks its first schedule option ('' = manual when it has none). */
export function firstScheduleOf(type: DataSourceType | undefined): string {
  return type?.schedule_options[0]?.value ?? '';
}
