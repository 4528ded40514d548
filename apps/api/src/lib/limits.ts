import { AppError } from './errors.ts';
import type { Clock } from './clock.ts';
import type { RateLimitStore } from './rate-limit.ts';

export const LIMITS = {
  /** Requests per IP and minute on each abuse-prone group of endpoints. */
  perIpPerMinute: 10,
  /** Failed logins of one identifier counted over this window. */
  failureWindowMs: 15 * 60_000,
  /** From this many failures each new attempt waits (30 s, doubling, at most 5 min) after the last one. */
  backoffFrom: 5,
  backoffBaseMs: 30_000,
  backoffMaxMs: 5 * 60_000,
  /** From this many failures the identifier is locked until the window ends (at most 40 failures an hour). */
  lockFrom: 10,
} as const;

export const LIMIT_MESSAGES = {
  perIp: 'Trop de requêtes ont été envoyées depuis votre connexion. Veuillez réessayer dans une minute.',
  backoff: (seconds: number) =>
    `Trop de tentatives de connexion. Veuillez patienter ${seconds} secondes avant de réessayer.`,
  locked: (minutes: number) =>
    `Suite à plusieurs tentatives infructueuses, l’accès à ce compte est temporairement bloqué. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? 's' : ''} ou réinitialiser votre code confidentiel.`,
} as const;

export class TooManyRequests extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'TOO_MANY_REQUESTS', message, retryAfterSeconds);
  }
}

export type IpGroup = 'login' | 'password-reset' | 'guid' | 'email-link';

/** Abuse protection shared by every instance through the counter store (PostgreSQL or Redis). */
export function createLimits(store: RateLimitStore, clock: Clock) {
  const failureKey = (identifier: string) => `login-fail:${identifier.trim().toLowerCase()}`;
  return {
    async perIp(group: IpGroup, ip: string): Promise<void> {
      const now = clock.now();
      const counter = await store.hit(`ip:${group}:${ip}`, 60_000, now);
      if (counter.count > LIMITS.perIpPerMinute) {
        const retry = Math.max(1, Math.ceil((counter.windowStart.getTime() + 60_000 - now.getTime()) / 1000));
        throw new TooManyRequests(LIMIT_MESSAGES.perIp, retry);
      }
    },

    /** Refuses an attempt on an identifier that failed too often lately, whether or not it exists. */
    async assertLoginAllowed(identifier: string): Promise<void> {
      const now = clock.now();
      const failures = await store.peek(failureKey(identifier), LIMITS.failureWindowMs, now);
      if (!failures || failures.count < LIMITS.backoffFrom) return;
      if (failures.count >= LIMITS.lockFrom) {
        const remainingMs = failures.windowStart.getTime() + LIMITS.failureWindowMs - now.getTime();
        throw new TooManyRequests(LIMIT_MESSAGES.locked(Math.max(1, Math.ceil(remainingMs / 60_000))), Math.ceil(remainingMs / 1000));
      }
      const waitMs = Math.min(LIMITS.backoffBaseMs * 2 ** (failures.count - LIMITS.backoffFrom), LIMITS.backoffMaxMs);
      const remainingMs = failures.lastAt.getTime() + waitMs - now.getTime();
      if (remainingMs > 0) {
        const seconds = Math.ceil(remainingMs / 1000);
        throw new TooManyRequests(LIMIT_MESSAGES.backoff(seconds), seconds);
      }
    },

    async loginFailed(identifier: string): Promise<void> {
      await store.hit(failureKey(identifier), LIMITS.failureWindowMs, clock.now());
    },

    async loginSucceeded(identifier: string): Promise<void> {
      await store.reset(failureKey(identifier));
    },
  };
}
export type Limits = ReturnType<typeof createLimits>;
