import { randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isValidCreditorIdentifier } from '@ecare/shared/bank-details';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** An address (or host name) that only this machine reaches: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackAddress(address: string): boolean {
  const host = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (host === 'localhost' || host === '::1') return true;
  const v4 = host.startsWith('::ffff:') ? host.slice('::ffff:'.length) : host;
  return isIPv4(v4) && v4.startsWith('127.');
}

export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's trustProxy) accepts for well-known private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIPv4(entry) || isIPv6(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return (isIPv4(address) && bits <= 32) || (isIPv6(address) && bits <= 128);
}

/**
 * TRUST_PROXY: unset, false or 0 trusts no proxy (the socket's address is the client's); a
 * number trusts that many proxy hops; a comma-separated list trusts those addresses and ranges.
 * Either way the client is the right-most address not vouched for, never the left-most one the
 * client itself may write, which is why `true` is refused (decision 013).
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true ferait confiance à l’adresse la plus à gauche de X-Forwarded-For, que le client écrit lui-même : indiquez le nombre de proxys devant le serveur (TRUST_PROXY=1) ou leurs adresses (TRUST_PROXY=10.0.0.0/8)',
    });
    return false;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'au plus 10 proxys successifs' });
    return false;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    ctx.addIssue({ code: 'custom', message: `adresse ou plage invalide : ${invalid.join(', ')} (attendu : 1, 10.0.0.1 ou 10.0.0.0/8)` });
    return false;
  }
  return entries;
}

/** Fastify's trustProxy for a TRUST_PROXY value: a hop count becomes "the first n hops from the socket". */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * OpenTelemetry's standard variables (decision 063): traces are exported over OTLP/HTTP to the
 * collector at OTEL_EXPORTER_OTLP_ENDPOINT (its /v1/traces), under OTEL_SERVICE_NAME. Unset
 * endpoint: nothing of OpenTelemetry is loaded. Read apart from the rest, before the app loads.
 */
const tracingShape = {
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
  OTEL_SERVICE_NAME: z.string().min(1).default('espace-client-pro'),
};

export interface TracingConfig {
  endpoint: string;
  serviceName: string;
}

/** The traces' settings, or null when OTEL_EXPORTER_OTLP_ENDPOINT is unset (an invalid one is left to loadConfig to refuse). */
export function loadTracingConfig(source: NodeJS.ProcessEnv = process.env): TracingConfig | null {
  const parsed = z.object(tracingShape).safeParse(source);
  if (!parsed.success || !parsed.data.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  return { endpoint: parsed.data.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: parsed.data.OTEL_SERVICE_NAME };
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /**
   * This instance's name among several behind a proxy, sent in every answer's X-Instance-Id header
   * and printed at start (default: a random one per process).
   */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, '1 à 64 lettres, chiffres, points, tirets ou soulignés')
    .optional(),
  /**
   * On SIGTERM, how long the instance keeps serving while /ready answers 503, so that the proxy's
   * health checks take it out of rotation before it stops accepting connections (decision 067).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  /** On SIGTERM, how long the requests in flight and the running jobs have to finish (decision 067). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * A streaming replica of DATABASE_URL's server: the reads that tolerate a second of lag go to
   * it while it keeps up (decision 064). Needs DATABASE_URL.
   */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /** Folder of the embedded database (relative paths are from the repository root). */
  DATA_DIR: z.string().default('data'),
  /** Folder of the built web app served under /ecare/. */
  WEB_DIST: z.string().default('apps/web/dist'),
  BRAND_NAME: z.string().default('Telora Pro'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(12),
  /** Customer-service agents' sessions, and the customer sessions they open, are shorter (decision 032). */
  AGENT_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  AGENT_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24).default(8),
  /** How long an instance may reuse a session read: a revocation reaches other instances within it. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  /** How long an instance may reuse a user's billing-account list: changes reach other instances within it. */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  /** Seed the demo data set when the database has no billing account yet. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Public address of the portal, used in e-mailed links (default http://localhost:PORT). */
  PUBLIC_URL: z.string().url().optional(),
  /** SMTP server (smtp://user:pass@host:port); without it e-mails stay in the outbox and the development mailbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Espace client Pro <ne-pas-repondre@telora.example>'),
  /** Address of the customer service, which receives every message of the contact form. */
  SUPPORT_EMAIL: z.string().trim().email().default('service-client-pro@telora.example'),
  /**
   * Folder of every uploaded file when no bucket is configured, outside the web root (default:
   * DATA_DIR/attachments): contact attachments at its root, `resiliations/`, `pieces/`.
   */
  ATTACHMENTS_DIR: z.string().optional(),
  /**
   * S3-compatible object storage of every uploaded file, each kind under its prefix (decision 036):
   * endpoint URL (path-style requests), bucket, keys and region. Unset: ATTACHMENTS_DIR.
   */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'nom de bucket S3 invalide').optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Validity of an e-mailed link (forgotten code, e-mail change). */
  LINK_VALIDITY_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(24),
  /**
   * Key signing (HMAC) and encrypting the e-mailed eSIM installation links; at least 32
   * characters. Unset: a random key per process, so links stop working at a restart and on
   * other instances (decision 018).
   */
  ESIM_LINK_SECRET: z.string().min(32).optional(),
  /**
   * Key encrypting the authenticator-app secrets of the second factor and the webhooks' signing
   * secrets (AES-256-GCM), at least 32 characters. Unset: a random key per process, so enrolled
   * authenticator apps stop working at a restart and on other instances (recovery codes still
   * work), and so do the webhooks' signatures until their secrets are renewed (decisions 054, 062).
   */
  MFA_SECRET_KEY: z.string().min(32).optional(),
  /**
   * Passkeys (decision 056): the relying party's id (a domain) and the origin the browser signs;
   * default: the host and origin of PUBLIC_URL.
   */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'nom de domaine attendu')
    .optional(),
  WEBAUTHN_ORIGIN: z.string().url().optional(),
  /**
   * The bearer token the operator's mediation system sends with its usage records
   * (`POST /api/interne/usages`), at least 32 characters. Unset: the feed is closed (decision 045).
   */
  USAGE_FEED_TOKEN: z.string().min(32).optional(),
  /**
   * The demo usage feed: every minute a job feeds the demo accounts' lines with usage (decision
   * 045). Default: on when SEED_DEMO is (it feeds nothing in a database without the demo data).
   */
  DEMO_USAGE_FEED: z.enum(['true', 'false']).optional(),
  /**
   * Lets webhooks be delivered to this machine (127.0.0.0/8, ::1) over plain http, for tests that
   * start a receiver here (decision 062); private, link-local and other addresses stay refused and
   * https stays required elsewhere. Refused in production.
   */
  WEBHOOKS_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
  /** Rows of a bulk action done per transaction (decision 050): a job's progress moves a chunk at a time. */
  BULK_ACTIONS_CHUNK: z.coerce.number().int().min(1).max(5_000).default(500),
  /**
   * How long one run of the queue works a bulk job's chunks before queuing the rest as a new run
   * (decision 050): a run lost with its instance (a crash) is retried two minutes after it began.
   */
  BULK_ACTIONS_RUN_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  /** Validity of an e-mailed eSIM installation link. */
  ESIM_LINK_VALIDITY_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
  /** Who takes card payments of unpaid invoices: the built-in sandbox (no real money) by default (decision 027). */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * Secret shared with the payment provider, at least 32 characters: its notifications are signed
   * with it (HMAC-SHA-256). Unset: a random one per process, which only the built-in sandbox of
   * that same process knows (decision 027).
   */
  PAYMENT_PROVIDER_SECRET: z.string().min(32).optional(),
  /**
   * The operator's SEPA creditor identifier (ICS), printed on every direct-debit mandate. The
   * default has a valid form and check digits but is no one's: set the operator's own (decision 026).
   */
  SEPA_CREDITOR_ID: z
    .string()
    .trim()
    .refine(isValidCreditorIdentifier, 'identifiant créancier SEPA invalide (attendu : FR, 2 chiffres de contrôle, 3 caractères, 6 caractères, par exemple FR72ZZZ123456)')
    .default('FR72ZZZ123456'),
  /**
   * Gaia, the agents' OpenID Connect provider (decision 034): its issuer URL, this portal's client
   * id and secret. Unset issuer: the Gaia pages say that single sign-on is not configured.
   */
  GAIA_ISSUER: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
  GAIA_CLIENT_ID: z.string().min(1).optional(),
  GAIA_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Secret shared with the customer-service desktop that signs one-click URLs (HMAC-SHA-256), at
   * least 32 characters. Unset: a random one per process, known only to the development URL
   * builder of that process (decision 034).
   */
  SSO_ONECLIC_SECRET: z.string().min(32).optional(),
  /** Redis for rate-limit counters shared by several instances (PostgreSQL otherwise). */
  REDIS_URL: z.string().url().optional(),
  /** reCAPTCHA v3 secret: when set, captcha tokens are verified server-side. */
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /**
   * Development tools (mailbox page, parameter switch): on only when set to true, as the demo
   * configuration of `npm start` does (apps/api/demo.env); they answer only this machine.
   */
  DEV_TOOLS: z.enum(['true', 'false']).default('false'),
  /** Proxies in front of the server whose X-Forwarded-For entries are believed: a hop count or addresses. */
  TRUST_PROXY: z.string().optional().transform(parseTrustProxy),
  /**
   * Time for a request's headers and body to arrive, from its first byte (decision 013): a slower
   * one is answered 408 and its connection closed. The headers alone have 10 s at most.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** How long a kept-alive connection may wait, idle, for its next request. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  /** Connections one client address may hold open at once, when no proxy is trusted (0: no cap). */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).default(128),
  /** Sets Secure on cookies; on by default in production. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /**
   * The bearer token Prometheus sends to read GET /metrics, at least 32 characters. Unset: no
   * /metrics (404) and no process metrics collected (decision 063).
   */
  METRICS_TOKEN: z.string().min(32).optional(),
  ...tracingShape,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  instanceId: string;
  shutdown: { drainMs: number; timeoutMs: number };
  databaseUrl: string | undefined;
  databaseReplicaUrl: string | undefined;
  dataDir: string;
  webDist: string;
  brandName: string;
  logLevel: Env['LOG_LEVEL'];
  sessionIdleMs: number;
  sessionMaxMs: number;
  agentSessionIdleMs: number;
  agentSessionMaxMs: number;
  sessionCacheMs: number;
  readCacheMs: number;
  seedDemo: boolean;
  cookieSecure: boolean;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  attachmentsDir: string;
  /** Object storage of every uploaded file; null: the local folder (attachmentsDir). */
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string } | null;
  linkValidityMs: number;
  /** eSIM installation links: their key (generated at start when not configured) and validity. */
  esimLink: { secret: string; secretConfigured: boolean; validityMs: number };
  /** The key encrypting the authenticator-app secrets (generated at start when not configured, decision 054). */
  mfa: { secretKey: string; secretKeyConfigured: boolean };
  /** Passkeys: the relying party's id and name and the origin signed by the browser (decision 056). */
  webauthn: { rpId: string; rpName: string; origin: string };
  /** Card payments: the provider and the secret of its notifications (generated at start when not configured). */
  payment: { provider: Env['PAYMENT_PROVIDER']; secret: string; secretConfigured: boolean };
  /** SEPA creditor identifier (ICS) of the operator. */
  sepaCreditorId: string;
  /** Gaia OpenID Connect (null without an issuer) and the one-click signing secret (decision 034). */
  gaia: { issuer: string; clientId: string; clientSecret: string } | null;
  ssoOneclic: { secret: string; secretConfigured: boolean };
  redisUrl: string | undefined;
  /** The usage feed's bearer token; null: the feed is closed. */
  usageFeedToken: string | null;
  /** Prometheus's bearer token for GET /metrics; null: no /metrics. */
  metricsToken: string | null;
  /** Whether the job feeding the demo lines with usage every minute runs. */
  demoUsageFeed: boolean;
  /** Webhooks may go to a receiver on this machine over plain http (never in production). */
  webhooksAllowLoopback: boolean;
  /** Rows of a bulk action done per transaction. */
  bulkActionsChunk: number;
  /** Seconds one queue run works a bulk job before queuing the rest. */
  bulkActionsRunSeconds: number;
  recaptcha: { secret: string | undefined; verifyUrl: string; minScore: number };
  devTools: boolean;
  /** false, a number of trusted proxy hops, or the trusted proxies' addresses and ranges (Fastify's trustProxy). */
  trustProxy: TrustProxy;
  /** What slow or greedy clients may hold (decision 013); `maxConnectionsPerIp` 0 when not capped (behind a proxy). */
  connections: { requestTimeoutMs: number; headersTimeoutMs: number; keepAliveTimeoutMs: number; maxConnectionsPerIp: number };
}

/** The headers of a request have at most this long to arrive (less if the request timeout is shorter). */
const HEADERS_TIMEOUT_MS = 10_000;

/** The relying party of passkeys: PUBLIC_URL's host and origin unless configured. */
function webauthnConfig(env: Env): Config['webauthn'] {
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    rpId: (env.WEBAUTHN_RP_ID ?? publicUrl.hostname).toLowerCase(),
    rpName: env.BRAND_NAME,
    origin: new URL(env.WEBAUTHN_ORIGIN ?? publicUrl.origin).origin,
  };
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
    instanceId: env.INSTANCE_ID ?? randomBytes(4).toString('hex'),
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
    databaseUrl: env.DATABASE_URL,
    databaseReplicaUrl: databaseReplicaUrl(env),
    dataDir: path.resolve(repoRoot, env.DATA_DIR),
    webDist: path.resolve(repoRoot, env.WEB_DIST),
    brandName: env.BRAND_NAME,
    logLevel: env.LOG_LEVEL,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: env.SESSION_MAX_HOURS * 3_600_000,
    agentSessionIdleMs: env.AGENT_SESSION_IDLE_MINUTES * 60_000,
    agentSessionMaxMs: env.AGENT_SESSION_MAX_HOURS * 3_600_000,
    sessionCacheMs: env.SESSION_CACHE_MS,
    readCacheMs: env.READ_CACHE_MS,
    seedDemo: env.SEED_DEMO,
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    attachmentsDir: path.resolve(repoRoot, env.ATTACHMENTS_DIR ?? path.join(env.DATA_DIR, 'attachments')),
    s3: s3Config(env),
    linkValidityMs: env.LINK_VALIDITY_HOURS * 3_600_000,
    esimLink: {
      secret: env.ESIM_LINK_SECRET ?? randomBytes(32).toString('base64url'),
      secretConfigured: env.ESIM_LINK_SECRET !== undefined,
      validityMs: env.ESIM_LINK_VALIDITY_HOURS * 3_600_000,
    },
    mfa: {
      secretKey: env.MFA_SECRET_KEY ?? randomBytes(32).toString('base64url'),
      secretKeyConfigured: env.MFA_SECRET_KEY !== undefined,
    },
    webauthn: webauthnConfig(env),
    payment: {
      provider: env.PAYMENT_PROVIDER,
      secret: env.PAYMENT_PROVIDER_SECRET ?? randomBytes(32).toString('base64url'),
      secretConfigured: env.PAYMENT_PROVIDER_SECRET !== undefined,
    },
    sepaCreditorId: env.SEPA_CREDITOR_ID,
    gaia: env.GAIA_ISSUER ? { issuer: env.GAIA_ISSUER, clientId: env.GAIA_CLIENT_ID ?? '', clientSecret: env.GAIA_CLIENT_SECRET ?? '' } : null,
    ssoOneclic: { secret: env.SSO_ONECLIC_SECRET ?? randomBytes(32).toString('base64url'), secretConfigured: env.SSO_ONECLIC_SECRET !== undefined },
    redisUrl: env.REDIS_URL,
    usageFeedToken: env.USAGE_FEED_TOKEN ?? null,
    metricsToken: env.METRICS_TOKEN ?? null,
    demoUsageFeed: env.DEMO_USAGE_FEED ? env.DEMO_USAGE_FEED === 'true' : env.SEED_DEMO,
    webhooksAllowLoopback: webhooksAllowLoopback(env),
    bulkActionsChunk: env.BULK_ACTIONS_CHUNK,
    bulkActionsRunSeconds: env.BULK_ACTIONS_RUN_SECONDS,
    recaptcha: { secret: env.RECAPTCHA_SECRET, verifyUrl: env.RECAPTCHA_VERIFY_URL, minScore: env.RECAPTCHA_MIN_SCORE },
    devTools: env.DEV_TOOLS === 'true',
    trustProxy: env.TRUST_PROXY,
    connections: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      // Behind a proxy every connection comes from the proxy: capping it would cap everyone.
      maxConnectionsPerIp: env.TRUST_PROXY === false ? env.MAX_CONNECTIONS_PER_IP : 0,
    },
  };
}

/** DATABASE_REPLICA_URL, which is a replica of DATABASE_URL: without it, the embedded database has none. */
function databaseReplicaUrl(env: Env): string | undefined {
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replica');
  return env.DATABASE_REPLICA_URL;
}

/** WEBHOOKS_ALLOW_LOOPBACK, which a production server refuses to start with: it would let customers reach this machine. */
function webhooksAllowLoopback(env: Env): boolean {
  const allowed = env.WEBHOOKS_ALLOW_LOOPBACK === 'true';
  if (allowed && env.NODE_ENV === 'production') throw new Error('WEBHOOKS_ALLOW_LOOPBACK=true is for tests only: a production server refuses it');
  return allowed;
}

/** The object storage settings, all of them or none (a partial set is a mistake, refused at start). */
function s3Config(env: Env): Config['s3'] {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY: accessKeyId, S3_SECRET_KEY: secretAccessKey } = env;
  const given = [endpoint, bucket, accessKeyId, secretAccessKey].filter((value) => value !== undefined).length;
  if (given === 0) return null;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) throw new Error('S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY go together');
  return { endpoint: endpoint.replace(/\/+$/, ''), bucket, accessKeyId, secretAccessKey, region: env.S3_REGION };
}
