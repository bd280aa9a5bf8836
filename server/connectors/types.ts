// What a data-source type declares (SPEC §3 Data-source type definition) and what its fetch
// gives the ingestion: people in the import format (docs/IMPORT_FORMAT.md), or a row that failed.
import type { FastifyBaseLogger } from 'fastify';
import type { FieldDefinition, ScheduleOption } from '../../types/api';
import type { FieldValues } from '../connector-kit/fields';
import type { ImportProfile } from '../connector-kit/import-format';

/** One record of a source: a person, or why that record could not be read (it fails alone). */
export type SourceItem = { profile: ImportProfile } | { error: string };

export interface FetchContext {
  dataSourceId: number;
  additionalData: FieldValues;
  /** earlier successful runs of this data source (0 on the first) */
  run: number;
  /** when each earlier successful run was asked for, then this one (run + 1 dates) */
  runDates?: Date[];
  /** records an earlier attempt of this execution committed: a retry skips them */
  skip: number;
  /** aborted when the execution is cancelled or the worker stops */
  signal: AbortSignal;
  /** the operator lets feeds reach loopback, link-local and private addresses (ALLOW_PRIVATE_FEEDS) */
  allowPrivateNetworks?: boolean;
  /** the decrypted parameters of a platform connection the data source's owner may use */
  connection(id: string, category: string): Promise<FieldValues>;
  /** the number of records the source will give, when it knows */
  announceTotal(total: number): void;
  log: FastifyBaseLogger;
}

export interface ConnectorDeclaration {
  internal_name: string;
  label: string;
  additional_data: Record<string, FieldDefinition>;
  /** '' (manual) first, then cron expressions */
  schedule_options: ScheduleOption[];
  /** problems with the values beyond the required fields, each naming its field */
  validate?(data: FieldValues): string[];
  fetch(context: FetchContext): AsyncIterable<SourceItem>;
}

/** Every type offers these (value '' = by hand only). */
export const COMMON_SCHEDULES: ScheduleOption[] = [
  { value: '', label: 'Manual' },
  { value: '0 * * * *', label: 'Hourly' },
  { value: '0 6 * * *', label: 'Daily at 06:00 (UTC)' },
  { value: '0 6 * * 1', label: 'Weekly, Mondays at 06:00 (UTC)' },
  { value: '0 6 1 * *', label: 'Monthly, on the 1st at 06:00 (UTC)' },
];
