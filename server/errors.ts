// What the domain refuses, in its own words: bad input (with a message per field), a row the
// caller may not see, a change they may not make, a state that does not allow it. Repositories,
// connectors and services throw these; server/http/errors.ts turns each into its status code and
// the `{"errors": [...], "fields": {...}}` body (CONVENTIONS "API" → Errors). Nothing here knows HTTP.

/** A refusal the caller can understand: human-readable messages. */
export abstract class DomainError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(', '));
  }
}

/** Bad input: one message per problem, naming its field (`"name: This field is required."`), and `fields` for forms. */
export class ValidationError extends DomainError {
  constructor(
    messages: string[],
    readonly fields?: Record<string, string[]>,
  ) {
    super(messages);
    this.name = 'ValidationError';
  }
}

/** A row that does not exist, or that the caller may not see. */
export class NotFoundError extends DomainError {
  constructor() {
    super(['Not found.']);
    this.name = 'NotFoundError';
  }
}

/** A change the caller may not make to a row they can see. */
export class ForbiddenError extends DomainError {
  constructor() {
    super(['You do not have permission to perform this action.']);
    this.name = 'ForbiddenError';
  }
}

/** A change the row's state does not allow (e.g. cancelling an execution that already finished). */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super([message]);
    this.name = 'ConflictError';
  }
}

export const notFound = () => new NotFoundError();
export const forbidden = () => new ForbiddenError();

/** Bad input, one `[field, message]` per problem: `"field: message"` each, and the messages per field. */
export function fieldErrors(problems: [field: string, message: string][]): ValidationError {
  // a field a client names may be `__proto__` or `constructor`: no inherited keys here
  const fields: Record<string, string[]> = Object.create(null);
  for (const [field, message] of problems) {
    fields[field] ??= [];
    fields[field].push(message);
  }
  return new ValidationError(
    problems.map(([field, message]) => `${field}: ${message}`),
    fields,
  );
}

/** Bad input in one field: `"name: This field is required."` plus `fields.name`. */
export function fieldError(field: string, message: string): ValidationError {
  return fieldErrors([[field, message]]);
}

/** Refuses a list of ids that names rows that do not exist (or that the caller may not see), in DRF's words. */
export function refuseUnknownIds(field: string, unknown: number[]): void {
  if (unknown.length === 0) return;
  throw fieldErrors(unknown.map((id) => [field, `Invalid pk "${id}" - object does not exist.`]));
}
