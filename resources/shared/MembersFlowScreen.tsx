// Adding or removing members of a container from a list's bulk action:
// /organizations/add-users?id=1&id=2, /organizations/remove-users?id=…, and the profile lists'
// add-profiles / remove-profiles. The container is picked in a react-admin form; SPEC §4: fetch
// it, merge or filter the ids, then update it; §8: the flow's success or failure message.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@mui/material';
import { type Identifier, required, useDataProvider, useTranslate } from 'react-admin';
import { failureOf, ReferenceSelect, type ShownFailure, SpecForm } from '../../src/admin-kit/form';
import { idsFromQuery, memberIdsOf, mergeIds, withoutIds } from './memberIds';

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

type Outcome = { success: string } | { failure: ShownFailure } | null;

export function MembersFlowScreen({ declaration }: { declaration: MembersFlowDeclaration }) {
  const { container, memberField, mode, membersPath } = declaration;
  const translate = useTranslate();
  const key = (name: string) => `${declaration.messages}.${name}`;
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const ids = idsFromQuery(searchParams);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async ({ chosen }: { chosen?: Identifier }) => {
    setSaving(true);
    setOutcome(null);
    try {
      const { data: record } = await dataProvider.getOne(container, { id: chosen as Identifier });
      const current = memberIdsOf(record[memberField]);
      const next = mode === 'add' ? mergeIds(current, ids) : withoutIds(current, ids);
      await dataProvider.update(container, { id: record.id, data: { name: record.name, [memberField]: next }, previousData: record });
      await queryClient.invalidateQueries({ queryKey: [container] });
      setOutcome({ success: translate(key('success')) });
    } catch (error) {
      setOutcome({ failure: failureOf(translate(key('failure')), error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SpecForm
      title={key('title')}
      subtitle={ids.length > 0 ? translate(key('selected'), { smart_count: ids.length }) : translate(key('none'))}
      submitLabel={key('submit')}
      backTo={membersPath}
      backLabel={key('back')}
      failure={outcome && 'failure' in outcome ? outcome.failure : null}
      notice={
        outcome && 'success' in outcome ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {outcome.success}
          </Alert>
        ) : null
      }
      busy={saving || ids.length === 0}
      onSubmit={submit}
      maxWidth={560}
    >
      <ReferenceSelect
        source="chosen"
        reference={container}
        label={key('choose')}
        optionText="name"
        validate={required(key('no_choice'))}
        required
        loadFailure={key('fetch_failed')}
      />
    </SpecForm>
  );
}
