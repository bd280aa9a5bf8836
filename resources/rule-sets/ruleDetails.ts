// The rule form's options (GET /rules/details/, SPEC §3 Rule options) and what the form's values
// are: the models, per model its attributes (by their labels), per attribute its operators; the
// dependent choices and resets of SPEC §4 read them through the helpers below.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { Rule, RuleDetails, RuleOperator, RuleWrite } from '../../types/api';

/** SPEC §9 Rule defaults (the same as types/wire/signals.ts RULE_DEFAULTS, kept here so the app bundles no schema library). */
export const RULE_DEFAULTS = { notification_type: 'Email', priority: 'High' } as const;

/** The options of the rule form, fetched once per screen; a failure is the screen's to show ('Error fetching options'). */
export function useRuleDetails() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['rule-sets', 'details'],
    retry: false,
    staleTime: 5 * 60 * 1000,
    queryFn: () => dataProvider.request<RuleDetails>('GET', '/rules/details/'),
  });
}

type Details = RuleDetails | undefined;

const own = <V>(map: Record<string, V> | undefined, key: string): V | undefined => (map && Object.hasOwn(map, key) ? map[key] : undefined);

export const modelsOf = (details: Details): string[] => details?.model_names ?? Object.keys(details?.rules ?? {});

export const attributesOf = (details: Details, model: string): string[] => Object.keys(own(details?.rules, model) ?? {});

export const operatorsOf = (details: Details, model: string, attribute: string): RuleOperator[] =>
  own(own(details?.rules, model), attribute) ?? [];

export const operatorOf = (details: Details, model: string, attribute: string, name: string): RuleOperator | undefined =>
  operatorsOf(details, model, attribute).find((operator) => operator.name === name);

/** An attribute by its label ('Current company'); its internal name until the labels are known. */
export const attributeLabel = (details: Details, model: string, attribute: string): string =>
  own(own(details?.attribute_labels, model), attribute) ?? attribute;

/** SPEC §4: a model's first attribute and that attribute's first operator. */
export function firstConditionOf(details: Details, model: string): { attribute: string; operator: string } {
  const attribute = attributesOf(details, model)[0] ?? '';
  return { attribute, operator: operatorsOf(details, model, attribute)[0]?.name ?? '' };
}

/** What the form edits: the write body, profile lists as their ids. */
export interface RuleFormValues {
  name: string;
  notification_type: string;
  priority: string;
  model_name: string;
  attribute: string;
  operator: string;
  value: string;
  profile_lists: number[];
}

/** A new rule: Email, High, the first model with its first attribute and operator preselected. */
export function newRuleValues(details: Details): RuleFormValues {
  const model = modelsOf(details)[0] ?? '';
  return {
    name: '',
    ...RULE_DEFAULTS,
    model_name: model,
    ...firstConditionOf(details, model),
    value: '',
    profile_lists: [],
  };
}

/** A stored rule as the form edits it. */
export function storedRuleValues(rule: Rule): RuleFormValues {
  return {
    name: rule.name,
    notification_type: rule.notification_type,
    priority: rule.priority,
    model_name: rule.model_name,
    attribute: rule.attribute,
    operator: rule.operator,
    value: rule.value,
    profile_lists: (rule.profile_lists ?? []).map((list) => list.id),
  };
}

/** The body of POST /rules/ and PUT /rules/{id}/ (SPEC §7 Rules). */
export function ruleBody(values: RuleFormValues): RuleWrite {
  return {
    name: (values.name ?? '').trim(),
    // the options' words, as the server offered them (checked there against its own lists)
    notification_type: values.notification_type as unknown as RuleWrite['notification_type'],
    priority: values.priority as unknown as RuleWrite['priority'],
    model_name: values.model_name,
    attribute: values.attribute,
    operator: values.operator,
    value: (values.value ?? '').trim(),
    profile_lists: (values.profile_lists ?? []).map(Number),
  };
}
