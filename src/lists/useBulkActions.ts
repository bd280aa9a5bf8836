import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { BULK_RESULT_HIDE_MS } from '../constants';
import { bulkResultText, runPerItem } from '../admin-kit/list/bulkRun';
import type { AppDataProvider } from '../../dataProvider';
import type { BulkActionDeclaration } from './types';

export interface BulkBanner {
  text: string;
  severity: 'success' | 'error';
}

/**
 * Runs a bulk action over the selected rows. Navigation actions leave with the ids;
 * per-item actions end with one banner (hidden after BULK_RESULT_HIDE_MS), a reload
 * of the resource's queries and a cleared selection. Nothing happens without a selection.
 */
export function useBulkActions(resource: string, selected: Identifier[], clearSelection: () => void) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<BulkBanner | null>(null);

  useEffect(() => {
    if (!banner) return undefined;
    const timer = setTimeout(() => setBanner(null), BULK_RESULT_HIDE_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const perform = async (action: BulkActionDeclaration) => {
    if (selected.length === 0 || busy) return;
    if (action.kind === 'navigate') {
      navigate(action.to(selected));
      return;
    }
    setBusy(true);
    setBanner(null);
    try {
      const outcome = await runPerItem(selected, (id) => action.run(id, { dataProvider, resource }));
      setBanner({
        text: bulkResultText(action.messages, outcome, translate),
        severity: outcome.failed.length > 0 ? 'error' : 'success',
      });
    } catch {
      setBanner({ text: translate('app.list.action_failed'), severity: 'error' });
    } finally {
      setBusy(false);
      clearSelection();
      await queryClient.invalidateQueries({ queryKey: [resource] });
    }
  };

  return { perform, busy, banner, dismissBanner: () => setBanner(null) };
}
