// The ten lists of a profile (SPEC §2 Profile detail, §3 Profile) as declarations: which items,
// and which of their fields (react-admin fields of one item), each shows.
import type { ReactElement } from 'react';
import { TextField, UrlField } from 'react-admin';
import type { Profile } from '../../types/api';
import { YesNoField } from '../../src/admin-kit/fields';

export interface ItemListDeclaration {
  source: keyof Profile & string;
  /** i18n key of the heading */
  label: string;
  /** the fields of one item, in order; one without a value is left out */
  fields: ReactElement[];
}

const item = (field: string) => `resources.profiles.items.${field}`;
const text = (source: string, label = source) => <TextField key={source} source={source} label={item(label)} />;
/** An address outside the app, opened in a new tab. */
const externalLink = (source: string) => (
  <UrlField key={source} source={source} label={item(source)} target="_blank" rel="noopener noreferrer" />
);
const period = () => [text('start_date'), text('end_date')];

export const PROFILE_ITEM_LISTS: ItemListDeclaration[] = [
  {
    source: 'educations',
    label: 'resources.profiles.lists.educations',
    fields: [
      text('school.name', 'school'),
      text('degree'),
      text('field_of_study'),
      ...period(),
      text('school.location', 'school_location'),
    ],
  },
  { source: 'jobs', label: 'resources.profiles.lists.jobs', fields: [text('job_title'), text('company.name', 'company'), ...period()] },
  { source: 'skills', label: 'resources.profiles.lists.skills', fields: [text('name'), text('endorsements')] },
  { source: 'courses', label: 'resources.profiles.lists.courses', fields: [text('name')] },
  { source: 'languages', label: 'resources.profiles.lists.languages', fields: [text('name'), text('level')] },
  { source: 'projects', label: 'resources.profiles.lists.projects', fields: [text('title'), ...period()] },
  { source: 'publications', label: 'resources.profiles.lists.publications', fields: [text('publisher'), externalLink('link')] },
  { source: 'licenses', label: 'resources.profiles.lists.licenses', fields: [text('name'), text('issuer')] },
  {
    source: 'recommendations',
    label: 'resources.profiles.lists.recommendations',
    fields: [text('text'), <YesNoField key="received" source="received" label={item('received')} />, externalLink('profile_url')],
  },
  {
    source: 'interests',
    label: 'resources.profiles.lists.interests',
    fields: [text('name'), text('interest_type'), text('count')],
  },
];
