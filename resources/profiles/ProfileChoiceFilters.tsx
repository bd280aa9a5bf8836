import { useLocaleState, useTranslate } from 'react-admin';
import type { ListFilterProps } from '../../src/admin-kit/list/types';
import { MultiSelectFilter } from './MultiSelectFilter';
import { nationalityLabel } from './nationality';
import { useProfileFilterOptions } from './useProfileFilterOptions';

/** The URL keys of these filters, repeated once per chosen value (SPEC §2 Profiles list). */
export const CHOICE_KEYS = ['data_sources', 'nationalities', 'gender'];

/** Data sources (by name), nationalities (country name and code) and genders, from the dimensions. */
export function ProfileChoiceFilters({ values, onChange }: ListFilterProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const offered = useProfileFilterOptions()?.multiple_values_filter;
  const label = (name: string) => translate(`resources.profiles.filters.${name}`);

  return (
    <>
      <MultiSelectFilter
        label={label('data_sources')}
        choices={(offered?.data_sources ?? []).map((source) => ({ value: String(source.id), label: source.name }))}
        selected={values.data_sources ?? []}
        onChange={(next) => onChange({ data_sources: next })}
      />
      <MultiSelectFilter
        label={label('nationalities')}
        // named when shown (the chosen ones, the open list): the browser's country names cost a
        // phone tens of milliseconds the first time, which the list's first screen need not wait for
        choices={(offered?.nationalities ?? []).map((code) => ({
          value: code,
          get label() {
            return nationalityLabel(code, locale);
          },
        }))}
        selected={values.nationalities ?? []}
        onChange={(next) => onChange({ nationalities: next })}
      />
      <MultiSelectFilter
        label={label('genders')}
        choices={(offered?.genders ?? []).map((gender) => ({
          value: gender,
          label: translate(`resources.profiles.genders.${gender}`, { _: gender }),
        }))}
        selected={values.gender ?? []}
        onChange={(next) => onChange({ gender: next })}
      />
    </>
  );
}
