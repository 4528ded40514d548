import type { RecoveryCodes } from '@ecare/shared';
import type { ServiceCore } from '../../core/core.ts';
import { fail } from '../../lib/errors.ts';
import type { ActingAgent } from '../../policy/acting-agent.ts';
import type { AuthModule } from '../auth/index.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import { mfaResetManagerMail, mfaResetUserMail, recoveryCodesRegeneratedMail } from './recovery.mails.ts';
import type { RecoveryRepository } from './recovery.repository.ts';
import type { SecurityRepository } from './security.repository.ts';
import type { SecurityUser } from './security.service.ts';

export interface RecoveryServiceDeps extends ServiceCore {
  repo: SecurityRepository;
  accounts: RecoveryRepository;
  auth: Pick<AuthModule, 'revokeUserSessions'>;
}

/** The agent's customer session that asks for a reset. */
export interface ResetCaller {
  /** The session's customer user (a manager of the account). */
  userId: number;
  tokenHash: string;
  agent: ActingAgent | null;
  sourceAddress: string;
}

/**
 * When recovery codes run out or leak, and when every factor is lost (decision 058): new recovery
 * codes for the user, and the customer service's reset of a user's second factors.
 */
export function createRecoveryService(deps: RecoveryServiceDeps) {
  const { repo, accounts, clock } = deps;
  const securityLink = `${deps.publicUrl}/ecare/mon-compte/securite`;

  return {
    /** Ten new recovery codes replace all the old ones, used or not; given this once. */
    async regenerate(user: SecurityUser, ip: string): Promise<RecoveryCodes> {
      const codes = newRecoveryCodes();
      const now = clock.now();
      await deps.transaction(async (tx) => {
        // Read in the transaction: a factor removed meanwhile leaves no codes behind.
        if (!(await repo.hasAnyFactor(user.id, tx))) throw fail('RECOVERY_CODES_NO_FACTOR');
        await repo.replaceRecoveryCodes(user.id, codes.map(recoveryCodeHash), now, tx);
        await deps.audit.record({ userId: user.id, action: 'REGENERATION_CODES_SECOURS', sourceAddress: ip }, { tx });
        await deps.mail.send(user.email, recoveryCodesRegeneratedMail(deps.brandName, securityLink), { tx });
      });
      return { codesDeSecours: codes };
    },

    /**
     * An agent in a customer session on the account resets a user of it who lost every factor:
     * factors and recovery codes go, their sessions end, the user and the account's managers are
     * mailed. A customer, even a manager, may not: a stolen manager session must not strip a
     * colleague's second factor.
     */
    async reset(by: ResetCaller, idClientBscs: number, userId: number, motif: string): Promise<void> {
      const { agent } = by;
      if (!agent) throw fail('MFA_RESET_AGENT_ONLY');
      // The agent's session reaches its one account (FORBIDDEN_ACCOUNT for another).
      await deps.policy.assertAccount(by.userId, idClientBscs);
      const user = await accounts.member(idClientBscs, userId);
      if (!user) throw fail('ACCOUNT_USER_UNKNOWN');
      const managers = (await deps.policy.managerEmails(idClientBscs)).filter((email) => email !== user.email);
      const accountCode = (await accounts.accountCode(idClientBscs)) ?? String(idClientBscs);
      const name = `${user.prenom} ${user.nom}`.trim();
      await deps.transaction(async (tx) => {
        await repo.removeAllFactors(user.id, tx);
        // Recorded as the agent's, in the user's name (core/audit.ts): the user's activity shows it.
        await deps.audit.record(
          {
            userId: user.id,
            action: 'REINITIALISATION_MFA',
            idClientBscs,
            sourceAddress: by.sourceAddress,
            details: { agent: agent.loginSc, motifReinitialisation: motif },
          },
          { tx },
        );
        await deps.mail.send(user.email, mfaResetUserMail(deps.brandName, securityLink), { tx });
        const usersLink = `${deps.publicUrl}/ecare/mon-compte/utilisateurs`;
        for (const email of managers) {
          await deps.mail.send(email, mfaResetManagerMail(deps.brandName, { name, email: user.email }, accountCode, usersLink), { tx });
        }
      });
      // Every session of the user ends, but the agent's own (when the user is the session's manager).
      await deps.auth.revokeUserSessions(user.id, { keepTokenHash: by.tokenHash });
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
