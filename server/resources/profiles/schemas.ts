import { RATING_FIELDS } from '../../../types/api';
import { dateTime, object } from '../../http/schemas';

const nullableNumber = { type: ['number', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;
const ratings = Object.fromEntries(RATING_FIELDS.map((f) => [f, nullableNumber]));
const ref = object({ id: { type: 'integer' }, name: { type: 'string' } });

export const profileSummarySchema = object({
  id: { type: 'integer' },
  external_id: { type: 'string' },
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  email: nullableString,
  location: nullableString,
  headline: nullableString,
  image_url: nullableString,
  current_company: nullableString,
  gender_value: nullableString,
  ...ratings,
  created_at: dateTime,
  updated_at: dateTime,
});

/** The nested lists are documents as the connector stored them: described loosely. */
const list = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

export const profileSchema = {
  ...profileSummarySchema,
  required: [...profileSummarySchema.required, 'data_sources', 'comments'],
  properties: {
    ...profileSummarySchema.properties,
    data_sources: { type: 'array', items: ref },
    age_value: { type: ['integer', 'null'] },
    summary: nullableString,
    nationalities: { type: 'object', additionalProperties: { type: 'number' } },
    app_rating: nullableNumber,
    profile_rating: nullableNumber,
    comments: { type: 'array', items: object({ email: { type: 'string' }, comment: { type: 'string' } }) },
    educations: list, jobs: list, skills: list, courses: list, languages: list,
    projects: list, publications: list, licenses: list, recommendations: list, interests: list,
  },
} as const;

const range = object({ min: { type: 'number' }, max: { type: 'number' } });
export const dimensionsSchema = object({
  range_fields: { type: 'object', properties: Object.fromEntries(RATING_FIELDS.map((f) => [f, range])) },
  multiple_values_filter: object({
    data_sources: { type: 'array', items: ref },
    nationalities: { type: 'array', items: { type: 'string' } },
    genders: { type: 'array', items: { type: 'string' } },
  }),
});

export const connectionSchema = object({
  id: { type: 'integer' }, external_id: { type: 'string' }, first_name: { type: 'string' }, last_name: { type: 'string' }, degree: { type: 'integer' },
});

/** A rating: 0.00–10.00 in steps of 0.01 (SPEC §5); the step is checked in code (floating point). */
export const ratingValue = { type: 'number', minimum: 0, maximum: 10 } as const;
