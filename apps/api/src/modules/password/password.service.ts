import {
  hashConfidentialCode,
  newPasswordProblem,
  type ChangePasswordRequest,
  type UpdatePasswordRequest,
} from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import type { Transact, Transaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { CaptchaVerifier } from '../../lib/captcha.ts';
import type { Clock } from '../../lib/clock.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { fail } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuthModule } from '../auth/index.ts';
import type { MailContent, MailService } from '../../platform/mail/index.ts';
import { resetPasswordMail } from './password.mails.ts';
import type { PasswordRepository } from './password.repository.ts';

export interface PasswordServiceDeps {
  repo: PasswordRepository;
  transaction: Transact;
  /** Code changes are audited, for the user's security activity (decision 058). */
  audit: Audit;
  mail: MailService;
  captcha: CaptchaVerifier;
  limits: Limits;
  clock: Clock;
  revokeUserSessions: AuthModule['revokeUserSessions'];
  brandName: string;
  publicUrl: string;
  linkValidityMs: number;
}

/**
 * The stored hash of a user who has not created their confidential code yet (an invited user):
 * not an Argon2 hash, so no code ever matches it and the login refuses it like a wrong code.
 */
export const NO_CODE_HASH = '!code-a-creer';

export function createPasswordService(deps: PasswordServiceDeps) {
  const { repo, clock } = deps;
  const validityHours = Math.round(deps.linkValidityMs / 3_600_000);

  /** A new single-use code-creation link for the user, written with its mail in `tx`. */
  async function mailLink(user: { id: number; email: string }, compose: (link: string) => MailContent, tx: Transaction) {
    const now = clock.now();
    const guid = newToken();
    const link = `${deps.publicUrl}/ecare/identification/creer-code-confidentiel/${guid}`;
    const expiresAt = new Date(now.getTime() + deps.linkValidityMs);
    await repo.createReset({ email: user.email, userId: user.id, tokenHash: hashToken(guid), createdAt: now, expiresAt }, tx);
    await deps.mail.send(user.email, compose(link), { tx });
  }

  async function checkCaptcha(token: string | undefined, ip: string) {
    if (!(await deps.captcha.verify(token, ip))) throw fail('CAPTCHA');
  }

  /** Every rule of a new code, checked on the typed code; then the browser's hash must be the code's. */
  async function checkNewCode(email: string, request: { Password: string; codeConfidentiel: string }) {
    const problem = newPasswordProblem(request.codeConfidentiel);
    if (problem) throw fail(problem);
    if (isCommonPassword(request.codeConfidentiel)) throw fail('PASSWORD_COMMON');
    if ((await hashConfidentialCode(email, request.codeConfidentiel)) !== request.Password) {
      throw fail('PASSWORD_MISMATCH');
    }
  }

  return {
    /** False while a request for this address is pending; answers alike for unknown addresses. */
    async isResetAllowed(email: string, captcha: string | undefined, ip: string): Promise<boolean> {
      await checkCaptcha(captcha, ip);
      return !(await repo.hasPendingReset(email.toLowerCase(), clock.now()));
    },

    /** Records the request; only a customer's address receives a link. */
    async requestReset(email: string, captcha: string | undefined, ip: string): Promise<void> {
      await checkCaptcha(captcha, ip);
      const address = email.toLowerCase();
      const now = clock.now();
      const user = await repo.findUserByEmail(address);
      try {
        // The pending request and its mail: one without the other would block new requests
        // without a link, or mail a link that leads nowhere. The database refuses a second
        // pending request for the address (the partial unique index), however many arrive at once.
        await deps.transaction(async (tx) => {
          await repo.endExpiredResets(address, now, tx);
          if (!user) {
            await repo.createReset({ email: address, createdAt: now, expiresAt: new Date(now.getTime() + deps.linkValidityMs) }, tx);
            return;
          }
          await mailLink({ id: user.id, email: user.email }, (link) => resetPasswordMail(deps.brandName, link, validityHours), tx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fail('RESET_PENDING');
        throw error;
      }
    },

    /**
     * The first link of a user created without a code (an invitation): the same single-use
     * link as a forgotten code's, in the caller's transaction, worded by the caller's mail.
     */
    async mailFirstCodeLink(
      user: { id: number; email: string },
      compose: (link: string, validityHours: number) => MailContent,
      { tx }: { tx: Transaction },
    ): Promise<void> {
      // A request pending for the address was made before it was a customer's: the invitation replaces it.
      await repo.closeResets(user.email, clock.now(), tx);
      await mailLink(user, (link) => compose(link, validityHours), tx);
    },

    async verifyGuid(guid: string): Promise<{ ok: boolean; email: string }> {
      const reset = await repo.findValidReset(hashToken(guid), clock.now());
      return reset ? { ok: true, email: reset.email } : { ok: false, email: '' };
    },

    async createFromLink(request: UpdatePasswordRequest, sourceAddress: string): Promise<void> {
      const now = clock.now();
      const reset = await repo.findValidReset(hashToken(request.guid), now);
      if (!reset?.userId) throw fail('LINK_INVALID');
      await checkNewCode(reset.email, request);
      const { id, userId, email } = reset;
      // Hashed before the transaction, which holds a connection while open: argon2 takes a while.
      const passwordHash = await hashPassword(request.Password);
      await deps.transaction(async (tx) => {
        if (!(await repo.claimReset(id, now, tx))) throw fail('LINK_INVALID');
        await repo.setPasswordHash(userId, passwordHash, tx);
        await repo.closeResets(email, now, tx);
        await repo.revokeSessions(userId, now, undefined, tx);
        await deps.audit.record({ userId, action: 'CODE_DEPUIS_LIEN', sourceAddress }, { tx });
      });
      // Already revoked above; the auth module drops the sessions it holds in memory.
      await deps.revokeUserSessions(userId);
      await deps.limits.codeReset(email);
    },

    /** A logged-in user's change: the old code is checked, every other session ends. */
    async change(userId: number, currentTokenHash: string, request: ChangePasswordRequest, sourceAddress: string): Promise<void> {
      const user = await repo.findUserCredentials(userId);
      if (!user) throw fail('UNAUTHENTICATED');
      await deps.limits.assertCodeCheckAllowed(userId);
      if (!(await verifyPassword(user.passwordHash, request.ancienPassword))) {
        await deps.limits.codeCheckFailed(userId);
        throw fail('OLD_PASSWORD');
      }
      await checkNewCode(user.email, request);
      if (request.Password === request.ancienPassword) throw fail('PASSWORD_SAME');
      const now = clock.now();
      const passwordHash = await hashPassword(request.Password);
      await deps.transaction(async (tx) => {
        await repo.setPasswordHash(userId, passwordHash, tx);
        await repo.closeResets(user.email, now, tx);
        await repo.revokeSessions(userId, now, currentTokenHash, tx);
        await deps.audit.record({ userId, action: 'CHANGEMENT_CODE', sourceAddress }, { tx });
      });
      // Already revoked above; the auth module drops the sessions it holds in memory.
      await deps.revokeUserSessions(userId, { keepTokenHash: currentTokenHash });
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
