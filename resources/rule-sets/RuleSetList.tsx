// The /rule-sets list (SPEC §2 Rules, §8): sortable by name, priority and the dates, Create Rule,
// bulk Delete ('Deletion completed for N RuleSets.'); a muted rule says 'Muted' after its name.
import { DataTable } from 'react-admin';
import type { Rule } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { deleteEach } from '../../src/admin-kit/list/bulkActions';
import { SelectAction } from '../../src/admin-kit/list/SelectAction';
import { SpecList } from '../../src/admin-kit/list/SpecList';
import { MutedMark } from './RuleAlerts';

const label = (field: string) => `resources.rule-sets.fields.${field}`;

const bulkActions = [deleteEach({ success: 'resources.rule-sets.results.deleted', failure: 'resources.rule-sets.results.failed' })];

export function RuleSetList() {
  return (
    <SpecList
      resource="rule-sets"
      title="resources.rule-sets.title"
      subtitle="resources.rule-sets.subtitle"
      search="resources.rule-sets.search"
      empty="resources.rule-sets.empty"
      create={{ label: 'resources.rule-sets.create', to: '/rule-sets/create' }}
    >
      <DataTable<Rule> bulkActionsToolbar={<SelectAction actions={bulkActions} />}>
        <DataTable.Col source="name" label={label('name')}>
          <ShowLinkField source="name" />
          <MutedMark />
        </DataTable.Col>
        <DataTable.Col source="notification_type" label={label('notification_type')} disableSort />
        <DataTable.Col source="priority" label={label('priority')} />
        <DataTable.Col source="created_at" label={label('created_at')} field={DateTimeField} />
        <DataTable.Col source="updated_at" label={label('updated_at')} field={DateTimeField} />
      </DataTable>
    </SpecList>
  );
}
