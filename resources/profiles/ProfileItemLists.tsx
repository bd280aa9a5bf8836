import { Fragment, type ReactElement } from 'react';
import { Box } from '@mui/material';
import { ArrayField, RecordContextProvider, useListContext, useRecordContext, useTranslateLabel } from 'react-admin';
import { shownFields, shownValue } from '../../src/admin-kit/show/SpecShowLayout';
import { EmptyText, ShowSection } from '../../src/admin-kit/show/ShowSection';
import { PROFILE_ITEM_LISTS } from './itemListDeclarations';

const SHORT_VALUE_LENGTH = 40;
const isShort = (value: unknown) =>
  (typeof value === 'string' && value.length <= SHORT_VALUE_LENGTH) || typeof value === 'number' || typeof value === 'boolean';

/** Education, Jobs, … Interests of the profile in the record context: '-' for an empty list; an item shows only its fields that have a value. */
export function ProfileItemLists() {
  return (
    // minmax(0, …): a long item wraps inside its column instead of widening the page
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 3 }}>
      {PROFILE_ITEM_LISTS.map((list) => (
        <ShowSection key={list.source} title={list.label}>
          <ArrayField source={list.source}>
            <ItemList fields={list.fields} />
          </ArrayField>
        </ShowSection>
      ))}
    </Box>
  );
}

/** The items of the ArrayField's list context, one line each. */
function ItemList({ fields }: { fields: ReactElement[] }) {
  const { data } = useListContext();
  if (!data?.length) return <EmptyText text="resources.profiles.empty_list" />;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {data.map((record, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an item has no id and two may be identical; the list is read-only and never reordered, so its position is its identity
        <Box component="li" key={index} sx={{ mb: 0.75, overflowWrap: 'break-word', typography: 'body2' }}>
          <RecordContextProvider value={record}>
            <ItemFields fields={fields} />
          </RecordContextProvider>
        </Box>
      ))}
    </Box>
  );
}

/** 'Label: value · Label: value' of the item in the record context, its empty fields left out. */
function ItemFields({ fields }: { fields: ReactElement[] }) {
  const record = useRecordContext();
  const translateLabel = useTranslateLabel();
  if (!record) return null;
  return shownFields(fields, record).map((field, position) => (
    <Fragment key={field.key}>
      {/* the line may break after a separator, never inside a short "Label: value" */}
      {position > 0 && ' · '}
      <Box component="span" sx={{ whiteSpace: isShort(shownValue(field, record)) ? 'nowrap' : undefined }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {translateLabel({ label: field.props.label, source: field.props.source })}:
        </Box>{' '}
        {field}
      </Box>
    </Fragment>
  ));
}
