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
  };
}
