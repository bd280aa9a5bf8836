// The worker of NOTIFICATION_DELIVERY_QUEUE (server/signals/delivery/):
// - `notification_ids`: deliver each (a High one just raised; with `force`, a re-send of any priority, alone and at once);
// - `digest`: the Medium (hourly, at minute 0) or Low (daily, 07:00 UTC) digest of every recipient;
// - `sweep` (every minute): High notifications that came due — retries, and any whose queued
//   delivery was lost (the engine and the API queue a delivery after their commit: a crash in
//   between leaves the row PENDING and due) — and digests retrying after a failure.
// The queue's schedules: the sweep is the definition's own (`every`); the two digests are
// scheduled by the first job a worker process runs — at the latest its first sweep, within a
// minute of the start (one definition has one `every`) — under keys of their own (pg-boss
// replaces a schedule of the same key: idempotent).
// A job that fails (the database away) is retried by the queue; a worker that dies mid-job leaves
// its claimed rows leased, and the sweep sends them once the lease has run out.
import type { JobContext, JobDefinition, Jobs } from '../queue/job-queue';
import { NOTIFICATION_DELIVERY_QUEUE } from '../signals/queues';
import { deliverDue, deliverNotifications, sendDigests, type DeliveryContext } from '../signals/delivery/deliver';

type DeliveryJobData = NonNullable<(typeof NOTIFICATION_DELIVERY_QUEUE)['jobData']> & { sweep?: boolean };

/** When the digests go (cron, UTC). */
export const DIGEST_SCHEDULES = {
  Medium: { key: 'digest-medium', cron: '0 * * * *' },
  Low: { key: 'digest-low', cron: '0 7 * * *' },
} as const;

const scheduled = new WeakSet<Jobs>();

async function scheduleDigests(jobs: Jobs): Promise<void> {
  if (scheduled.has(jobs)) return;
  for (const priority of ['Medium', 'Low'] as const) {
    const { key, cron } = DIGEST_SCHEDULES[priority];
    await jobs.schedule(NOTIFICATION_DELIVERY_QUEUE, key, cron, { digest: priority });
  }
  scheduled.add(jobs);
}

export function deliveryContext(context: JobContext): DeliveryContext {
  return {
    db: context.handle.db,
    mailer: context.mailer,
    appUrl: context.appUrl,
    log: context.log,
    allowPrivateNetworks: context.allowPrivateFeeds,
    retrySeconds: context.timing?.notifyRetrySeconds,
    signal: context.job.signal,
  };
}

export const notificationDeliveryJob: JobDefinition<DeliveryJobData> = {
  ...NOTIFICATION_DELIVERY_QUEUE,
  settings: (timing) => ({
    retryLimit: 3,
    retryDelay: 15,
    retryBackoff: true,
    heartbeatSeconds: timing.heartbeatSeconds,
    // a long batch to one Slack webhook goes at one message a second
    expireInSeconds: 3600,
  }),
  every: { cron: '* * * * *', data: { sweep: true } },
  async handle(data, context) {
    await scheduleDigests(context.jobs);
    const delivery = deliveryContext(context);
    if (data.notification_ids?.length) await deliverNotifications(delivery, data.notification_ids, { force: data.force === true });
    if (data.digest === 'Medium' || data.digest === 'Low') {
      const run = await sendDigests(delivery, data.digest);
      context.log.info({ digest: data.digest, ...run }, 'digest sent');
    }
    if (data.sweep) {
      const swept = await deliverDue(delivery);
      if (swept.high || swept.digests) context.log.info(swept, 'due notifications delivered');
    }
  },
};
