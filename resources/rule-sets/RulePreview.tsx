// The rule's preview (issue 18, preview before saving): as the form is filled, how often the rule
// would have fired in the last 30 days, for how many people, with up to five examples
// (GET /rules/preview/, the engine's own matching over the change log of the lists' people).
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { RulePreview as Preview } from '../../types/api';

/** how long the form rests before the preview is asked again */
const SETTLE_MS = 300;

/** The preview's querystring for the form's values; null while the condition is incomplete. */
export function previewQuery(values: {
  model_name?: string;
  attribute?: string;
  operator?: string;
  value?: string;
  profile_lists?: unknown[];
}) {
  const { model_name, attribute, operator } = values;
  if (!model_name || !attribute || !operator) return null;
  const query = new URLSearchParams({ model_name, attribute, operator, value: values.value ?? '' });
  for (const id of values.profile_lists ?? []) if (typeof id === 'number') query.append('profile_lists', String(id));
  return query.toString();
}

export function RulePreview() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [model_name, attribute, operator, value, profile_lists] = useWatch({
    name: ['model_name', 'attribute', 'operator', 'value', 'profile_lists'],
  }) as [string, string, string, string, unknown[]];
  const wanted = previewQuery({ model_name, attribute, operator, value, profile_lists });
  const [asked, setAsked] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const { data, error } = useQuery({
    queryKey: ['rule-sets', 'preview', asked],
    // the settled query, lists included (a preview over no list is none)
    enabled: asked?.includes('profile_lists=') === true,
    retry: false,
    queryFn: () => dataProvider.request<Preview>('GET', `/rules/preview/?${asked}`),
  });
  if (!wanted) return null;
  if (!profile_lists?.length)
    return (
      <Alert severity="info" role="status" sx={{ mt: 1 }}>
        {translate('resources.rule-sets.preview.no_lists')}
      </Alert>
    );
  if (error)
    return (
      <Alert severity="warning" role="status" sx={{ mt: 1 }}>
        {translate('resources.rule-sets.preview.failed', { message: error instanceof Error ? error.message : '' })}
      </Alert>
    );
  if (!data) return null;
  return (
    <Alert severity="info" role="status" sx={{ mt: 1 }}>
      <Typography variant="body2">
        {translate('resources.rule-sets.preview.fired', { fired: data.fired, days: data.days, people: data.people })}
      </Typography>
      {data.examples.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2 }}>
          {data.examples.map((example) => (
            <li key={`${example.profile.id}-${example.changed_at}-${example.sentence}`}>
              <Typography variant="caption">{example.sentence}</Typography>
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
