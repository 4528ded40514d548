import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded database (relative paths are from the repository root). */
  DATA_DIR: z.string().default('data'),
  /** Folder of the built web app served under /ecare/. */
  WEB_DIST: z.string().default('apps/web/dist'),
  BRAND_NAME: z.string().default('Telora Pro'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(12),
  /** How long an instance may reuse a session read: a revocation reaches other instances within it. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  /** Seed the demo data set when the database has no billing account yet. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Sets Secure on cookies; on by default in production. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  webDist: string;
  brandName: string;
  logLevel: Env['LOG_LEVEL'];
  sessionIdleMs: number;
  sessionMaxMs: number;
  sessionCacheMs: number;
  seedDemo: boolean;
  cookieSecure: boolean;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(repoRoot, env.DATA_DIR),
    webDist: path.resolve(repoRoot, env.WEB_DIST),
    brandName: env.BRAND_NAME,
    logLevel: env.LOG_LEVEL,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: env.SESSION_MAX_HOURS * 3_600_000,
    sessionCacheMs: env.SESSION_CACHE_MS,
    seedDemo: env.SEED_DEMO,
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production',
  };
}
