// The profiles list's filters live in server/db/profile-filters.ts, below the entities, so that a
// watched saved search's check (server/signals/search-alerts.ts) evaluates a saved query with the
// very code the list runs; its importers here keep this path.
export * from '../../db/profile-filters';
