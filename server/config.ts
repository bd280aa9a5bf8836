import path from 'node:path';

/** Everything the server reads from the environment (CONVENTIONS.md "Starting the app"). */
export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  adminEmail?: string;
  adminPassword?: string;
  /** undefined: decide at start (on for a new embedded database, off otherwise) */
  demoData?: boolean;
  smtpUrl?: string;
  mailFrom: string;
  appUrl: string;
  secretKey?: string;
  logLevel: string;
  /** serve the built app from this folder when it exists */
  staticDir: string;
  /** throttling of sign-in, registration and password reset */
  throttle: ThrottleConfig;
  /** run the background workers in the web process (`WORKERS=0`: web only, `npm run worker` elsewhere) */
  workers: boolean;
  /** how the job queue watches and retries (seconds) */
  jobTiming: JobTiming;
  /** let profile feeds fetch from loopback, link-local and private addresses (tests, a feed on the LAN) */
  allowPrivateFeeds: boolean;
  /**
   * how long the profile index's journal keeps commits (PROFILE_INDEX_JOURNAL_MINUTES, default 180): a
   * server restarted within it starts from its snapshot in DATA_DIR/profile-index, later it rebuilds
   */
  profileIndexJournalMinutes: number;
  /** at most this many MB of the profile index's remembered sets (PROFILE_INDEX_CACHE_MB); unset: 32 MB per million rows, 32 at least */
  profileIndexCacheMb?: number;
  /** warm the profile index's remembered sets after a restart (PROFILE_INDEX_WARM, default 1): count-index/warming.ts */
  profileIndexWarm: boolean;
}

export interface JobTiming {
  /** a running job whose worker sent no heartbeat for this long is failed and retried (≥ 10) */
  heartbeatSeconds: number;
  /** how often a worker looks for such jobs */
  superviseSeconds: number;
  /** before the first retry of a failed retrieval (doubled at each retry) */
  retryDelaySeconds: number;
  /**
   * before the second attempt to deliver a notification (NOTIFY_RETRY_SECONDS, default 15; doubled
   * at each attempt, ±20 % jitter, 8 attempts: server/signals/delivery/policy.ts); fractions allowed (tests)
   */
  notifyRetrySeconds?: number;
  /** how long the audit trail keeps its entries (AUDIT_DAYS, default 365): older ones are deleted daily */
  auditDays?: number;
}

export interface ThrottleConfig {
  /** attempts per IP per minute on the sensitive auth routes */
  perIpPerMinute: number;
  /** failed attempts per account (e-mail) per 15 minutes */
  perAccountPer15Minutes: number;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** A whole number of days, at least one; unset or not a number: the default. */
function days(value: string | undefined, fallback: number): number {
  const n = Math.floor(Number(value || fallback));
  return Number.isFinite(n) ? Math.max(1, n) : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: flag(env.DEMO_DATA),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Talent Back-office <no-reply@localhost>',
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    secretKey: env.SECRET_KEY || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    staticDir: path.resolve(env.STATIC_DIR || 'dist'),
    throttle: {
      perIpPerMinute: Number(env.THROTTLE_PER_IP ?? 30),
      perAccountPer15Minutes: Number(env.THROTTLE_PER_ACCOUNT ?? 10),
    },
    workers: flag(env.WORKERS) ?? true,
    jobTiming: {
      heartbeatSeconds: Math.max(10, Number(env.JOB_HEARTBEAT_SECONDS) || 30),
      superviseSeconds: Math.max(1, Number(env.JOB_SUPERVISE_SECONDS) || 30),
      retryDelaySeconds: Math.max(0, Number(env.JOB_RETRY_DELAY_SECONDS ?? 15) || 0),
      notifyRetrySeconds: Math.max(0, Number(env.NOTIFY_RETRY_SECONDS ?? 15) || 0),
      auditDays: days(env.AUDIT_DAYS, 365),
    },
    allowPrivateFeeds: flag(env.ALLOW_PRIVATE_FEEDS) ?? false,
    profileIndexJournalMinutes: Math.max(1, Number(env.PROFILE_INDEX_JOURNAL_MINUTES) || 180),
    profileIndexCacheMb: Number(env.PROFILE_INDEX_CACHE_MB) > 0 ? Number(env.PROFILE_INDEX_CACHE_MB) : undefined,
    profileIndexWarm: flag(env.PROFILE_INDEX_WARM) ?? true,
  };
}
