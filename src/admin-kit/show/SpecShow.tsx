// The detail screen of SPEC §2 (/{resource}/{id}) on react-admin's <ShowBase>: 'Loading...' while
// the record loads, 'Error: {message}' or 'An unknown error occurred' in its place when it fails
// (SPEC §8: no notification, no redirect), else the title as the page's h1 (an i18n key that the
// record's fields interpolate: 'Organization %{name}'), the screen's own buttons, an Edit button to
// /{resource}/{id}/update (the SPEC's route, not react-admin's /{resource}/{id}) and the content,
// which reads the record from react-admin's record context like any <Show> layout. Staff also get
// the record's History (its audit trail entries) there.
import type { ReactNode } from 'react';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { EditButton, type RaRecord, ShowBase, type ShowControllerProps, useShowContext, useTranslate } from 'react-admin';
import { loadErrorText } from '../errorMessage';
import { HistoryLink } from '../history/HistoryLink';
import { PageHeading } from '../PageHeading';

export interface SpecShowProps<R extends RaRecord> {
  /** react-admin resource, also the base of the Edit route */
  resource: string;
  /** i18n key of the title; the record's fields interpolate ('%{name}') */
  title: string;
  /** an Edit button to /{resource}/{id}/update; a string is the i18n key of its label */
  edit?: boolean | string;
  /** more buttons before Edit: elements (that may read the record context) or a function of the record */
  actions?: ReactNode | ((record: R) => ReactNode);
  /** options of the record's query, e.g. a refetchInterval while it is running */
  queryOptions?: ShowControllerProps<R>['queryOptions'];
  /** the content: react-admin fields, SpecShowLayout, ArrayField… */
  children: ReactNode;
}

export function SpecShow<R extends RaRecord = RaRecord>({ resource, queryOptions, ...view }: SpecShowProps<R>) {
  return (
    <ShowBase<R>
      resource={resource}
      redirectOnError={false}
      // the failure shows in place of the screen, not as react-admin's 'Element does not exist' toast
      queryOptions={{ onError: ignore, ...queryOptions }}
      loading={<LoadingText />}
      error={<LoadError />}
    >
      <SpecShowView<R> {...view} />
    </ShowBase>
  );
}

const ignore = () => undefined;

function SpecShowView<R extends RaRecord>({ title, edit, actions, children }: Omit<SpecShowProps<R>, 'resource' | 'queryOptions'>) {
  const translate = useTranslate();
  const { record, resource } = useShowContext<R>();
  if (!record) return <LoadError />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <PageHeading title={translate(title, { ...record })} sx={{ flexGrow: 1 }} />
        <HistoryLink resource={resource} id={record.id} />
        {typeof actions === 'function' ? actions(record) : actions}
        {edit && (
          <EditButton
            to={`/${resource}/${record.id}/update`}
            label={typeof edit === 'string' ? edit : 'app.detail.edit'}
            variant="contained"
            scrollToTop={false}
          />
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {children}
      </Paper>
    </Box>
  );
}

function LoadingText() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
}

/** SPEC §8: "Failed list or detail loads show 'Error: {message}', or 'An unknown error occurred'". */
function LoadError() {
  const translate = useTranslate();
  const { error } = useShowContext();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {loadErrorText(error, translate)}
    </Alert>
  );
}
