// What a rule can watch (GET /rules/details/; docs/RULES.md): per model its attributes, per
// attribute its operators. The engine (server/signals/match.ts) gives each operator its meaning;
// this is the one list both the API and the engine read.
import { ANY_VALUE } from '../../types/wire/signals';

export interface OperatorDeclaration {
  name: string;
  description: string;
  /** whether the rule's value is read (a 'changed' rule takes '*') */
  uses_value: boolean;
}

export const OPERATORS = {
  changed: {
    name: 'changed',
    description: `Any change; the value is not read (enter ${ANY_VALUE}). Example: location changed — Berlin → Munich.`,
    uses_value: false,
  },
  changedTo: {
    name: 'changed to',
    description: 'The new value is the value (case and surrounding spaces ignored). Example: company changed to "Stealth".',
    uses_value: true,
  },
  changedFrom: {
    name: 'changed from',
    description: 'The old value was the value. Example: company changed from "Acme" — someone left Acme.',
    uses_value: true,
  },
  contains: {
    name: 'contains',
    description: 'The new value contains the value. Example: headline contains "founder".',
    uses_value: true,
  },
  equals: {
    name: 'equals',
    description: 'The old or the new value is the value: any move into or out of it. Example: location equals "Berlin".',
    uses_value: true,
  },
} as const satisfies Record<string, OperatorDeclaration>;

const ALL: OperatorDeclaration[] = Object.values(OPERATORS);

/** The signal an attribute reads: a profile field's change, or the person's current job (server/signals/job-changes.ts). */
export type AttributeSignal = 'location' | 'headline' | 'company' | 'job_title';

export interface AttributeDeclaration {
  label: string;
  /** the signal it reads; with `also`, either of them (one change-log row carries at most one of these) */
  signal: AttributeSignal;
  also?: AttributeSignal[];
  operators: OperatorDeclaration[];
}

export const RULE_MODELS: Record<string, Record<string, AttributeDeclaration>> = {
  Profile: {
    location: { label: 'Location', signal: 'location', operators: ALL },
    headline: { label: 'Headline', signal: 'headline', operators: ALL },
    current_company: { label: 'Current company', signal: 'company', operators: ALL },
    // a crowdsourcing user's default rule: "a person in my list changes job or location"
    job_or_location: { label: 'Job or location', signal: 'company', also: ['location'], operators: ALL },
  },
  Job: {
    job_title: { label: 'Job title', signal: 'job_title', operators: ALL },
    company: { label: 'Company', signal: 'company', operators: ALL },
  },
};

export const MODEL_NAMES = Object.keys(RULE_MODELS);

/** The declaration of a model's attribute, if it exists (own keys only: no `__proto__`). */
export function attributeOf(model: string, attribute: string): AttributeDeclaration | undefined {
  if (!Object.hasOwn(RULE_MODELS, model)) return undefined;
  const attributes = RULE_MODELS[model]!;
  return Object.hasOwn(attributes, attribute) ? attributes[attribute] : undefined;
}

export function operatorOf(model: string, attribute: string, operator: string): OperatorDeclaration | undefined {
  return attributeOf(model, attribute)?.operators.find((candidate) => candidate.name === operator);
}
