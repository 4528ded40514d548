import {
  PASSWORD_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  hashConfidentialCode,
  newPasswordProblem,
  type ChangePasswordRequest,
  type UpdatePasswordRequest,
} from '@ecare/shared';
import type { CaptchaVerifier } from '../../lib/captcha.ts';
import type { Clock } from '../../lib/clock.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { AppError } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { MailService } from '../mail/mail.service.ts';
import { resetPasswordMail } from '../mail/mail.templates.ts';
import type { PasswordRepository } from './password.repository.ts';

const CAPTCHA_FAILED = 'La vérification anti-robot a échoué. Veuillez réessayer.';

const refuse = (code: string, message: string, status = 400) => new AppError(status, code, message);

export interface PasswordServiceDeps {
  repo: PasswordRepository;
  mail: MailService;
  captcha: CaptchaVerifier;
  limits: Limits;
  clock: Clock;
  /** Invalidates sessions this instance may still hold in its short cache. */
  forgetSessions: (userId: number) => void;
  brandName: string;
  publicUrl: string;
  linkValidityMs: number;
}

export function createPasswordService(deps: PasswordServiceDeps) {
  const { repo, clock } = deps;

  async function checkCaptcha(token: string | undefined, ip: string) {
    if (!(await deps.captcha.verify(token, ip))) throw refuse('CAPTCHA', CAPTCHA_FAILED);
  }

  /** Every rule of a new code, checked on the typed code; then the browser's hash must be the code's. */
  async function checkNewCode(email: string, request: { Password: string; codeConfidentiel: string }) {
    const problem = newPasswordProblem(request.codeConfidentiel);
    if (problem) throw refuse('PASSWORD_RULES', problem);
    if (isCommonPassword(request.codeConfidentiel)) throw refuse('PASSWORD_COMMON', PASSWORD_MESSAGES.common);
    if ((await hashConfidentialCode(email, request.codeConfidentiel)) !== request.Password) {
      throw refuse('PASSWORD_MISMATCH', PASSWORD_MESSAGES.mismatch);
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
      if (await repo.hasPendingReset(address, now)) throw refuse('RESET_PENDING', PASSWORD_RESET_MESSAGES.pending, 409);
      const user = await repo.findUserByEmail(address);
      const expiresAt = new Date(now.getTime() + deps.linkValidityMs);
      if (!user) {
        await repo.createReset({ email: address, createdAt: now, expiresAt });
        return;
      }
      const guid = newToken();
      await repo.createReset({ email: address, userId: user.id, tokenHash: hashToken(guid), createdAt: now, expiresAt });
      const link = `${deps.publicUrl}/ecare/identification/creer-code-confidentiel/${guid}`;
      await deps.mail.send(user.email, resetPasswordMail(deps.brandName, link, Math.round(deps.linkValidityMs / 3_600_000)));
    },

    async verifyGuid(guid: string): Promise<{ ok: boolean; email: string }> {
      const reset = await repo.findValidReset(hashToken(guid), clock.now());
      return reset ? { ok: true, email: reset.email } : { ok: false, email: '' };
    },

    async createFromLink(request: UpdatePasswordRequest): Promise<void> {
      const now = clock.now();
      const reset = await repo.findValidReset(hashToken(request.guid), now);
      if (!reset?.userId) throw refuse('LINK_INVALID', PASSWORD_RESET_MESSAGES.invalidLink);
      await checkNewCode(reset.email, request);
      if (!(await repo.claimReset(reset.id, now))) throw refuse('LINK_INVALID', PASSWORD_RESET_MESSAGES.invalidLink);
      await repo.setPasswordHash(reset.userId, await hashPassword(request.Password));
      await repo.closeResets(reset.email, now);
      await repo.revokeSessions(reset.userId, now);
      deps.forgetSessions(reset.userId);
      await deps.limits.loginSucceeded(reset.email);
    },

    /** A logged-in user's change: the old code is checked, every other session ends. */
    async change(userId: number, currentTokenHash: string, request: ChangePasswordRequest): Promise<void> {
      const user = await repo.findUserCredentials(userId);
      if (!user) throw refuse('UNAUTHENTICATED', PASSWORD_MESSAGES.oldIncorrect, 401);
      await deps.limits.assertLoginAllowed(user.email);
      if (!(await verifyPassword(user.passwordHash, request.ancienPassword))) {
        await deps.limits.loginFailed(user.email);
        throw refuse('OLD_PASSWORD', PASSWORD_MESSAGES.oldIncorrect);
      }
      await checkNewCode(user.email, request);
      if (request.Password === request.ancienPassword) throw refuse('PASSWORD_SAME', PASSWORD_MESSAGES.sameAsOld);
      const now = clock.now();
      await repo.setPasswordHash(userId, await hashPassword(request.Password));
      await repo.closeResets(user.email, now);
      await repo.revokeSessions(userId, now, currentTokenHash);
      deps.forgetSessions(userId);
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
