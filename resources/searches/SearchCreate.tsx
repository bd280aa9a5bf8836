import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SavedSearchWrite } from '../../types/api';
import { NameForm } from '../shared/NameForm';
import { useErrorThenReturn } from '../shared/useErrorThenReturn';

/**
 * /searches/create?{profiles query}: the profiles screen's 'Save Search' link brings its
 * query along; this screen names it and POSTs {name, url: that query, entity: 'Profile'},
 * then shows My Searches. A failure shows 'Failed to create search.', then returns there.
 */
export function SearchCreate() {
  const { search } = useLocation();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const translate = useTranslate();
  const { failure, fail } = useErrorThenReturn();
  const [saving, setSaving] = useState(false);

  const create = async (name: string) => {
    setSaving(true);
    const data: SavedSearchWrite = { name, url: search.replace(/^\?/, ''), entity: 'Profile' };
    try {
      await dataProvider.create('searches', { data });
      void queryClient.invalidateQueries({ queryKey: ['searches'] });
      navigate('/searches');
    } catch (error) {
      // The button stays disabled: the screen is on its way back to the list.
      fail(translate('resources.searches.errors.create'), error, '/searches');
    }
  };

  return (
    <NameForm
      title="resources.searches.create_title"
      submitLabel="resources.searches.save"
      saving={saving}
      failure={failure}
      onSubmit={create}
    />
  );
}
