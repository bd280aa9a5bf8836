// The fields an entry changed: compact in a list row ('field: before → after', long values
// shortened, the first few fields), whole in the entry's detail (a Field / Before / After table).
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditEntry } from '../../types/api';
import { type ChangeLine, changeLines, SHOWN_FIELDS, shorten } from './changes';

const t = (key: string) => `resources.audit-log.changes.${key}`;

function useValueText() {
  const translate = useTranslate();
  return (value: string | null, short = false) => (value === null ? translate(t('empty_value')) : short ? shorten(value) : value);
}

const lineText = (line: ChangeLine, shown: (value: string | null) => string) =>
  `${line.field}: ${shown(line.before)} → ${shown(line.after)}`;

/** The list's Changes column. */
export function ChangesSummary() {
  const entry = useRecordContext<AuditEntry>();
  const translate = useTranslate();
  const valueText = useValueText();
  if (!entry) return null;
  const lines = changeLines(entry.changes);
  const more = lines.length - SHOWN_FIELDS;
  return (
    // wide enough that a narrow screen does not break it letter by letter
    <Box title={lines.map((line) => lineText(line, (value) => valueText(value))).join('\n')} sx={{ minWidth: 200 }}>
      {lines.slice(0, SHOWN_FIELDS).map((line) => (
        <Typography key={line.field} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {lineText(line, (value) => valueText(value, true))}
        </Typography>
      ))}
      {more > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate(t('more'), { smart_count: more })}
        </Typography>
      )}
    </Box>
  );
}

/** The entry detail's table of every changed field, values whole. */
export function ChangesTable() {
  const entry = useRecordContext<AuditEntry>();
  const translate = useTranslate();
  const valueText = useValueText();
  if (!entry) return null;
  const lines = changeLines(entry.changes);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(t('none'))}
      </Typography>
    );
  }
  const cell = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', verticalAlign: 'top' } as const;
  return (
    <Table size="small" aria-label={translate('resources.audit-log.fields.changes')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(t('field'))}</TableCell>
          <TableCell>{translate(t('before'))}</TableCell>
          <TableCell>{translate(t('after'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.field}>
            <TableCell sx={cell}>{line.field}</TableCell>
            <TableCell sx={cell}>{valueText(line.before)}</TableCell>
            <TableCell sx={cell}>{valueText(line.after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
