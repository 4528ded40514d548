import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { fail } from './errors.ts';
import type { Clock } from './clock.ts';
import type { Limiter, LimiterRule, RateLimitStore } from './rate-limit.ts';
import { hashToken, newToken } from './tokens.ts';

const HOUR = 3_600_000;

export const LIMITS = {
  /** Requests per IP and minute on each abuse-prone group of endpoints. */
  perIpPerMinute: 10,
  /** Failed logins are counted over this window: per (identifier, source), per network and per identifier. */
  failureWindowMs: HOUR,
  /** From this many failures of one identifier from one source, that source waits 30 s, doubling, at most 5 min, after its last failure. */
  backoffFrom: 5,
  backoffBaseMs: 30_000,
  backoffMaxMs: 5 * 60_000,
  /**
   * Failures of one identifier from every source in the window beyond which a source that has
   * failed needs a captcha or an e-mailed unlock link; a source that has not failed still gets in.
   */
  accountCeiling: 100,
  /** Failures of one identifier from one network (IPv4 /24, IPv6 /48) from which, beyond the ceiling, every source of it counts as failed. */
  networkFailedFrom: 3,
  /** The unlock link and the attack notice are e-mailed at most once per period; a link stays valid as long. */
  mailPeriodMs: 24 * HOUR,
  /** How long a browser that followed an unlock link skips the per-source limits, and how many failures void it. */
  passMs: 30 * 24 * HOUR,
  passMaxFailures: 5,
  /** A signed-in user re-entering their code (code or e-mail change): their own failures, per user. */
  codeCheckWindowMs: HOUR,
} as const;

export type IpGroup = 'login' | 'password-reset' | 'guid' | 'email-link' | 'login-unlock' | 'esim-link' | 'second-step';

/** What a login may do, read before the code is checked. */
export interface LoginGate {
  /** Keys of the failure counters (pair: identifier and source; network; account: identifier) and of the pass. */
  readonly keys: { pair: string; network: string; account: string; pass: string | null };
  /** The identifier's failures from every source reached the ceiling in the current window. */
  readonly underAttack: boolean;
  /** This source, or enough of its network, failed on this identifier in the window. */
  readonly sourceFailed: boolean;
  /** This browser followed an unlock link for this identifier (and has not failed too often since). */
  readonly passed: boolean;
  readonly sourceFailures: number;
}

/** The eight 16-bit groups of a valid IPv6 address (zone and dotted IPv4 tail allowed). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

/**
 * Who is guessing, as coarsely as one party usually holds addresses: an IPv4 address or an IPv6
 * /64 (one customer line), and the network around it (IPv4 /24, IPv6 /48) that an attacker
 * rotating addresses tends to stay in.
 */
export function loginSource(ip: string): { address: string; network: string } {
  if (isIPv6(ip)) {
    const groups = ipv6Groups(ip);
    const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
    if (!mapped) {
      const hex = groups.map((g) => g.toString(16));
      return { address: `${hex.slice(0, 4).join(':')}::/64`, network: `${hex.slice(0, 3).join(':')}::/48` };
    }
    const [high = 0, low = 0] = groups.slice(6);
    ip = [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  if (isIPv4(ip)) return { address: ip, network: `${ip.split('.').slice(0, 3).join('.')}.0/24` };
  return { address: ip, network: ip };
}

/** Counter keys carry a digest of the identifier, so the counter store holds no e-mail address. */
export const identifierKey = (identifier: string) =>
  createHash('sha256').update(identifier.trim().toLowerCase()).digest('base64url').slice(0, 22);

/** Wait after the last failure once a source has failed `failures` times (0 below the threshold). */
function backoffMs(failures: number): number {
  if (failures < LIMITS.backoffFrom) return 0;
  return Math.min(LIMITS.backoffBaseMs * 2 ** (failures - LIMITS.backoffFrom), LIMITS.backoffMaxMs);
}

const seconds = (ms: number) => Math.ceil(ms / 1000);

/** A refusal of `consume` is a RateLimiterRes; anything else is the store failing. */
function refusal(error: unknown): RateLimiterRes {
  if (error instanceof RateLimiterRes) return error;
  throw error;
}

/** A quota's name for the metrics: its key up to the first colon, the rest naming who it counts. */
const quotaName = (key: string) => key.split(':', 1)[0] ?? key;

/**
 * Abuse protection shared by every instance: rate-limiter-flexible limiters over the counter
 * store (PostgreSQL or Redis). The back-off is a block, set after a failure for as long as the
 * source must wait; a wait never outlasts the window of the failures that caused it. `hit` hears
 * the name of every limit that refuses a call (`ip-<group>`, `login-backoff`, `code-check-backoff`,
 * a quota's name) or, for `login-ceiling`, that an identifier's failures reach, for the metrics.
 */
export function createLimits(store: RateLimitStore, clock: Clock, hit: (limit: string) => void = () => {}) {
  const limiter = (rule: LimiterRule) => store.limiter(rule, clock);
  // Limiters that only count (penalty) or block: no call is refused by their budget of points.
  const countOnly = { points: 1 } as const;
  const perIpLimiter = limiter({ keyPrefix: 'ip', points: LIMITS.perIpPerMinute, durationMs: 60_000 });
  const loginFailures = limiter({ keyPrefix: 'login-fail', ...countOnly, durationMs: LIMITS.failureWindowMs });
  const loginWait = limiter({ keyPrefix: 'login-wait', ...countOnly, durationMs: LIMITS.backoffMaxMs });
  const passes = limiter({ keyPrefix: 'login-pass', ...countOnly, durationMs: LIMITS.passMs });
  const mailPeriods = limiter({ keyPrefix: 'login-mail', ...countOnly, durationMs: LIMITS.mailPeriodMs });
  const codeFailures = limiter({ keyPrefix: 'code-fail', ...countOnly, durationMs: LIMITS.codeCheckWindowMs });
  const codeWait = limiter({ keyPrefix: 'code-wait', ...countOnly, durationMs: LIMITS.backoffMaxMs });
  const quotas = new Map<string, Limiter>();
  const passKey = (identifier: string, passToken: string) => `${identifierKey(identifier)}:${hashToken(passToken)}`;

  /** Counts a failure under `key` and, from the threshold on, blocks the key for its back-off. */
  async function failed(failures: Limiter, wait: Limiter, key: string): Promise<RateLimiterRes> {
    const counted = await failures.penalty(key);
    const ms = Math.min(backoffMs(counted.consumedPoints), counted.msBeforeNext);
    if (ms > 0) await wait.block(key, ms / 1000);
    return counted;
  }

  async function perIp(group: IpGroup, ip: string): Promise<void> {
    try {
      await perIpLimiter.consume(`${group}:${ip}`);
    } catch (error) {
      const retryAfterSeconds = Math.max(1, seconds(refusal(error).msBeforeNext));
      hit(`ip-${group}`);
      throw fail('TOO_MANY_REQUESTS', { retryAfterSeconds });
    }
  }

  /** True for the first call of a period: what follows it (an e-mail) happens once per period. */
  async function firstInPeriod(kind: 'unlock-mail' | 'attack-notice', identifier: string): Promise<boolean> {
    return (await mailPeriods.penalty(`${kind}:${identifierKey(identifier)}`)).consumedPoints === 1;
  }

  return {
    perIp,

    /** onRequest hook limiting an abuse-prone group of endpoints per client address. */
    perIpHook(group: IpGroup) {
      return async (request: FastifyRequest): Promise<void> => perIp(group, request.ip);
    },

    /**
     * Reads the identifier's counters for this source (in parallel) and refuses an attempt from
     * a source still in its back-off, whether or not the identifier exists; the code is not
     * checked then. What to do beyond the ceiling is the caller's (captcha or unlock link).
     */
    async checkLogin(identifier: string, ip: string, passToken?: string): Promise<LoginGate> {
      const id = identifierKey(identifier);
      const source = loginSource(ip);
      const keys = {
        pair: `${id}:a:${source.address}`,
        network: `${id}:n:${source.network}`,
        account: id,
        pass: passToken ? passKey(identifier, passToken) : null,
      };
      const [pair, network, account, wait, pass] = await Promise.all([
        loginFailures.get(keys.pair),
        loginFailures.get(keys.network),
        loginFailures.get(keys.account),
        loginWait.get(keys.pair),
        keys.pass ? passes.get(keys.pass) : null,
      ]);
      // A pass counts one for its grant, then one per failure made with it.
      const passed = pass !== null && pass.consumedPoints <= LIMITS.passMaxFailures;
      const waitSeconds = passed || !wait ? 0 : seconds(wait.msBeforeNext);
      if (waitSeconds > 0) {
        hit('login-backoff');
        throw fail('LOGIN_BACKOFF', { values: { seconds: waitSeconds }, retryAfterSeconds: waitSeconds });
      }
      return {
        keys,
        underAttack: (account?.consumedPoints ?? 0) >= LIMITS.accountCeiling,
        sourceFailed: (pair?.consumedPoints ?? 0) > 0 || (network?.consumedPoints ?? 0) >= LIMITS.networkFailedFrom,
        passed,
        sourceFailures: pair?.consumedPoints ?? 0,
      };
    },

    /** Beyond the ceiling, a source that has failed must prove itself (captcha or unlock link). */
    mustProve(gate: LoginGate): boolean {
      return gate.underAttack && gate.sourceFailed && !gate.passed;
    },

    /**
     * Counts a failure on the source, its network, the identifier and the pass used, and sets
     * the source's back-off. True when it is the one that reached the ceiling and no attack
     * notice went out this period: the caller then tells the owner.
     */
    async loginFailed(identifier: string, gate: LoginGate): Promise<boolean> {
      const { pair, network, account, pass } = gate.keys;
      const [, , total] = await Promise.all([
        failed(loginFailures, loginWait, pair),
        loginFailures.penalty(network),
        loginFailures.penalty(account),
        pass && gate.passed ? passes.penalty(pass) : null,
      ]);
      if (total.consumedPoints !== LIMITS.accountCeiling) return false;
      hit('login-ceiling');
      return firstInPeriod('attack-notice', identifier);
    },

    /**
     * Forgets the failures of this source and its network: most likely the owner's typing. Not
     * after a login through a pass, where they may be someone else's behind the same address. The
     * identifier's total is kept, so that a success does not hand an attacker a new allowance.
     */
    async loginSucceeded(gate: LoginGate): Promise<void> {
      if (gate.sourceFailures === 0 || gate.passed) return;
      await Promise.all([loginFailures.delete(gate.keys.pair), loginFailures.delete(gate.keys.network), loginWait.delete(gate.keys.pair)]);
    },

    /** True when no unlock link was e-mailed for this identifier this period. */
    unlockMailDue: (identifier: string) => firstInPeriod('unlock-mail', identifier),

    /** A pass for the browser that followed an unlock link: a token it presents with its logins. */
    async grantPass(identifier: string): Promise<string> {
      const token = newToken();
      await passes.penalty(passKey(identifier, token));
      return token;
    },

    /** A new code from the forgotten-code link: the guesses at the old one no longer matter. */
    async codeReset(identifier: string): Promise<void> {
      await loginFailures.delete(identifierKey(identifier));
    },

    /** A signed-in user re-entering their code: only their own recent failures slow them down. */
    async assertCodeCheckAllowed(userId: number): Promise<void> {
      const wait = await codeWait.get(userId);
      const waitSeconds = wait ? seconds(wait.msBeforeNext) : 0;
      if (waitSeconds > 0) {
        hit('code-check-backoff');
        throw fail('CODE_CHECK_BACKOFF', { values: { seconds: waitSeconds }, retryAfterSeconds: waitSeconds });
      }
    },

    async codeCheckFailed(userId: number): Promise<void> {
      await failed(codeFailures, codeWait, String(userId));
    },

    /**
     * A plain quota on something a feature counts (the e-mails a user sends…): this call is
     * counted, and refused beyond `max` in the window, with the seconds until the window ends.
     * The feature says no with its own code.
     */
    async quota(key: string, max: number, windowMs: number): Promise<Quota> {
      const rule = `${max}:${windowMs}`;
      let quota = quotas.get(rule);
      if (!quota) quotas.set(rule, (quota = limiter({ keyPrefix: 'quota', points: max, durationMs: windowMs })));
      try {
        const counted = await quota.consume(key);
        return { allowed: true, remaining: counted.remainingPoints, resetSeconds: Math.max(1, seconds(counted.msBeforeNext)) };
      } catch (error) {
        const retryAfterSeconds = Math.max(1, seconds(refusal(error).msBeforeNext));
        hit(quotaName(key));
        return { allowed: false, remaining: 0, resetSeconds: retryAfterSeconds, retryAfterSeconds };
      }
    },
  };
}
export type Limits = ReturnType<typeof createLimits>;

/** A quota's answer: whether this call is allowed, what is left of the window and when it ends (seconds). */
export type Quota = { remaining: number; resetSeconds: number } & ({ allowed: true } | { allowed: false; retryAfterSeconds: number });
