import { Typography } from '@mui/material';
import { useEditContext, useTranslate } from 'react-admin';
import type { Rule, RuleDetails } from '../../types/api';
import { SpecEdit } from '../../src/admin-kit/form';
import { RuleInputs, RuleOptionsFailure } from './RuleSetForm';
import { type RuleFormValues, ruleBody, storedRuleValues, useRuleDetails } from './ruleDetails';

/**
 * /rule-sets/{id}/update: PUT the same body as the create, then the detail; a failure shows
 * 'Error updating RuleSet' for 3 seconds, then the detail.
 */
export function RuleSetEdit() {
  const translate = useTranslate();
  const details = useRuleDetails();
  if (details.isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  return (
    <SpecEdit
      resource="rule-sets"
      title="resources.rule-sets.edit_title"
      submitLabel="resources.rule-sets.save"
      failureMessage="resources.rule-sets.errors.update"
      fetchFailureMessage="resources.rule-sets.errors.fetch"
      notice={<RuleOptionsFailure error={details.error} />}
      toForm={(record) => storedRuleValues(record as Rule)}
      transform={(values: RuleFormValues) => ruleBody(values)}
    >
      <StoredRuleInputs details={details.data} />
    </SpecEdit>
  );
}

/** The inputs, offering the rule's own profile lists even when the options do not name them. */
function StoredRuleInputs({ details }: { details: RuleDetails | undefined }) {
  const { record } = useEditContext<Rule>();
  return <RuleInputs details={details} stored={record?.profile_lists} />;
}
