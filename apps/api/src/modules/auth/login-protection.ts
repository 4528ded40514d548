import type { Transact } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { LIMITS, type Limits } from '../../lib/limits.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { MailService } from '../../platform/mail/index.ts';
import { attackNoticeMail, unlockLinkMail } from './auth.mails.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { BackgroundTasks } from './background.ts';

/** HttpOnly cookie holding the pass of a browser that followed an unlock link; sent to /api/token only. */
export const LOGIN_PASS_COOKIE = 'ecare_login_pass';
export const LOGIN_PASS_COOKIE_PATH = '/api/token';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The pass a login request carries, when it looks like one. */
export function passTokenOf(cookies: Record<string, string | undefined>): string | undefined {
  const value = cookies[LOGIN_PASS_COOKIE];
  return value && TOKEN.test(value) ? value : undefined;
}

export interface LoginProtectionDeps {
  repo: AuthRepository;
  limits: Limits;
  mail: MailService;
  transaction: Transact;
  clock: Clock;
  tasks: BackgroundTasks;
  brandName: string;
  publicUrl: string;
}

/**
 * What the owner of an identifier under attack is told and given: an unlock link when a login
 * from a source that has failed is refused, a notice when the ceiling is reached. Both e-mails
 * go out in the background, so that known and unknown identifiers answer alike and as fast.
 */
export function createLoginProtection(deps: LoginProtectionDeps) {
  const { repo, limits, clock } = deps;

  async function sendUnlockLink(identifier: string): Promise<void> {
    const user = await repo.findCredentials(identifier);
    if (!user) return;
    const token = newToken();
    const now = clock.now();
    // As long as the period, so that a refused owner always has a working link in their mailbox.
    const expiresAt = new Date(now.getTime() + LIMITS.mailPeriodMs);
    const link = `${deps.publicUrl}/ecare/identification/deverrouiller/${token}`;
    // The link and its mail exist together or not at all.
    await deps.transaction(async (tx) => {
      await repo.createUnlockLink({ userId: user.id, tokenHash: hashToken(token), createdAt: now, expiresAt }, tx);
      await deps.mail.send(identifier, unlockLinkMail(deps.brandName, link, Math.round(LIMITS.mailPeriodMs / 3_600_000)), { tx });
    });
  }

  async function sendAttackNotice(identifier: string): Promise<void> {
    if (!(await repo.findCredentials(identifier))) return;
    const link = `${deps.publicUrl}/ecare/info-securite-ecare`;
    await deps.mail.send(identifier, attackNoticeMail(deps.brandName, link, LIMITS.accountCeiling));
  }

  return {
    /** Refuses a login that must prove itself, and e-mails the owner an unlock link once per period. */
    async refuseUntilUnlocked(identifier: string): Promise<never> {
      if (await limits.unlockMailDue(identifier)) deps.tasks.run('unlock link e-mail', () => sendUnlockLink(identifier));
      throw fail('LOGIN_UNLOCK_REQUIRED');
    },

    /** The identifier's failures just reached the ceiling: its owner is told (once per period). */
    noticeAttack(identifier: string): void {
      deps.tasks.run('attack notice e-mail', () => sendAttackNotice(identifier));
    },

    /** Uses an unlock link once: the pass for the browser that followed it. */
    async unlock(token: string): Promise<string> {
      const email = await repo.claimUnlockLink(hashToken(token), clock.now());
      if (!email) throw fail('UNLOCK_LINK_INVALID');
      return limits.grantPass(email);
    },
  };
}
export type LoginProtection = ReturnType<typeof createLoginProtection>;
