import { FunctionField, TextField } from 'react-admin';
import type { Rule } from '../../types/api';
import { DateTimeField, NamesField } from '../../src/admin-kit/fields';
import { ShowSection } from '../../src/admin-kit/show/ShowSection';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { attributeLabel, useRuleDetails } from './ruleDetails';
import { MuteRuleButton, RuleNoiseFigures } from './RuleAlerts';

const label = (field: string) => `resources.rule-sets.fields.${field}`;

/**
 * /rule-sets/{id} (SPEC §2 Rules): Name, Model, Notification Type, Priority, Profile Lists,
 * Created By, the dates, then the condition — Model Name, Attribute Name (by its label when the
 * options say it), Operator, Value — and Edit Rule; then whether it is muted (Mute / Unmute) and its
 * noise figures (issue 18).
 */
export function RuleSetShow() {
  const { data: details } = useRuleDetails();
  return (
    <SpecShow<Rule>
      resource="rule-sets"
      title="resources.rule-sets.show_title"
      edit="resources.rule-sets.edit"
      actions={(rule) => <MuteRuleButton rule={rule} />}
    >
      <SpecShowLayout>
        <TextField source="name" label={label('name')} />
        <TextField source="model_name" label={label('model')} />
        <TextField source="notification_type" label={label('notification_type')} />
        <TextField source="priority" label={label('priority')} />
        <NamesField source="profile_lists" label={label('profile_lists')} />
        <TextField source="created_by" label={label('created_by')} />
        <DateTimeField source="created_at" label={label('created_at')} />
        <DateTimeField source="updated_at" label={label('updated_at')} />
      </SpecShowLayout>
      <ShowSection title="resources.rule-sets.condition" sx={{ mt: 3 }}>
        <SpecShowLayout>
          <TextField source="model_name" label={label('model_name')} />
          <FunctionField<Rule>
            source="attribute"
            label={label('attribute')}
            render={(rule) => attributeLabel(details, rule.model_name, rule.attribute)}
          />
          <TextField source="operator" label={label('operator')} />
          <TextField source="value" label={label('value')} />
        </SpecShowLayout>
      </ShowSection>
      <ShowSection title="resources.rule-sets.noise.title" sx={{ mt: 3 }}>
        <FunctionField<Rule> render={(rule) => <RuleNoiseFigures ruleId={rule.id} />} />
      </ShowSection>
    </SpecShow>
  );
}
