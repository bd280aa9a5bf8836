import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SpecCreate } from '../../src/admin-kit/form';
import { RuleInputs, RuleOptionsFailure } from './RuleSetForm';
import { newRuleValues, type RuleFormValues, ruleBody, useRuleDetails } from './ruleDetails';

/**
 * /rule-sets/create: POST {name, notification_type, priority, model_name, attribute, operator,
 * value, profile_lists}, then the new rule; the first model, attribute and operator preselected,
 * Email and High by default. A failure shows 'Error submitting RuleSet' for 3 seconds, then the list.
 */
export function RuleSetCreate() {
  const translate = useTranslate();
  const details = useRuleDetails();
  if (details.isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  return (
    <SpecCreate
      resource="rule-sets"
      title="resources.rule-sets.create_title"
      submitLabel="resources.rule-sets.save"
      failureMessage="resources.rule-sets.errors.create"
      notice={<RuleOptionsFailure error={details.error} />}
      defaultValues={newRuleValues(details.data)}
      transform={(values: RuleFormValues) => ruleBody(values)}
    >
      <RuleInputs details={details.data} />
    </SpecCreate>
  );
}
