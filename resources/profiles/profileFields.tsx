// The label/value sections of a profile's detail screen (SPEC §2 Profile detail, §3 Profile).
import { Link } from '@mui/material';
import type { TranslateFunction } from 'react-admin';
import { RATING_FIELDS, type Profile } from '../../types/api';
import type { FieldDeclaration } from '../../src/lists/types';
import { nationalitiesText } from './nationality';

const label = (field: string) => `resources.profiles.fields.${field}`;
const notAvailable = 'app.value.not_available';

export const basicInfoFields: FieldDeclaration<Profile>[] = [
  { source: 'first_name', label: label('first_name') },
  { source: 'last_name', label: label('last_name') },
  { source: 'email', label: label('email') },
  { source: 'headline', label: label('headline') },
  { source: 'location', label: label('location') },
  { source: 'current_company', label: label('current_company') },
  {
    source: 'external_id',
    label: label('external_id'),
    render: ({ external_id }) =>
      /^https?:\/\//.test(external_id ?? '') ? (
        <Link href={external_id} target="_blank" rel="noopener noreferrer">
          {external_id}
        </Link>
      ) : (
        external_id
      ),
  },
  { source: 'data_sources', label: label('data_sources'), type: 'names' },
  { source: 'created_at', label: label('created_at'), type: 'datetime' },
  { source: 'updated_at', label: label('updated_at'), type: 'datetime' },
];

/** The AI annotation: age, gender, nationalities with percentages, summary and the four ratings. */
export function annotationFields(locale: string): FieldDeclaration<Profile>[] {
  return [
    { source: 'age_value', label: label('age_value') },
    {
      source: 'gender_value',
      label: label('gender_value'),
      render: ({ gender_value }, translate: TranslateFunction) =>
        gender_value ? translate(`resources.profiles.genders.${gender_value}`, { _: gender_value }) : null,
    },
    { source: 'nationalities', label: label('nationalities'), render: (profile) => nationalitiesText(profile.nationalities, locale) },
    { source: 'summary', label: label('summary') },
    ...RATING_FIELDS.map((field) => ({ source: field, label: label(field), empty: notAvailable })),
  ];
}

/** SPEC §2/§3: FS Rating (app_rating) and User Rating (profile_rating), shown to everyone. */
export const ratingFields: FieldDeclaration<Profile>[] = [
  { source: 'app_rating', label: label('app_rating'), empty: notAvailable },
  { source: 'profile_rating', label: label('profile_rating'), empty: notAvailable },
];
