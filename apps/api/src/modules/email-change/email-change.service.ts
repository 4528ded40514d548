import type { EmailChangeRequest, EmailManagement } from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import type { Transact } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuthModule } from '../auth/index.ts';
import type { MailService } from '../../platform/mail/index.ts';
import { emailChangeCancelMail, emailChangeConfirmMail } from './email-change.mails.ts';
import type { EmailChangeRepository, EmailChangeRow } from './email-change.repository.ts';

export interface EmailChangeDeps {
  repo: EmailChangeRepository;
  transaction: Transact;
  /** Applied and undone changes are audited, for the user's security activity (decision 058). */
  audit: Audit;
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
      const request = {
        userId,
        oldEmail: current,
        newEmail: address,
        confirmHash: hashToken(confirm),
        cancelHash: hashToken(cancel),
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.linkValidityMs),
        newPasswordHash: await hashPassword(body.Password),
        oldPasswordHash: user.passwordHash,
      };
      const hours = Math.round(deps.linkValidityMs / 3_600_000);
      const base = `${deps.publicUrl}/ecare/identification`;
      // The request and both its mails, or nothing: a change nobody can confirm, or one the
      // old address was not told of, must not be left pending.
      await deps.transaction(async (tx) => {
        await repo.replacePending(request, now, tx);
        await deps.mail.send(address, emailChangeConfirmMail(deps.brandName, `${base}/confirmationmodificationemail?guid=${confirm}`, address, hours), { tx });
        await deps.mail.send(current, emailChangeCancelMail(deps.brandName, `${base}/confirmationannulationemail?guid=${cancel}`, address, hours), { tx });
      });
    },

    status,

    /** The confirmation link (sent to the new address) applies the change and ends the user's sessions. */
    async validate(guid: string, sourceAddress: string): Promise<EmailManagement> {
      const { hash, row } = await lookup(guid);
      const now = clock.now();
      if (!row || hash !== row.confirmHash) return UNKNOWN;
      if (describe(row, hash, now).statut !== 'EN_ATTENTE') return describe(row, hash, now);
      if (await repo.emailTaken(row.newEmail)) throw fail('EMAIL_UNAVAILABLE');
      const applied = await deps
        .transaction(async (tx) => {
          if (!(await repo.markValidated(row.id, now, tx))) return false;
          await repo.setLogin(row.userId, { email: row.newEmail, passwordHash: row.newPasswordHash }, tx);
          await repo.revokeSessions(row.userId, now, tx);
          await deps.audit.record({ userId: row.userId, action: 'CHANGEMENT_EMAIL', sourceAddress }, { tx });
          return true;
        })
        .catch((error: unknown) => {
          // Another user took the address since the check above (users_email_uq): the request stays pending.
          throw isUniqueViolation(error) ? fail('EMAIL_UNAVAILABLE') : error;
        });
      // Already revoked above; the auth module drops the sessions it holds in memory.
      if (applied) await deps.revokeUserSessions(row.userId);
      return status(guid);
    },

    /** The cancellation link (sent to the old address) stops a pending change or undoes an applied one while it is valid. */
    async cancel(guid: string, sourceAddress: string): Promise<EmailManagement> {
      const { hash, row } = await lookup(guid);
      const now = clock.now();
      if (!row || hash !== row.cancelHash) return UNKNOWN;
      const statut = describe(row, hash, now).statut;
      if (statut === 'ANNULEE' || row.expiresAt <= now) return describe(row, hash, now);
      const cancelled = (undo: boolean) =>
        deps.transaction(async (tx) => {
          if (!(await repo.markCancelled(row.id, now, tx)) || !undo) return false;
          await repo.setLogin(row.userId, { email: row.oldEmail, passwordHash: row.oldPasswordHash }, tx);
          await repo.revokeSessions(row.userId, now, tx);
          await deps.audit.record({ userId: row.userId, action: 'ANNULATION_CHANGEMENT_EMAIL', sourceAddress }, { tx });
          return true;
        });
      const undo = statut === 'VALIDEE' && !(await repo.emailTaken(row.oldEmail));
      // The old address taken since the check (users_email_uq): cancelled without getting it back, as when taken before.
      const undone = await cancelled(undo).catch((error: unknown) => (isUniqueViolation(error) ? cancelled(false) : Promise.reject(error)));
      if (undone) await deps.revokeUserSessions(row.userId);
      return status(guid);
    },
  };
}
export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
