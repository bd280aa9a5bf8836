/** PostgreSQL's unique_violation (SQLSTATE 23505; PGlite reports the same): a concurrent insert won the race. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
