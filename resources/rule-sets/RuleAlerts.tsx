// A rule's alert state (issue 18; docs/ALERTS.md): 'Muted' next to its name in the list, Mute /
// Unmute on its detail (POST /rules/{id}/mute/), and its noise figures — what it raised in the last
// 30 days and the share its readers marked not relevant (GET /rules/{id}/noise/).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Chip, Typography } from '@mui/material';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { Rule, RuleNoise } from '../../types/api';
import type { AppDataProvider } from '../../dataProvider';
import { useApiAction } from '../shared/useApiAction';

export function MutedChip({ muted }: { muted: boolean }) {
  const translate = useTranslate();
  return muted ? <Chip size="small" label={translate('resources.rule-sets.muted.chip')} sx={{ ml: 1 }} /> : null;
}

/** The list's name column: the name (as the column's field renders it) and 'Muted'. */
export function MutedMark() {
  const rule = useRecordContext<Rule>();
  return <MutedChip muted={rule?.muted === true} />;
}

/** The detail's Mute or Unmute button, 'Muted' beside it when it is. */
export function MuteRuleButton({ rule }: { rule: Rule }) {
  const translate = useTranslate();
  const { run, busy, failure, clearFailure } = useApiAction('rule-sets');
  const toggle = () => run('POST', `/rules/${rule.id}/mute/`, { muted: !rule.muted });
  return (
    <>
      {failure && (
        <Alert severity="error" onClose={clearFailure}>
          {translate('resources.rule-sets.muted.failed', { message: failure })}
        </Alert>
      )}
      <MutedChip muted={rule.muted} />
      <Button variant="outlined" onClick={toggle} disabled={busy}>
        {translate(rule.muted ? 'resources.rule-sets.muted.unmute' : 'resources.rule-sets.muted.mute')}
      </Button>
    </>
  );
}

/** 'Raised 12 notifications in the last 30 days; 25% marked not relevant.' */
export function RuleNoiseFigures({ ruleId }: { ruleId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error } = useQuery({
    // under the resource's key: muting or marking refreshes it with the rule
    queryKey: ['rule-sets', 'noise', ruleId],
    queryFn: () => dataProvider.request<RuleNoise>('GET', `/rules/${ruleId}/noise/`),
    // figures, not the screen: a failure says so at once rather than after retries
    retry: false,
  });
  if (error) return <Typography color="error">{translate('resources.rule-sets.noise.failed')}</Typography>;
  if (!data) return <Typography color="text.secondary">{translate('app.list.loading')}</Typography>;
  return (
    <Typography>
      {translate('resources.rule-sets.noise.figures', {
        smart_count: data.raised,
        days: data.days,
        share: Math.round(data.share * 100),
      })}
    </Typography>
  );
}
