import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { Profile } from '../../types/api';
import { useErrorThenReturn } from '../../src/admin-kit/form';

/**
 * One of a profile's write calls (POST /profiles/{id}/app-rating/, user-rating/,
 * comment/), as the submit of its react-admin form: success returns to /profiles/{id}; a
 * failure shows the screen's text for 3 seconds, then returns there too (SPEC §4 After a
 * failed create or update). The call answers the updated profile: it replaces the cached one
 * at once, so that the detail screen does not show the old rating or comment while it refetches.
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
      const updated = await dataProvider.request<Profile | null>('POST', `${detail}/${path}/`, body);
      if (updated && String(updated.id) === id) {
        // react-admin's useGetOne key: ['profiles', 'getOne', { id: String(id), meta }]
        queryClient.setQueriesData({ queryKey: ['profiles', 'getOne', { id }] }, updated);
      }
      void queryClient.invalidateQueries({ queryKey: ['profiles'] });
      navigate(detail);
    } catch (error) {
      // The button stays disabled: the screen is on its way back to the profile.
      fail(translate(failureMessage), error, detail);
    }
  };

  return { write, saving, failure };
}
