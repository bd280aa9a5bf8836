import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. One interface per table, named after it. */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AppUserTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  external_id: string | null;
  is_staff: Generated<boolean>;
  is_superuser: Generated<boolean>;
  is_active: Generated<boolean>;
  is_crowdsourcing: Generated<boolean>;
  date_joined: CreatedAt;
  /** IANA time zone of the user's daily digest (null: UTC) */
  time_zone: string | null;
  /** local hour (0–23) at which the daily digest leaves */
  digest_hour: Generated<number>;
  last_daily_digest_at: Date | null;
}

export interface AuthTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
  expires_at: Date;
  revoked_at: Date | null;
  /** the User-Agent it was issued to, at most 512 characters (issue 19: signed-in sessions) */
  user_agent: string | null;
  ip_address: string | null;
}

/** The attempts of one throttle key within its window, on PostgreSQL (server/http/throttle-postgres.ts). */
export interface ThrottleTable {
  key: string;
  /** epoch milliseconds of the counted attempts, oldest first */
  hits: string[];
  refused: Generated<boolean>;
  expires_at: Date;
}

export type OneTimeCodePurpose = 'activation' | 'reset';

export interface OneTimeCodeTable {
  id: Generated<number>;
  user_id: number;
  purpose: OneTimeCodePurpose;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OrganizationUserTable {
  organization_id: number;
  user_id: number;
}

export interface DataSourceTable {
  id: Generated<number>;
  name: string;
  source_type: string;
  additional_data: ColumnType<Record<string, unknown>, string | Record<string, unknown> | undefined, string | Record<string, unknown>>;
  cron_schedule: string | null;
  is_public: Generated<boolean>;
  owner_id: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DataSourceDimensionsTable {
  data_source_id: number;
  nationalities: string[];
  genders: string[];
  ranges: ColumnType<Record<string, { min: number; max: number }>, string, string>;
  profile_count: number;
  refreshed_at: UpdatedAt;
}

export interface CompanyTable {
  id: Generated<number>;
  external_id: string;
  name: string;
  description: string | null;
  year_founded: number | null;
  location: string | null;
  industry: string | null;
  company_size: string | null;
  data_source_ids: ColumnType<number[], number[] | undefined, number[]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProfileTable {
  id: Generated<number>;
  external_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  location: string | null;
  headline: string | null;
  image_url: string | null;
  current_company: string | null;
  age_value: number | null;
  gender_value: string | null;
  summary: string | null;
  nationalities: ColumnType<Record<string, number>, string | undefined, string>;
  tech_rating: number | null;
  education_rating: number | null;
  professional_experience_rating: number | null;
  entrepreneurial_spirit_rating: number | null;
  app_rating: number | null;
  data_source_ids: ColumnType<number[], number[] | undefined, number[]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  search_text: ColumnType<string, never, never>;
  /** per annotation field: who set it (annotator and model, or the staff member who corrected it) and when */
  annotation_provenance: ColumnType<Record<string, AnnotationProvenance>, string | undefined, string>;
}

export interface AnnotationProvenance {
  annotator: string;
  model: string | null;
  at: string;
  /** set when a staff member corrected the value: retrievals leave it alone */
  corrected_by?: string;
}

type JsonList = ColumnType<Record<string, unknown>[], string | undefined, string>;

export interface ProfileDetailTable {
  profile_id: number;
  educations: JsonList;
  jobs: JsonList;
  skills: JsonList;
  courses: JsonList;
  languages: JsonList;
  projects: JsonList;
  publications: JsonList;
  licenses: JsonList;
  recommendations: JsonList;
  interests: JsonList;
}

export interface ProfileConnectionTable {
  profile_id: number;
  connected_profile_id: number;
  degree: number;
}

export interface ProfileUserRatingTable {
  profile_id: number;
  user_id: number;
  rating: number;
  updated_at: UpdatedAt;
}

export interface ProfileCommentTable {
  profile_id: number;
  user_id: number;
  comment: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProfileListTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProfileListProfileTable {
  profile_list_id: number;
  profile_id: number;
}

export interface SavedSearchTable {
  id: Generated<number>;
  name: string;
  url: string;
  entity: string;
  owner_id: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** its new matches raise alerts (issue 18) */
  watched: Generated<boolean>;
  notification_type: ColumnType<NotificationType, NotificationType | undefined, NotificationType>;
  priority: ColumnType<Priority, Priority | undefined, Priority>;
  /** when it was last switched to watched */
  watched_at: Date | null;
  /** when the check after it was watched recorded who matched (null: not yet) */
  baseline_at: Date | null;
  muted_at: Date | null;
}

export interface SavedSearchMatchTable {
  saved_search_id: number;
  profile_id: number;
  first_seen_at: CreatedAt;
  /** when they stopped matching (null: they match) */
  left_at: Date | null;
}

export interface ProfileSnoozeTable {
  user_id: number;
  profile_id: number;
  until: Date;
  created_at: CreatedAt;
}

export interface TableVersionTable {
  table_name: string;
  version: ColumnType<number, never, never>;
}

/** What the profiles' index follows (migration profile-index-log): profiles changed, per transaction… */
export interface ProfileIndexChangeTable {
  xid: string;
  profile_id: number;
  search_changed: boolean;
}

/** …and the version each of those transactions took when it committed, in commit order. */
export interface ProfileIndexCommitTable {
  version: ColumnType<string, string | number, never>;
  xid: string;
  committed_at: CreatedAt;
  reset: boolean;
}

type Json<T> = ColumnType<T, string | undefined, string>;

export interface ExecutionProgress {
  total: number | null;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface ExecutionTable {
  id: Generated<number>;
  data_source_id: number | null;
  data_source_name: string;
  owner_id: number | null;
  started_by: number | null;
  trigger: Generated<'manual' | 'schedule'>;
  status: Generated<'PENDING' | 'STARTED' | 'SUCCESS' | 'FAILURE' | 'RETRY' | 'REVOKED'>;
  job_id: string | null;
  attempts: Generated<number>;
  /** input records fully processed: a retry resumes after them */
  checkpoint: Generated<number>;
  progress: Json<ExecutionProgress>;
  /** the first row failures, with their reasons */
  row_errors: Json<string[]>;
  result: ColumnType<{ exc_type: string; exc_message: string[] } | null, string | null | undefined, string | null>;
  date_created: CreatedAt;
  date_started: Date | null;
  date_done: Date | null;
}

export interface PlatformConnectionTable {
  id: Generated<number>;
  category_type: string;
  /** secret values encrypted (server/accounts/secret-box.ts) */
  connection_parameters: Json<Record<string, string | string[]>>;
  owner_id: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProfileChangeTable {
  id: Generated<string>;
  profile_id: number;
  execution_id: number | null;
  field: string;
  old_value: Json<unknown>;
  new_value: Json<unknown>;
  changed_at: CreatedAt;
  /** the writing transaction's id (xid8, read as text): the signals engine's order */
  txid: Generated<string>;
}

export type NotificationType = 'Email' | 'Slack';
export type Priority = 'High' | 'Medium' | 'Low';
export type NotificationStatus = 'PENDING' | 'SENT' | 'FAILED';

export interface RuleTable {
  id: Generated<number>;
  name: string;
  notification_type: NotificationType;
  priority: Priority;
  model_name: string;
  attribute: string;
  operator: string;
  value: string;
  owner_id: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  muted_at: Date | null;
}

export interface RuleProfileListTable {
  rule_id: number;
  profile_list_id: number;
}

export interface NotificationTable {
  id: Generated<number>;
  body: string;
  subject: string;
  /** what the body says, structured (server/signals/message.ts) for mail, Slack and digests */
  details: Json<Record<string, unknown>>;
  notification_status: ColumnType<NotificationStatus, NotificationStatus | undefined, NotificationStatus>;
  notification_type: NotificationType;
  priority: Priority;
  recipient: string;
  recipient_id: number | null;
  rule_id: number | null;
  rule_owner_id: number | null;
  profile_id: number | null;
  profile_change_id: string | null;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  failure_reason: string | null;
  sent_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** a watched saved search's alert (then rule_id and profile_change_id are null) */
  saved_search_id: number | null;
  /** the retrieval whose new matches a saved search's alert lists */
  execution_id: number | null;
  not_relevant_at: Date | null;
}

export interface SignalCursorTable {
  name: string;
  txid: string;
  change_id: string;
  updated_at: UpdatedAt;
  /** 'signals_from': the newest changed_at among the rows at or before it; null when none */
  newest_changed_at: Date | null;
}

/** One signal of a change-log row, written by the signals engine (migration 2026-11-26-change-signals). */
export interface ChangeSignalTable {
  change_id: string;
  signal: string;
  profile_id: number;
  changed_at: Date;
  old_text: string | null;
  new_text: string | null;
  /** trimmed and lower-cased in JS (match.ts folded): what the operators compare */
  old_folded: string | null;
  new_folded: string | null;
}

export interface DeliveryPaceTable {
  channel: string;
  next_at: Date;
}

export interface Database {
  app_user: AppUserTable;
  auth_token: AuthTokenTable;
  throttle: ThrottleTable;
  one_time_code: OneTimeCodeTable;
  organization: OrganizationTable;
  organization_user: OrganizationUserTable;
  data_source: DataSourceTable;
  data_source_dimensions: DataSourceDimensionsTable;
  company: CompanyTable;
  profile: ProfileTable;
  profile_detail: ProfileDetailTable;
  profile_connection: ProfileConnectionTable;
  profile_user_rating: ProfileUserRatingTable;
  profile_comment: ProfileCommentTable;
  profile_list: ProfileListTable;
  profile_list_profile: ProfileListProfileTable;
  saved_search: SavedSearchTable;
  saved_search_match: SavedSearchMatchTable;
  profile_snooze: ProfileSnoozeTable;
  table_version: TableVersionTable;
  profile_index_change: ProfileIndexChangeTable;
  profile_index_commit: ProfileIndexCommitTable;
  execution: ExecutionTable;
  platform_connection: PlatformConnectionTable;
  profile_change: ProfileChangeTable;
  rule: RuleTable;
  rule_profile_list: RuleProfileListTable;
  notification: NotificationTable;
  signal_cursor: SignalCursorTable;
  change_signal: ChangeSignalTable;
  delivery_pace: DeliveryPaceTable;
  audit_log: AuditLogTable;
}

/** One write through the API (migration 2026-11-27-audit; server/audit). */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: CreatedAt;
  user_id: number | null;
  user_email: string | null;
  action: string;
  entity: string;
  object_id: number | null;
  object_repr: string;
  changes: Json<Record<string, { before: unknown; after: unknown }>>;
}
