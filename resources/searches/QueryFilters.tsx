// A saved search's query as the filters it holds (savedQuery.ts), one line each, in the words of
// the profiles screen: its labels, data sources by name, countries by name, genders as it shows them.
import { Typography } from '@mui/material';
import { useGetMany, useRecordContext, useTranslate } from 'react-admin';
import type { DataSource, SavedSearch } from '../../types/api';
import { nationalityLabel } from '../profiles/nationality';
import { queryParts, type QueryPart } from './savedQuery';

export function QueryFilters() {
  const translate = useTranslate();
  const search = useRecordContext<SavedSearch>();
  const parts = queryParts(search?.url ?? '');
  const ids = parts.flatMap((part) => (part.kind === 'data_sources' ? part.ids : []));
  // a source the user may no longer read is shown by its id
  const { data: sources } = useGetMany<DataSource>('data-sources', { ids }, { enabled: ids.length > 0 });
  const sourceName = (id: number) => sources?.find((source) => source.id === id)?.name ?? `#${id}`;
  if (parts.length === 0) return <Typography variant="body2">{translate('resources.searches.query.everyone')}</Typography>;

  const line = (part: QueryPart): [string, string] => {
    const field = (name: string) => translate(`resources.profiles.fields.${name}`);
    switch (part.kind) {
      case 'search':
        return [translate('resources.searches.query.search'), `“${part.value}”`];
      case 'data_sources':
        return [translate('resources.profiles.filters.data_sources'), part.ids.map(sourceName).join(', ')];
      case 'nationalities':
        return [translate('resources.profiles.filters.nationalities'), part.values.map((code) => nationalityLabel(code)).join(', ')];
      case 'gender':
        return [
          translate('resources.profiles.filters.genders'),
          part.values.map((value) => translate(`resources.profiles.genders.${value}`, { _: value })).join(', '),
        ];
      case 'range':
        return [field(part.field), `${part.low ?? '…'} – ${part.high ?? '…'}`];
      case 'sort':
        return [
          translate('resources.searches.query.sorted_by'),
          `${translate(`resources.profiles.fields.${part.field}`, { _: part.field })}, ${translate(
            part.descending ? 'resources.searches.query.descending' : 'resources.searches.query.ascending',
          )}`,
        ];
    }
  };
  return (
    <dl style={{ margin: 0 }}>
      {parts.map((part) => {
        const [label, value] = line(part);
        return (
          <Typography key={`${part.kind}-${label}`} variant="body2" component="div" sx={{ display: 'flex', gap: 1, py: 0.25 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}:
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Typography>
        );
      })}
    </dl>
  );
}
