import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Typography } from '@mui/material';
import { useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { FailureAlert } from './FailureAlert';
import { NameForm } from './NameForm';
import { memberIdsOf } from './memberIds';
import { useErrorThenReturn } from './useErrorThenReturn';

/**
 * /{resource}/{id}/update for a named container: PUTs {name, [memberField]: ids} with
 * the members it has, then opens it. A failed update shows the resource's message,
 * then returns to the detail screen.
 */
export function NameEditScreen({
  resource,
  memberField,
  title,
  submitLabel,
  fetchFailureMessage,
  updateFailureMessage,
}: {
  resource: string;
  memberField: string;
  /** i18n keys */
  title: string;
  submitLabel: string;
  fetchFailureMessage: string;
  updateFailureMessage: string;
}) {
  const { id = '' } = useParams<{ id: string }>();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const translate = useTranslate();
  const { failure, fail } = useErrorThenReturn();
  const [saving, setSaving] = useState(false);
  const { data: record, isPending, error } = useGetOne(resource, { id }, { retry: false });

  if (isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  if (error || !record) {
    return (
      <Box sx={{ p: 2 }}>
        <FailureAlert failure={{ message: translate(fetchFailureMessage), detail: error instanceof Error ? error.message : undefined }} />
      </Box>
    );
  }

  const update = async (name: string) => {
    setSaving(true);
    const data = { name, [memberField]: memberIdsOf(record[memberField]) };
    try {
      await dataProvider.update(resource, { id: record.id, data, previousData: record });
      // Not awaited: the next screen loads fresh data anyway, no need to refetch this one first.
      void queryClient.invalidateQueries({ queryKey: [resource] });
      navigate(`/${resource}/${record.id}`);
    } catch (caught) {
      // The button stays disabled: the screen is on its way back to the detail.
      fail(translate(updateFailureMessage), caught, `/${resource}/${record.id}`);
    }
  };

  return (
    <NameForm title={title} submitLabel={submitLabel} initialName={record.name ?? ''} saving={saving} failure={failure} onSubmit={update} />
  );
}
