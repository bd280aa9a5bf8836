// The worker of NOTIFICATION_DELIVERY_QUEUE (server/signals/delivery/):
// - `notification_ids`: deliver each (a High one just raised; with `force`, a re-send of any priority, alone and at once);
// - `digest`: the Medium digest of every recipient (hourly, at minute 0 UTC);
// - `sweep` (every minute): High notifications that came due — retries, and any whose queued
//   delivery was lost (the engine and the API queue a delivery after their commit: a crash in
//   between leaves the row PENDING and due) — digests retrying after a failure, and the daily
//   (Low) digest of each recipient whose own hour has come (daily-digest.ts: their time zone and
//   hour, so within a minute of it).
// The queue's schedules: the sweep is the definition's own (`every`); the hourly digest is
// scheduled by the first job a worker process runs — at the latest its first sweep, within a
// minute of the start (one definition has one `every`) — under a key of its own (pg-boss
// replaces a schedule of the same key: idempotent), and the fixed 07:00 UTC daily digest of
// earlier versions (key `digest-low`) is removed then.
// A job that fails (the database away) is retried by the queue; a worker that dies mid-job leaves
// its claimed rows leased, and the sweep sends them once the lease has run out.
import type { JobContext, JobDefinition, Jobs } from '../queue/job-queue';
import { NOTIFICATION_DELIVERY_QUEUE } from '../signals/queues';
import { deliverDue, deliverNotifications, sendDigests, type DeliveryContext } from '../signals/delivery/deliver';
import { sendDailyDigests } from '../signals/delivery/daily-digest';

type DeliveryJobData = NonNullable<(typeof NOTIFICATION_DELIVERY_QUEUE)['jobData']> & { sweep?: boolean };

/** When the hourly digest goes (cron, UTC); the daily one goes at each reader's hour, from the sweep. */
export const DIGEST_SCHEDULES = {
  Medium: { key: 'digest-medium', cron: '0 * * * *' },
} as const;

/** The schedule of the daily digest at 07:00 UTC for everyone, before readers had their own hour. */
const RETIRED_SCHEDULES = ['digest-low'];

const scheduled = new WeakSet<Jobs>();

async function scheduleDigests(jobs: Jobs): Promise<void> {
  if (scheduled.has(jobs)) return;
  const { key, cron } = DIGEST_SCHEDULES.Medium;
  await jobs.schedule(NOTIFICATION_DELIVERY_QUEUE, key, cron, { digest: 'Medium' });
  for (const retired of RETIRED_SCHEDULES) await jobs.schedule(NOTIFICATION_DELIVERY_QUEUE, retired, null, { digest: 'Low' });
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
    if (data.digest === 'Medium') {
      const run = await sendDigests(delivery, data.digest);
      context.log.info({ digest: data.digest, ...run }, 'digest sent');
    }
    // `digest: 'Low'` is a job of the retired 07:00 UTC schedule still queued: the readers' hours decide
    if (data.sweep || data.digest === 'Low') {
      const swept = await deliverDue(delivery);
      if (swept.high || swept.digests) context.log.info(swept, 'due notifications delivered');
      const daily = await sendDailyDigests(delivery, new Date());
      if (daily.recipients) context.log.info({ digest: 'Low', ...daily }, 'daily digests sent');
    }
  },
};
