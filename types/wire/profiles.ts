// Profiles (SPEC §3 Profile, Profile dimensions, Connection).
import { Type, type TSchema } from 'typebox';
import { DataSourceRefSchema, DateTime, Nullable } from '../schema';
import { ANNOTATED_AGE, ISO_COUNTRY_CODES } from './countries';
import { NamedRefSchema, NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from './signals';

/** The four AI ratings, 0–10, null when the annotation has none. */
export const RATING_FIELDS = [
  'tech_rating',
  'education_rating',
  'professional_experience_rating',
  'entrepreneurial_spirit_rating',
] as const;
export type RatingField = (typeof RATING_FIELDS)[number];

const NullableNumber = Nullable(Type.Number());
const NullableString = Nullable(Type.String());
const ratings = {
  tech_rating: NullableNumber,
  education_rating: NullableNumber,
  professional_experience_rating: NullableNumber,
  entrepreneurial_spirit_rating: NullableNumber,
} satisfies Record<RatingField, TSchema>;

/** A row of the profiles list. */
export const ProfileSummarySchema = Type.Object({
  id: Type.Integer(),
  external_id: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: NullableString,
  location: NullableString,
  headline: NullableString,
  image_url: NullableString,
  current_company: NullableString,
  gender_value: NullableString,
  ...ratings,
  created_at: DateTime,
  updated_at: DateTime,
});

// The items of the ten lists are documents as a connector stored them: a field may be missing.
const maybe = <T extends TSchema & { type: string }>(schema: T) => Type.Optional(Nullable(schema));
const period = { start_date: maybe(Type.String()), end_date: maybe(Type.String()) };
export const EducationSchema = Type.Object({
  degree: maybe(Type.String()),
  field_of_study: maybe(Type.String()),
  ...period,
  school: Type.Optional(Type.Object({ name: maybe(Type.String()), location: maybe(Type.String()) })),
});
export const JobSchema = Type.Object({
  job_title: maybe(Type.String()),
  ...period,
  company: Type.Optional(Type.Object({ id: maybe(Type.Integer()), name: maybe(Type.String()) })),
});
export const SkillSchema = Type.Object({ name: Type.String(), endorsements: maybe(Type.Integer()) });
export const CourseSchema = Type.Object({ name: Type.String() });
export const LanguageSchema = Type.Object({ name: Type.String(), level: maybe(Type.String()) });
export const ProjectSchema = Type.Object({ title: Type.String(), ...period });
export const PublicationSchema = Type.Object({ publisher: maybe(Type.String()), link: maybe(Type.String()) });
export const LicenseSchema = Type.Object({ name: Type.String(), issuer: maybe(Type.String()) });
export const RecommendationSchema = Type.Object({ text: Type.String(), received: Type.Boolean(), profile_url: maybe(Type.String()) });
export const InterestSchema = Type.Object({ name: Type.String(), interest_type: maybe(Type.String()), count: maybe(Type.Integer()) });

export const ProfileCommentSchema = Type.Object({ email: Type.String(), comment: Type.String() });

export const AnnotationProvenanceSchema = Type.Object({
  annotator: Type.String(),
  model: Nullable(Type.String()),
  at: Type.String(),
  corrected_by: Type.Optional(Type.String()),
});

export const ProfileSchema = Type.Object({
  ...ProfileSummarySchema.properties,
  data_sources: Type.Array(DataSourceRefSchema),
  age_value: Nullable(Type.Integer()),
  summary: NullableString,
  /** country code → probability (0–1) */
  nationalities: Type.Record(Type.String(), Type.Number()),
  /** FS Rating, set by staff */
  app_rating: NullableNumber,
  /** the current user's own rating (User Rating) */
  profile_rating: NullableNumber,
  /** staff: every comment; others: only their own */
  comments: Type.Array(ProfileCommentSchema),
  /** per AI annotation field: who set it and when (a staff correction names its author) */
  annotation_provenance: Type.Record(Type.String(), AnnotationProvenanceSchema),
  educations: Type.Array(EducationSchema),
  jobs: Type.Array(JobSchema),
  skills: Type.Array(SkillSchema),
  courses: Type.Array(CourseSchema),
  languages: Type.Array(LanguageSchema),
  projects: Type.Array(ProjectSchema),
  publications: Type.Array(PublicationSchema),
  licenses: Type.Array(LicenseSchema),
  recommendations: Type.Array(RecommendationSchema),
  interests: Type.Array(InterestSchema),
});

const RangeSchema = Type.Object({ min: Type.Number(), max: Type.Number() });
export const ProfileDimensionsSchema = Type.Object({
  /** a rating no visible profile has is left out (the app then offers 0 to 1) */
  range_fields: Type.Object({
    tech_rating: Type.Optional(RangeSchema),
    education_rating: Type.Optional(RangeSchema),
    professional_experience_rating: Type.Optional(RangeSchema),
    entrepreneurial_spirit_rating: Type.Optional(RangeSchema),
  } satisfies Record<RatingField, TSchema>),
  multiple_values_filter: Type.Object({
    data_sources: Type.Array(DataSourceRefSchema),
    nationalities: Type.Array(Type.String()),
    genders: Type.Array(Type.String()),
  }),
});

export const ConnectionSchema = Type.Object({
  id: Type.Integer(),
  external_id: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  degree: Type.Integer(),
});

/** A rating: 0.00–10.00 in steps of 0.01 (SPEC §5); the step is checked in code (floating point). */
export const RatingValue = Type.Number({ minimum: 0, maximum: 10 });
export const AppRatingRequestSchema = Type.Object({ app_rating: RatingValue });
export const UserRatingRequestSchema = Type.Object({ profile_rating: RatingValue });
export const CommentRequestSchema = Type.Object({ comment: Type.String({ minLength: 1, maxLength: 10000 }) });

/** PATCH /profiles/{id}/annotation/ (staff): corrected AI annotation values; later retrievals keep them. */
export const AnnotationCorrectionSchema = Type.Object(
  {
    age_value: Type.Optional(Nullable(Type.Integer(ANNOTATED_AGE))),
    gender_value: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 50 }))),
    /** country code → share 0–1; the shares add up to at most 1 (checked in code) */
    nationalities: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), Type.Number({ minimum: 0, maximum: 1 }), {
        maxProperties: 20,
        // a key that is not a country code is refused, not let through beside the pattern
        propertyNames: { enum: ISO_COUNTRY_CODES },
      }),
    ),
    summary: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    tech_rating: Type.Optional(Nullable(RatingValue)),
    education_rating: Type.Optional(Nullable(RatingValue)),
    professional_experience_rating: Type.Optional(Nullable(RatingValue)),
    entrepreneurial_spirit_rating: Type.Optional(Nullable(RatingValue)),
  },
  { minProperties: 1 },
);

/** One row of a profile's change log (what a retrieval or a correction changed). */
/** A notification as the change that raised it lists it (the profile's timeline). */
export const ChangeNotificationSchema = Type.Object({
  id: Type.Integer(),
  notification_status: Type.Unsafe<(typeof NOTIFICATION_STATUSES)[number]>({ type: 'string', enum: [...NOTIFICATION_STATUSES] }),
  notification_type: Type.Unsafe<(typeof NOTIFICATION_TYPES)[number]>({ type: 'string', enum: [...NOTIFICATION_TYPES] }),
  recipient: Type.String(),
  /** the rule that raised it; null once the rule is deleted */
  rule: Nullable(NamedRefSchema),
});

export const ProfileChangeSchema = Type.Object({
  id: Type.Integer(),
  field: Type.String(),
  old_value: Type.Unknown(),
  new_value: Type.Unknown(),
  changed_at: DateTime,
  /** the execution that brought it, null for a staff correction */
  execution_id: Nullable(Type.Integer()),
  /** the notifications it raised that the viewer may see (theirs as recipient or rule owner; staff: all), newest first */
  notifications: Type.Array(ChangeNotificationSchema),
});
