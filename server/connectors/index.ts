// Every data-source type and platform-connection category the server knows, and their
// definitions as the API gives them (GET /data-sources/dimensions/ and
// /platform-connections/dimensions/); a new connector is one declaration added to `connectors`.
import type { DataSourceDimensions, PlatformConnectionDimensions, PlatformConnectionType } from '../../types/api';
import type { ConnectorDeclaration } from './types';
import { field, type FieldValues } from '../connector-kit/fields';
import { synthetic } from './synthetic';
import { profileFeed } from './profile-feed';
import { peopleDataLabs } from './people-data-labs';
import { slackWebhook, slackWebhookProblems } from './slack-webhook';

export const connectors: ConnectorDeclaration[] = [synthetic, profileFeed, peopleDataLabs];

export function connectorFor(sourceType: string): ConnectorDeclaration | undefined {
  return connectors.find((connector) => connector.internal_name === sourceType);
}

/** Every source type: its additional fields and schedule options (GET /data-sources/dimensions/). */
export function sourceTypeDefinitions(): DataSourceDimensions {
  return Object.fromEntries(
    connectors.map(({ internal_name, label, additional_data, schedule_options }) => [
      internal_name,
      { internal_name, label, additional_data, schedule_options },
    ]),
  );
}

/** Credentials for integrations (secret fields stored encrypted, answered masked). */
export const platformCategories: PlatformConnectionType[] = [
  {
    internal_name: 'http_header',
    label: 'HTTP header (profile feeds)',
    connection_parameters: {
      header_name: field('Header name', { required: true, help: 'For example Authorization or X-Api-Key.' }),
      header_value: field('Header value', { required: true, secret: true, help: 'For example "Bearer abc…"; stored encrypted.' }),
    },
  },
  {
    internal_name: 'people_data_labs',
    label: 'People Data Labs',
    connection_parameters: {
      api_key: field('API key', { required: true, secret: true }),
      base_url: field('API base URL', { help: 'Default https://api.peopledatalabs.com/v5' }),
    },
  },
  {
    internal_name: 'openai_compatible',
    label: 'LLM (OpenAI-compatible API)',
    connection_parameters: {
      base_url: field('API base URL', { required: true, help: 'For example https://api.openai.com/v1 or a local server.' }),
      api_key: field('API key', { secret: true }),
      model: field('Model', { required: true, help: 'For example gpt-4o-mini.' }),
    },
  },
  slackWebhook,
];

/** Problems with a category's parameters beyond the required ones, each as 'connection_parameters.{key}: message'. */
export function platformParameterProblems(categoryType: string, values: FieldValues): string[] {
  return categoryType === slackWebhook.internal_name ? slackWebhookProblems(values) : [];
}

export function platformCategoryFor(categoryType: string): PlatformConnectionType | undefined {
  return platformCategories.find((category) => category.internal_name === categoryType);
}

/** The parameters of a category that are secret (sealed at rest, masked in answers). */
export function secretParameterKeys(categoryType: string): Set<string> {
  return new Set(
    Object.entries(platformCategoryFor(categoryType)?.connection_parameters ?? {})
      .filter(([, field]) => field.secret)
      .map(([key]) => key),
  );
}

/** Every platform-connection category: its parameters (GET /platform-connections/dimensions/). */
export function platformCategoryDefinitions(): PlatformConnectionDimensions {
  return Object.fromEntries(platformCategories.map((category) => [category.internal_name, category]));
}
