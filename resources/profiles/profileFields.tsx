// The label/value sections of a profile's detail screen (SPEC §2 Profile detail, §3 Profile), as
// react-admin fields of the profile in the record context; labels are resources.profiles.fields.*.
import { Link } from '@mui/material';
import { FunctionField, TextField, useLocaleState, useTranslate } from 'react-admin';
import { RATING_FIELDS, type Profile } from '../../types/api';
import { DateTimeField, NamesField } from '../../src/admin-kit/fields';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { nationalitiesText } from './nationality';

const notAvailable = 'app.value.not_available';

/** The external id, as a link (new tab) when it is an address. */
const externalId = ({ external_id }: Profile) =>
  external_id && /^https?:\/\//.test(external_id) ? (
    <Link href={external_id} target="_blank" rel="noopener noreferrer">
      {external_id}
    </Link>
  ) : (
    external_id
  );

export function ProfileBasicInfo() {
  return (
    <SpecShowLayout>
      <TextField source="first_name" />
      <TextField source="last_name" />
      <TextField source="email" />
      <TextField source="headline" />
      <TextField source="location" />
      <TextField source="current_company" />
      <FunctionField<Profile> source="external_id" render={externalId} />
      <NamesField source="data_sources" />
      <DateTimeField source="created_at" />
      <DateTimeField source="updated_at" />
    </SpecShowLayout>
  );
}

/** The AI annotation: age, gender, nationalities with percentages, summary and the four ratings (N/A when missing). */
export function ProfileAnnotation() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SpecShowLayout>
      <TextField source="age_value" />
      <FunctionField<Profile>
        source="gender_value"
        render={({ gender_value }) => (gender_value ? translate(`resources.profiles.genders.${gender_value}`, { _: gender_value }) : null)}
      />
      <FunctionField<Profile> source="nationalities" render={(profile) => nationalitiesText(profile.nationalities, locale)} />
      <TextField source="summary" />
      {RATING_FIELDS.map((field) => (
        <TextField key={field} source={field} emptyText={notAvailable} />
      ))}
    </SpecShowLayout>
  );
}

/** SPEC §2/§3: FS Rating (app_rating) and User Rating (profile_rating), shown to everyone. */
export function ProfileRatings() {
  return (
    <SpecShowLayout>
      <TextField source="app_rating" emptyText={notAvailable} />
      <TextField source="profile_rating" emptyText={notAvailable} />
    </SpecShowLayout>
  );
}
