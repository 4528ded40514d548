import type { SecurityPolicy } from '@ecare/shared';
import type { Actor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import { securityPolicyChangedMail } from './security-policy.mails.ts';
import type { SecurityPolicyRepository } from './security-policy.repository.ts';

export interface SecurityPolicyDeps extends Pick<ServiceCore, 'policy' | 'audit' | 'transaction' | 'mail' | 'brandName' | 'publicUrl'> {
  repo: SecurityPolicyRepository;
}

/**
 * A company's security policy (decision 057): whether every user of the account must sign in with
 * a second factor. The account's managers read and change it (an agent in their session too,
 * audited as theirs); every user of the account is mailed a change.
 */
export function createSecurityPolicyService(deps: SecurityPolicyDeps) {
  const { repo, policy, audit, transaction, mail } = deps;
  const securityPage = `${deps.publicUrl}/ecare/mon-compte/securite`;

  return {
    async policy(userId: number, idClientBscs: number): Promise<SecurityPolicy> {
      await policy.assertAccount(userId, idClientBscs);
      return repo.policy(idClientBscs);
    },

    async save(acting: Actor, idClientBscs: number, values: SecurityPolicy): Promise<SecurityPolicy> {
      await policy.assertAccount(acting.userId, idClientBscs);
      return transaction(async (tx) => {
        const before = await repo.policy(idClientBscs, tx);
        if (before.mfaObligatoire === values.mfaObligatoire) return before;
        await repo.save(tx, idClientBscs, values);
        await audit.record({ ...acting, action: 'POLITIQUE_SECURITE', idClientBscs, details: { avant: before, apres: values } }, { tx });
        const content = securityPolicyChangedMail(deps.brandName, await repo.raisonSociale(idClientBscs, tx), values.mfaObligatoire, securityPage);
        for (const email of await repo.userEmails(idClientBscs, tx)) await mail.send(email, content, { tx });
        return { mfaObligatoire: values.mfaObligatoire };
      });
    },
  };
}
export type SecurityPolicyService = ReturnType<typeof createSecurityPolicyService>;
