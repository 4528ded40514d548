import type { EmailChangeRequest, EmailManagement } from '@ecare/shared';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuthModule } from '../auth/index.ts';
import type { MailService } from '../mail/index.ts';
import { emailChangeCancelMail, emailChangeConfirmMail } from './email-change.mails.ts';
import type { EmailChangeRepository, EmailChangeRow } from './email-change.repository.ts';

export interface EmailChangeDeps {
  repo: EmailChangeRepository;
  mail: MailService;
  clock: Clock;
  limits: Limits;
  revokeUserSessions: AuthModule['revokeUserSessions'];
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

  async function status(guid: string): Promise<EmailManagement> {
    const { hash, row } = await lookup(guid);
    return row ? describe(row, hash, clock.now()) : UNKNOWN;
  }

  return {
    async request(userId: number, body: EmailChangeRequest): Promise<void> {
      const address = body.nouvelEmail.trim().toLowerCase();
      const user = await repo.credentials(userId);
      if (!user) throw fail('UNAUTHENTICATED');
      const current = user.email;
      await deps.limits.assertCodeCheckAllowed(userId);
      if (!(await verifyPassword(user.passwordHash, body.ancienPassword))) {
        await deps.limits.codeCheckFailed(userId);
        throw fail('WRONG_CODE');
      }
      if (address === current) throw fail('EMAIL_SAME');
      if (await repo.emailTaken(address)) throw fail('EMAIL_UNAVAILABLE');
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

    status,

    /** The confirmation link (sent to the new address) applies the change and ends the user's sessions. */
    async validate(guid: string): Promise<EmailManagement> {
      const { hash, row } = await lookup(guid);
      const now = clock.now();
      if (!row || hash !== row.confirmHash) return UNKNOWN;
      if (describe(row, hash, now).statut !== 'EN_ATTENTE') return describe(row, hash, now);
      if (await repo.emailTaken(row.newEmail)) throw fail('EMAIL_UNAVAILABLE');
      if (await repo.validate(row, now)) await deps.revokeUserSessions(row.userId);
      return status(guid);
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
        if (undo) await deps.revokeUserSessions(row.userId);
      }
      return status(guid);
    },
  };
}
export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
