// What stops a retrieval, thrown by connectors, by annotators and by the guard on the addresses
// users type: the retrieval job (server/jobs/retrieval.ts) retries it when it is transient and
// fails the execution with its `name` as exc_type otherwise.

/**
 * A retrieval that cannot go on. `transient` (a timeout, a 5xx, a 429) is
 * retried with backoff; anything else fails the execution at once.
 */
export class ConnectorError extends Error {
  constructor(
    message: string,
    readonly options: { transient?: boolean; type?: string } = {},
  ) {
    super(message);
    this.name = options.type ?? 'ConnectorError';
  }
}
