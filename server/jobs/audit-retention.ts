// The audit trail's retention (issue 19): once a day, entries older than AUDIT_DAYS go. Its own
// write is the system's, not audited.
import type { JobDefinition, QueueDeclaration } from '../queue/job-queue';
import { deleteAuditEntriesOlderThan } from '../audit/retention';

export const AUDIT_RETENTION_QUEUE: QueueDeclaration<{ reason?: string }> = { name: 'audit-retention' };

/** AUDIT_DAYS' default: a year. */
export const DEFAULT_AUDIT_DAYS = 365;

export const auditRetentionJob: JobDefinition<{ reason?: string }> = {
  ...AUDIT_RETENTION_QUEUE,
  handle: async (_data, { handle, log, timing }) => {
    const days = timing?.auditDays ?? DEFAULT_AUDIT_DAYS;
    const deleted = await deleteAuditEntriesOlderThan(handle.db, days);
    if (deleted) log.info({ deleted, days }, 'audit entries past their retention deleted');
  },
  every: { cron: '23 3 * * *', data: { reason: 'daily' } },
};
