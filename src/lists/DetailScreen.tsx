// The frame of every detail screen (/{resource}/{id}): loads the record named by the
// address, shows 'Loading...' or 'Error: …' meanwhile, then the title, the buttons and
// what the resource puts inside.
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useGetOne, useTranslate, type RaRecord, type UseGetOneOptions } from 'react-admin';
import { loadErrorText } from '../admin-kit/errorMessage';
import { PageHeading } from '../admin-kit/PageHeading';

export interface DetailScreenProps<R extends RaRecord> {
  resource: string;
  /** i18n key of the title; the record's fields interpolate ('%{name}') */
  title: string;
  /** an Edit button to /{resource}/{id}/update; a string is the i18n key of its label */
  edit?: boolean | string;
  /** more buttons beside Edit */
  actions?: (record: R) => ReactNode;
  /** more options of the record's query, e.g. a refetchInterval while it is running */
  queryOptions?: Omit<UseGetOneOptions<R>, 'retry'>;
  children: (record: R) => ReactNode;
}

export function DetailScreen<R extends RaRecord>({ resource, title, edit, actions, queryOptions, children }: DetailScreenProps<R>) {
  const translate = useTranslate();
  const { id = '' } = useParams<{ id: string }>();
  const { data: record, isPending, error } = useGetOne<R>(resource, { id }, { ...queryOptions, retry: false });

  if (isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  if (error || !record) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {loadErrorText(error, translate)}
      </Alert>
    );
  }
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <PageHeading title={translate(title, { ...record })} sx={{ flexGrow: 1 }} />
        {actions?.(record)}
        {edit && (
          <Button variant="contained" component={RouterLink} to={`/${resource}/${record.id}/update`}>
            {translate(typeof edit === 'string' ? edit : 'app.detail.edit')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {children(record)}
      </Paper>
    </Box>
  );
}
