import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useErrorThenReturn } from '../shared/useErrorThenReturn';

/**
 * One of a profile's write calls (POST /profiles/{id}/app-rating/, user-rating/,
 * comment/): success returns to /profiles/{id}; a failure shows the screen's text for
 * 3 seconds, then returns there too (SPEC §4 After a failed create or update).
 */
export function useProfileWrite(id: string, path: 'app-rating' | 'user-rating' | 'comment', failureMessage: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const translate = useTranslate();
  const { failure, fail } = useErrorThenReturn();
  const [saving, setSaving] = useState(false);
  const detail = `/profiles/${id}`;

  const write = async (body: Record<string, unknown>) => {
    setSaving(true);
    try {
      await dataProvider.request('POST', `${detail}/${path}/`, body);
      void queryClient.invalidateQueries({ queryKey: ['profiles'] });
      navigate(detail);
    } catch (error) {
      // The button stays disabled: the screen is on its way back to the profile.
      fail(translate(failureMessage), error, detail);
    }
  };

  return { write, saving, failure };
}
