import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { useErrorThenReturn } from './useErrorThenReturn';

/**
 * Create and update of a resource's form: success opens the record; a failure shows the
 * screen's message with the server's reasons for 3 seconds, then returns to the list
 * (create) or the detail (update) (SPEC §4 After a failed create or update).
 */
export function useSaveRecord(resource: string) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const translate = useTranslate();
  const { failure, fail } = useErrorThenReturn();
  const [saving, setSaving] = useState(false);

  const run = async (call: () => Promise<{ data: RaRecord }>, failureMessage: string, returnTo: string, knownId?: RaRecord['id']) => {
    setSaving(true);
    try {
      const { data } = await call();
      // Not awaited: the next screen loads fresh data anyway.
      void queryClient.invalidateQueries({ queryKey: [resource] });
      navigate(`/${resource}/${knownId ?? data.id}`);
    } catch (error) {
      // The button stays disabled: the screen is on its way back.
      fail(translate(failureMessage), error, returnTo);
    }
  };

  return {
    saving,
    failure,
    /** POST the body; `failureMessage` is an i18n key */
    create: (data: object, failureMessage: string) => run(() => dataProvider.create(resource, { data }), failureMessage, `/${resource}`),
    /** PUT the body to the record */
    update: (record: RaRecord, data: object, failureMessage: string) =>
      run(
        () => dataProvider.update(resource, { id: record.id, data, previousData: record }),
        failureMessage,
        `/${resource}/${record.id}`,
        record.id,
      ),
  };
}
