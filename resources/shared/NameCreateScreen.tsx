import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { NameForm } from './NameForm';
import { useErrorThenReturn } from './useErrorThenReturn';

/**
 * /{resource}/create for a named container: POSTs {name, [memberField]: []}, then opens
 * the new record (SPEC §7: "the id in the response is used"). A failure shows the
 * resource's message, then returns to the list.
 */
export function NameCreateScreen({
  resource,
  memberField,
  title,
  submitLabel,
  failureMessage,
}: {
  resource: string;
  /** the id list the API expects on write ('users', 'profiles') */
  memberField: string;
  /** i18n keys */
  title: string;
  submitLabel: string;
  failureMessage: string;
}) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const translate = useTranslate();
  const { failure, fail } = useErrorThenReturn();
  const [saving, setSaving] = useState(false);

  const create = async (name: string) => {
    setSaving(true);
    try {
      const { data } = await dataProvider.create(resource, { data: { name, [memberField]: [] } });
      // Not awaited: the next screen loads fresh data anyway, no need to refetch this one first.
      void queryClient.invalidateQueries({ queryKey: [resource] });
      navigate(`/${resource}/${data.id}`);
    } catch (error) {
      // The button stays disabled: the screen is on its way back to the list.
      fail(translate(failureMessage), error, `/${resource}`);
    }
  };

  return <NameForm title={title} submitLabel={submitLabel} saving={saving} failure={failure} onSubmit={create} />;
}
