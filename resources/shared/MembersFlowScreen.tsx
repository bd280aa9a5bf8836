// Adding or removing members of a container from a list's bulk action:
// /organizations/add-users?id=1&id=2, /organizations/remove-users?id=…, and next the
// profile lists' add-profiles / remove-profiles. SPEC §4: fetch the container, merge or
// filter the ids, then update it.
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { PageHeading } from '../../src/admin-kit/PageHeading';
import { FailureAlert } from './FailureAlert';
import { idsFromQuery, memberIdsOf, mergeIds, withoutIds } from './memberIds';
import { useAllRecords } from './useAllRecords';
import type { ShownFailure } from './useErrorThenReturn';

export interface MembersFlowDeclaration {
  /** the container resource: 'organizations', 'profile-lists' */
  container: string;
  /** its id list on write: 'users', 'profiles' */
  memberField: string;
  mode: 'add' | 'remove';
  /** the members' list, where the way back leads: '/users' */
  membersPath: string;
  /**
   * i18n key prefix of the screen's texts, e.g. 'resources.organizations.add_users', with:
   * title, choose (dropdown label), submit, selected ('%{smart_count} user selected'
   * and its plural), none (no id in the address), no_choice ('Please select a
   * organization.'), fetch_failed, success, failure, back.
   */
  messages: string;
}

type Outcome = { kind: 'success'; text: string } | { kind: 'failure'; failure: ShownFailure } | null;

export function MembersFlowScreen({ declaration }: { declaration: MembersFlowDeclaration }) {
  const { container, memberField, mode, membersPath } = declaration;
  const translate = useTranslate();
  const text = (name: string, options?: object) => translate(`${declaration.messages}.${name}`, options);
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const ids = idsFromQuery(searchParams);
  const containers = useAllRecords<RaRecord>(container);
  const [choice, setChoice] = useState<Identifier | ''>('');
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (choice === '') {
      setOutcome({ kind: 'failure', failure: { message: text('no_choice') } });
      return;
    }
    setSaving(true);
    setOutcome(null);
    try {
      const { data: record } = await dataProvider.getOne(container, { id: choice });
      const current = memberIdsOf(record[memberField]);
      const next = mode === 'add' ? mergeIds(current, ids) : withoutIds(current, ids);
      await dataProvider.update(container, {
        id: record.id,
        data: { name: record.name, [memberField]: next },
        previousData: record,
      });
      await queryClient.invalidateQueries({ queryKey: [container] });
      setOutcome({ kind: 'success', text: text('success') });
    } catch (error) {
      const detail = error instanceof Error && error.message ? error.message : undefined;
      setOutcome({ kind: 'failure', failure: { message: text('failure'), detail } });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 560 }}>
      <PageHeading title={text('title')} sx={{ mb: 1 }} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {ids.length > 0 ? text('selected', { smart_count: ids.length }) : text('none')}
      </Typography>
      {containers.error ? (
        <FailureAlert
          failure={{
            message: text('fetch_failed'),
            detail: containers.error instanceof Error ? containers.error.message : undefined,
          }}
        />
      ) : null}
      {outcome?.kind === 'success' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {outcome.text}
        </Alert>
      )}
      {outcome?.kind === 'failure' && <FailureAlert failure={outcome.failure} />}
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: 2 }}>
        <TextField
          select
          fullWidth
          required
          label={text('choose')}
          value={containers.data ? choice : ''}
          onChange={(event) => setChoice(event.target.value === '' ? '' : Number(event.target.value))}
          disabled={!containers.data}
          helperText={containers.isPending ? translate('app.list.loading') : undefined}
          sx={{ mb: 2 }}
        >
          {(containers.data ?? []).map((record) => (
            <MenuItem key={record.id} value={record.id}>
              {record.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={saving || ids.length === 0}>
            {text('submit')}
          </Button>
          <Button component={RouterLink} to={membersPath}>
            {text('back')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
