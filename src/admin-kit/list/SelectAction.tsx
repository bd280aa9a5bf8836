// SPEC §2: "A bulk-action dropdown over the selected rows", 'Select Action', whose entries either
// open another screen with the selected ids or make one call per selected row and report them
// all in one banner (§4, §8). It is the <DataTable>'s bulk-actions toolbar (its
// `bulkActionsToolbar` extension point), reading the selection from react-admin's list context.
import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';
import { BulkActionMenu } from './BulkActionMenu';
import { useShowBulkBanner } from './bulkBanner';
import { bulkResultText, runPerItem } from './bulkRun';
import type { BulkActionDeclaration } from './types';

export function SelectAction({ actions }: { actions: BulkActionDeclaration[] }) {
  const { selectedIds, onUnselectItems, resource } = useListContext();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const translate = useTranslate();
  const showBanner = useShowBulkBanner();
  const [busy, setBusy] = useState(false);

  const perform = async (action: BulkActionDeclaration) => {
    // SPEC §2: nothing happens if no row is selected
    if (selectedIds.length === 0 || busy) return;
    if (action.kind === 'navigate') {
      navigate(action.to(selectedIds));
      return;
    }
    setBusy(true);
    showBanner(null);
    try {
      const outcome = await runPerItem(selectedIds, (id) => action.run(id, { dataProvider, resource }));
      showBanner({
        text: bulkResultText(action.messages, outcome, translate),
        severity: outcome.failed.length > 0 ? 'error' : 'success',
      });
    } catch {
      showBanner({ text: translate('app.list.action_failed'), severity: 'error' });
    } finally {
      setBusy(false);
      onUnselectItems();
      // the list and every other view of the resource (a detail opened next) load again
      await queryClient.invalidateQueries({ queryKey: [resource] });
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ px: 1, py: 1, alignItems: 'center' }}>
      <BulkActionMenu actions={actions} busy={busy} onAction={perform} />
      {selectedIds.length > 0 && (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}
        </Typography>
      )}
    </Stack>
  );
}
