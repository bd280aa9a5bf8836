// The label/value pairs of a detail screen: react-admin's SimpleShowLayout the SPEC's way. Its
// children are react-admin fields (TextField, FunctionField, the kit's DateTimeField…), each shown
// in react-admin's <Labeled> (label from `label`, else resources.{resource}.fields.{source}) — as a
// description list, <dt> label and <dd> value — and left out when its value is empty (SPEC §2
// Companies: "Empty values are hidden"), unless it has an `emptyText` ('N/A') to show instead.
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Box, Stack, type SxProps, type Theme } from '@mui/material';
import { Labeled, type RaRecord, useRecordContext, useResourceContext, useTranslateLabel } from 'react-admin';

/** The props of a field element that the layout reads. */
export interface ShownFieldProps {
  source?: string;
  label?: ReactNode;
  emptyText?: string;
  /** FunctionField's */
  render?: (record: RaRecord, source?: string) => unknown;
}

/** record['a']['b'] for source 'a.b'; undefined when a step is missing. */
export function valueAt(record: unknown, source: string): unknown {
  return source
    .split('.')
    .reduce<unknown>(
      (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      record,
    );
}

/** Nothing to show: null, undefined, '' or an empty list. */
export const isEmptyValue = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * What a field shows of the record, before its own formatting: a FunctionField's rendering,
 * else the value at its source (a field without either shows something of its own: true).
 */
export function shownValue(field: ReactElement<ShownFieldProps>, record: RaRecord): unknown {
  const { render, source } = field.props;
  if (typeof render === 'function') return render(record, source);
  return source ? valueAt(record, source) : true;
}

/** Whether the layout shows the field: it has a value, or an empty text to show instead. */
export function isShownField(field: ReactElement<ShownFieldProps>, record: RaRecord): boolean {
  return Boolean(field.props.emptyText) || !isEmptyValue(shownValue(field, record));
}

/** The field elements among `children` that `record` gives something to show. */
export function shownFields(children: ReactNode, record: RaRecord): ReactElement<ShownFieldProps>[] {
  return Children.toArray(children).filter(
    (child): child is ReactElement<ShownFieldProps> => isValidElement<ShownFieldProps>(child) && isShownField(child, record),
  );
}

export function SpecShowLayout({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  if (!record) return null;
  return (
    <Stack component="dl" spacing={1} useFlexGap sx={[{ m: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {shownFields(children, record).map((field) => (
        <Labeled
          key={field.key}
          component="div"
          label={
            field.props.label === false ? (
              false
            ) : (
              // biome-ignore lint/complexity/noUselessFragments: react-admin's FieldTitle wraps a string label in a <span> but shows an element as it is: the <dt> holds the text itself
              <>{translateLabel({ label: field.props.label, source: field.props.source, resource })}</>
            )
          }
          source={field.props.source}
          resource={resource}
          TypographyProps={{ component: 'dt' } as object}
        >
          <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {field}
          </Box>
        </Labeled>
      ))}
    </Stack>
  );
}
