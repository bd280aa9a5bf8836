import { Fragment, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { Profile } from '../../types/api';
import { displayValue } from '../../src/lists/fieldValue';
import { PROFILE_ITEM_LISTS, type ItemListDeclaration } from './itemListDeclarations';

const SHORT_VALUE_LENGTH = 40;
const isShort = (value: ReactNode) => typeof value === 'string' && value.length <= SHORT_VALUE_LENGTH;

/** Education, Jobs, … Interests: '-' for an empty list; an item shows only its fields that have a value. */
export function ProfileItemLists({ profile }: { profile: Profile }) {
  return (
    // minmax(0, …): a long item wraps inside its column instead of widening the page
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 3 }}>
      {PROFILE_ITEM_LISTS.map((list) => (
        <ItemList key={list.source} list={list} items={(profile[list.source] as RaRecord[] | null) ?? []} />
      ))}
    </Box>
  );
}

function ItemList({ list, items }: { list: ItemListDeclaration; items: RaRecord[] }) {
  const translate = useTranslate();
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(list.label)}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{translate('resources.profiles.empty_list')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {items.map((record, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an item has no id and two may be identical; the list is read-only and never reordered, so its position is its identity
            <Box component="li" key={index} sx={{ mb: 0.75, overflowWrap: 'break-word' }}>
              {list.fields
                .flatMap((field) => {
                  const value = displayValue(field, record, translate);
                  return value === null ? [] : [{ field, value }];
                })
                .map(({ field, value }, position) => (
                  <Fragment key={field.source}>
                    {/* the line may break after a separator, never inside a short "Label: value" */}
                    {position > 0 && ' · '}
                    <Box component="span" sx={{ whiteSpace: isShort(value) ? 'nowrap' : undefined }}>
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {translate(field.label)}:
                      </Box>{' '}
                      {value}
                    </Box>
                  </Fragment>
                ))}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
