// What a change-log row means to the rules (docs/RULES.md), and whether a rule matches it. Pure
// functions: the engine (engine.ts) reads the rows and the rules, these decide.
//
// Signals by field: 'location' and 'headline' rows are their own signal; a 'jobs' row carries the
// 'company' and 'job_title' signals (job-changes.ts). The 'current_company' row is not read: a company
// rule reads the 'jobs' row, so one move is one notification, and a late-added old role (which
// moves current_company too) is not a move.
import { jobSignals, type SignalChange } from './job-changes';
import { attributeOf, OPERATORS, type AttributeSignal } from './vocabulary';

export type { SignalChange } from './job-changes';

/** The change-log fields the rules read. */
export const SIGNAL_FIELDS = ['location', 'headline', 'jobs'] as const;

export type Signals = Partial<Record<AttributeSignal, SignalChange>>;

const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const written = (typeof value === 'string' ? value : String(value)).trim();
  return written === '' ? null : written;
};
const folded = (value: string | null) => value?.toLowerCase() ?? null;

/** A text field's change; none when it only moved in case or surrounding spaces. */
function textSignal(oldValue: unknown, newValue: unknown): SignalChange | undefined {
  const [old, next] = [text(oldValue), text(newValue)];
  if (folded(old) === folded(next)) return undefined;
  return { old, new: next, shownOld: old, shownNew: next };
}

/**
 * The signals of one change-log row. `previousRetrieval`: when the person was retrieved before
 * the retrieval that wrote the row (a 'jobs' row's late-added roles are those that started
 * before it); null when unknown.
 */
export function signalsOf(field: string, oldValue: unknown, newValue: unknown, previousRetrieval: Date | null): Signals {
  switch (field) {
    case 'location':
    case 'headline': {
      const change = textSignal(oldValue, newValue);
      return change ? { [field]: change } : {};
    }
    case 'jobs':
      return jobSignals(oldValue, newValue, previousRetrieval);
    default:
      return {};
  }
}

/** A text as the operators compare it: surrounding spaces and case ignored (also change_signal's folded columns). */
export const norm = (value: string) => value.trim().toLowerCase();

/**
 * Whether `operator` with the rule's `value` holds for a change (case and surrounding spaces
 * ignored): 'changed' any change (the value is not read); 'changed to' the new value is the
 * value; 'changed from' the old value was; 'contains' the new value contains it; 'equals' the
 * old or the new value is it. A side that is none matches no value.
 */
export function operatorMatches(operator: string, value: string, change: Pick<SignalChange, 'old' | 'new'>): boolean {
  const wanted = norm(value);
  const [old, next] = [change.old === null ? null : norm(change.old), change.new === null ? null : norm(change.new)];
  switch (operator) {
    case OPERATORS.changed.name:
      return true;
    case OPERATORS.changedTo.name:
      return next === wanted;
    case OPERATORS.changedFrom.name:
      return old === wanted;
    case OPERATORS.contains.name:
      return next?.includes(wanted) ?? false;
    case OPERATORS.equals.name:
      return old === wanted || next === wanted;
    default:
      return false;
  }
}

/** What a rule is, as far as matching goes. */
export interface RuleCondition {
  model_name: string;
  attribute: string;
  operator: string;
  value: string;
}

/** The signal a rule reads and its change when the rule matches `signals`; undefined otherwise. */
export function ruleMatch(rule: RuleCondition, signals: Signals): { signal: AttributeSignal; change: SignalChange } | undefined {
  const attribute = attributeOf(rule.model_name, rule.attribute);
  if (!attribute) return undefined;
  for (const signal of [attribute.signal, ...(attribute.also ?? [])]) {
    const change = signals[signal];
    if (change && operatorMatches(rule.operator, rule.value, change)) return { signal, change };
  }
  return undefined;
}
