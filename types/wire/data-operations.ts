// Data operations (SPEC §3 Execution, Data source, Data-source type definition, Platform
// connection): the shapes of the data sources, their executions and the platform connections
// that hold integration credentials, and of the type definitions ("dimensions") that drive
// their forms.
import { Type } from 'typebox';
import { DateTime, Nullable, RequiredText } from '../schema';

/** Celery's words (CONVENTIONS "API"). */
export const EXECUTION_STATUSES = ['PENDING', 'STARTED', 'SUCCESS', 'FAILURE', 'RETRY', 'REVOKED'] as const;
export const ExecutionStatusSchema = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('STARTED'),
  Type.Literal('SUCCESS'),
  Type.Literal('FAILURE'),
  Type.Literal('RETRY'),
  Type.Literal('REVOKED'),
]);
/** statuses after which nothing more happens to an execution */
export const FINISHED_STATUSES = ['SUCCESS', 'FAILURE', 'REVOKED'] as const;

/** `null`, or what went wrong: the exception's type and its messages. */
export const ExecutionResultSchema = Nullable(Type.Object({ exc_type: Type.String(), exc_message: Type.Array(Type.String()) }));

/** How far a retrieval got: records read, and what each did to the database. */
export const ExecutionProgressSchema = Type.Object({
  /** records the source announced, when it knows (null: unknown until the end) */
  total: Nullable(Type.Integer()),
  processed: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
});

export const ExecutionSchema = Type.Object({
  id: Type.Integer(),
  status: ExecutionStatusSchema,
  date_created: DateTime,
  date_started: Nullable(DateTime),
  /** when it finished (SUCCESS, FAILURE, REVOKED); null before */
  date_done: Nullable(DateTime),
  result: ExecutionResultSchema,
  /** null once the data source is deleted (the history stays) */
  data_source: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** started by hand (the Retrieve Data action) or by the data source's schedule */
  trigger: Type.Union([Type.Literal('manual'), Type.Literal('schedule')]),
  /** 1 for the first try; a retry after a transient failure or a crash counts up */
  attempts: Type.Integer(),
  progress: ExecutionProgressSchema,
});

/** One execution as the data source detail lists it (SPEC §2: status, date done, result). */
export const DataSourceExecutionSchema = Type.Object({
  id: Type.Integer(),
  status: ExecutionStatusSchema,
  date_created: DateTime,
  date_done: Nullable(DateTime),
  result: ExecutionResultSchema,
});

/** additional_data and connection_parameters values: text or a list of text */
export const FieldValueSchema = Type.Union([
  Type.String({ maxLength: 10_000 }),
  Type.Array(Type.String({ maxLength: 10_000 }), { maxItems: 1_000 }),
]);
export const FieldValuesSchema = Type.Record(Type.String({ maxLength: 100 }), FieldValueSchema);

/**
 * One field of a type definition's form. `type`: 'text' holds one text value; 'list' a list of
 * text values; 'connection' names a platform connection of the given `category` — its id, as
 * text ("12"), edited as a choice among the user's connections of that category.
 */
export const FieldDefinitionSchema = Type.Object({
  label: Type.String(),
  type: Type.Union([Type.Literal('text'), Type.Literal('list'), Type.Literal('connection')]),
  /** type 'connection': the category_type of the platform connections it may name, e.g. 'openai_compatible' */
  category: Type.Optional(Type.String()),
  required: Type.Boolean(),
  /** kept and sent, never shown in the form */
  hidden: Type.Boolean(),
  /** a credential: stored encrypted, answered masked (platform connections) */
  secret: Type.Optional(Type.Boolean()),
  /** a short explanation under the input */
  help: Type.Optional(Type.String()),
});

export const ScheduleOptionSchema = Type.Object({
  /** a cron expression; '' means manual */
  value: Type.String(),
  label: Type.String(),
});

/** A data-source type (SPEC §3 Data-source type definition). */
export const DataSourceTypeSchema = Type.Object({
  internal_name: Type.String(),
  label: Type.String(),
  additional_data: Type.Record(Type.String(), FieldDefinitionSchema),
  schedule_options: Type.Array(ScheduleOptionSchema),
});
/** GET /data-sources/dimensions/: every type, keyed by its internal name. */
export const DataSourceDimensionsSchema = Type.Record(Type.String(), DataSourceTypeSchema);

export const DataSourceSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  is_public: Type.Boolean(),
  /** the type's internal name */
  source_type: Type.String(),
  additional_data: FieldValuesSchema,
  /** null: retrieved by hand only */
  cron_schedule: Nullable(Type.String()),
  /** e-mail of the user who owns it */
  created_by: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
  /** the latest executions, newest first */
  executions: Type.Array(DataSourceExecutionSchema),
});

/** Body of POST /data-sources/ and PUT /data-sources/{id}/ (PATCH: any of them). */
export const DataSourceWriteSchema = Type.Object({
  name: RequiredText(255),
  source_type: Type.String({ minLength: 1, maxLength: 100 }),
  additional_data: Type.Optional(FieldValuesSchema),
  /** a cron expression of 5 parts; '' or null: manual */
  schedule: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
});

export const SetPublicSchema = Type.Object({ is_public: Type.Boolean() });

/** A platform connection type (SPEC §3 Platform connection). */
export const PlatformConnectionTypeSchema = Type.Object({
  internal_name: Type.String(),
  label: Type.String(),
  connection_parameters: Type.Record(Type.String(), FieldDefinitionSchema),
});
/** GET /platform-connections/dimensions/: every category, keyed by its internal name. */
export const PlatformConnectionDimensionsSchema = Type.Record(Type.String(), PlatformConnectionTypeSchema);

export const PlatformConnectionSchema = Type.Object({
  id: Type.Integer(),
  category_type: Type.String(),
  /** secret values masked: '••••••••' and their last four characters */
  connection_parameters: FieldValuesSchema,
  /** e-mail of the user who created it */
  created_by: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
});

/**
 * Body of POST /platform-connections/ and PUT /platform-connections/{id}/. A secret
 * sent back masked, as it was answered, keeps the stored value.
 */
export const PlatformConnectionWriteSchema = Type.Object({
  category_type: Type.String({ minLength: 1, maxLength: 100 }),
  connection_parameters: FieldValuesSchema,
});
