// The platform-connection category 'Slack incoming webhook': where a Slack rule's notifications
// are posted (server/signals/delivery/). The webhook's URL is the credential (anyone holding it
// may post to the channel): sealed at rest, masked in answers. `channel` is a label only (an
// incoming webhook posts to the channel it was created for).
import type { PlatformConnectionType } from '../../types/api';
import { field, MASK, textOf, type FieldValues } from '../connector-kit/fields';

export const SLACK_WEBHOOK_CATEGORY = 'slack_webhook';

export const slackWebhook: PlatformConnectionType = {
  internal_name: SLACK_WEBHOOK_CATEGORY,
  label: 'Slack incoming webhook',
  connection_parameters: {
    webhook_url: field('Webhook URL', {
      required: true,
      secret: true,
      help: 'From Slack: Apps → Incoming Webhooks → Add New Webhook, e.g. https://hooks.slack.com/services/T000/B000/XXXX; stored encrypted.',
    }),
    channel: field('Channel', { help: 'The channel the webhook posts to, as a reminder, e.g. #scouting.' }),
  },
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Problems with a Slack connection's parameters, each naming its field: the webhook must be an
 * https URL (plain http only to this machine, for a local relay or test double). A secret sent
 * back masked keeps the stored URL and is not checked again.
 */
export function slackWebhookProblems(values: FieldValues): string[] {
  const text = textOf(values, 'webhook_url');
  if (!text || text.startsWith(MASK)) return [];
  const problem = (message: string) => [`connection_parameters.webhook_url: ${message}`];
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return problem('Enter a valid URL, such as https://hooks.slack.com/services/T000/B000/XXXX.');
  }
  const local = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !local) return problem('The webhook URL must start with https://.');
  if (url.username || url.password) return problem('The webhook URL may not carry a user name or password.');
  return [];
}
