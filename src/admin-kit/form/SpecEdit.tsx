// A SPEC update screen (/{resource}/{id}/update) on react-admin's <EditBase>: 'Loading...', the
// screen's own text when the record cannot be loaded ('Error fetching organization.' and the
// server's message), else its inputs in the SPEC frame. The update is sent at once (pessimistic),
// success opens the detail; a failure shows the screen's message for 3 seconds, then returns to
// the detail (SPEC §4). Staff get the record's History beside the title, as on the detail.
import { useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import { EditBase, type RaRecord, type TransformData, useEditContext, useTranslate } from 'react-admin';
import { failureOf, useReturnOnError } from './errorThenReturn';
import { HistoryLink } from '../history/HistoryLink';
import { FailureAlert } from './FailureAlert';
import { toDetail } from './SpecCreate';
import { SpecForm, type SpecFormProps } from './SpecForm';

export interface SpecEditProps extends Omit<SpecFormProps, 'backTo' | 'failure' | 'busy' | 'record'> {
  resource: string;
  /** i18n key of the SPEC §8 message of a failed update, e.g. 'Failed to update organization.' */
  failureMessage: string;
  /** i18n key of the SPEC §8 message of a failed load, e.g. 'Error fetching organization.' */
  fetchFailureMessage: string;
  /** the form values → the body of the PUT (react-admin passes the stored record as `previousData`) */
  transform?: TransformData;
  /** the stored record → the form's values, when they differ */
  toForm?: (record: RaRecord) => Partial<RaRecord>;
}

const ignore = () => undefined;

export function SpecEdit({ resource, failureMessage, fetchFailureMessage, transform, toForm, ...form }: SpecEditProps) {
  const { id = '' } = useParams<{ id: string }>();
  const detail = `/${resource}/${id}`;
  // the API's ids are integers (CONVENTIONS "API"): the calls carry the id as the record has it
  const { failure, mutationOptions } = useReturnOnError(failureMessage, detail);
  return (
    <EditBase
      resource={resource}
      id={/^\d+$/.test(id) ? Number(id) : id}
      mutationMode="pessimistic"
      transform={transform}
      redirect={toDetail}
      mutationOptions={mutationOptions}
      // the failure is the screen's to show (below), not a notification and a redirect
      queryOptions={{ onError: ignore }}
      loading={<LoadingText />}
      error={<LoadFailure message={fetchFailureMessage} />}
    >
      <EditForm toForm={toForm} backTo={detail} failure={failure} busy={failure !== null} {...form} />
    </EditBase>
  );
}

function EditForm({ toForm, ...form }: SpecFormProps & Pick<SpecEditProps, 'toForm'>) {
  const { record, resource } = useEditContext();
  return (
    <SpecForm
      record={record && toForm ? toForm(record) : record}
      aside={resource && <HistoryLink resource={resource} id={record?.id} />}
      {...form}
    />
  );
}

function LoadingText() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
}

function LoadFailure({ message }: { message: string }) {
  const translate = useTranslate();
  const { error } = useEditContext();
  return (
    <Box sx={{ p: 2 }}>
      <FailureAlert failure={failureOf(translate(message), error)} />
    </Box>
  );
}
