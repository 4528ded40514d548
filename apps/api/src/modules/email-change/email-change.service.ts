import { EMAIL_CHANGE_MESSAGES, type EmailChangeRequest, type EmailManagement } from '@ecare/shared';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { MailService } from '../mail/mail.service.ts';
import { emailChangeCancelMail, emailChangeConfirmMail } from '../mail/mail.templates.ts';
import type { EmailChangeRepository, EmailChangeRow } from './email-change.repository.ts';

export interface EmailChangeDeps {
  repo: EmailChangeRepository;
  mail: MailService;
  clock: Clock;
  limits: Limits;
  revokeSessions: (userId: number) => Promise<void>;
  brandName: string;
  publicUrl: string;
  linkValidityMs: number;
}

const UNKNOWN: EmailManagement = { type: null, statut: 'INCONNUE', ancienEmail: '', nouvelEmail: '' };

export function createEmailChangeService(deps: EmailChangeDeps) {
  const { repo, clock } = deps;

  function describe(row: EmailChangeRow, hash: string, now: Date): EmailManagement {
    const statut = row.cancelledAt
      ? 'ANNULEE'
      : row.validatedAt
        ? 'VALIDEE'
        : row.expiresAt <= now
          ? 'EXPIREE'
          : 'EN_ATTENTE';
    return { type: hash === row.confirmHash ? 'confirmation' : 'annulation', statut, ancienEmail: row.oldEmail, nouvelEmail: row.newEmail };
  }

  async function lookup(guid: string) {
    const hash = hashToken(guid);
    const row = await repo.findByHash(hash);
    return { hash, row };
  }

  return {
    async request(userId: number, body: EmailChangeRequest): Promise<void> {
      const address = body.nouvelEmail.trim().toLowerCase();
      const user = await repo.credentials(userId);
      if (!user) throw new AppError(401, 'UNAUTHENTICATED', EMAIL_CHANGE_MESSAGES.invalidLink);
      const current = user.email;
      await deps.limits.assertLoginAllowed(current);
      if (!(await verifyPassword(user.passwordHash, body.ancienPassword))) {
        await deps.limits.loginFailed(current);
        throw new AppError(400, 'WRONG_CODE', EMAIL_CHANGE_MESSAGES.wrongCode);
      }
      if (address === current) throw new AppError(400, 'EMAIL_SAME', EMAIL_CHANGE_MESSAGES.sameAddress);
      if (await repo.emailTaken(address)) throw new AppError(409, 'EMAIL_UNAVAILABLE', EMAIL_CHANGE_MESSAGES.unavailable);
      const now = clock.now();
      const confirm = newToken();
      const cancel = newToken();
      await repo.replacePending(
        {
          userId,
          oldEmail: current,
          newEmail: address,
          confirmHash: hashToken(confirm),
          cancelHash: hashToken(cancel),
          createdAt: now,
          expiresAt: new Date(now.getTime() + deps.linkValidityMs),
          newPasswordHash: await hashPassword(body.Password),
          oldPasswordHash: user.passwordHash,
        },
        now,
      );
      const hours = Math.round(deps.linkValidityMs / 3_600_000);
      const base = `${deps.publicUrl}/ecare/identification`;
      await deps.mail.send(address, emailChangeConfirmMail(deps.brandName, `${base}/confirmationmodificationemail?guid=${confirm}`, address, hours));
      await deps.mail.send(current, emailChangeCancelMail(deps.brandName, `${base}/confirmationannulationemail?guid=${cancel}`, address, hours));
    },

    async status(guid: string): Promise<EmailManagement> {
      const { hash, row } = await lookup(guid);
      return row ? describe(row, hash, clock.now()) : UNKNOWN;
    },

    /** The confirmation link (sent to the new address) applies the change and ends the user's sessions. */
    async validate(guid: string): Promise<EmailManagement> {
      const { hash, row } = await lookup(guid);
      const now = clock.now();
      if (!row || hash !== row.confirmHash) return UNKNOWN;
      if (describe(row, hash, now).statut !== 'EN_ATTENTE') return describe(row, hash, now);
      if (await repo.emailTaken(row.newEmail)) throw new AppError(409, 'EMAIL_UNAVAILABLE', EMAIL_CHANGE_MESSAGES.unavailable);
      if (await repo.validate(row, now)) await deps.revokeSessions(row.userId);
      return this.status(guid);
    },

    /** The cancellation link (sent to the old address) stops a pending change or undoes an applied one while it is valid. */
    async cancel(guid: string): Promise<EmailManagement> {
      const { hash, row } = await lookup(guid);
      const now = clock.now();
      if (!row || hash !== row.cancelHash) return UNKNOWN;
      const statut = describe(row, hash, now).statut;
      if (statut === 'ANNULEE' || row.expiresAt <= now) return describe(row, hash, now);
      const undo = statut === 'VALIDEE' && !(await repo.emailTaken(row.oldEmail));
      if (await repo.cancel(row, undo ? { email: row.oldEmail, passwordHash: row.oldPasswordHash } : null, now)) {
        if (undo) await deps.revokeSessions(row.userId);
      }
      return this.status(guid);
    },
  };
}
export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
