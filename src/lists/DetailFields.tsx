import { Box } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { FieldValue, displayValue } from './fieldValue';
import type { FieldDeclaration } from './types';

/**
 * Label/value pairs of a detail screen, as a description list. A field whose value is
 * empty is left out, unless it declares an `empty` text to show instead.
 */
export function DetailFields<R extends RaRecord>({
  record,
  fields,
  resource,
}: {
  record: R;
  fields: FieldDeclaration<R>[];
  /** base of 'show' links */
  resource: string;
}) {
  const translate = useTranslate();
  const shown = fields.filter((field) => field.empty || displayValue(field, record, translate) !== null);

  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) minmax(0, 1fr)' }, gap: 1, m: 0 }}
    >
      {shown.map((field) => (
        <Box key={field.source + field.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {translate(field.label)}
          </Box>
          <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <FieldValue field={field} record={record} resource={resource} translate={translate} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
