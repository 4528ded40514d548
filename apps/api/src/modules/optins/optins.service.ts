import { NO_OPTINS, type OptinChoices, type Optins } from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import type { Transact } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import type { OptinsOwner, OptinsRepository, OptinsRow } from './optins.repository.ts';
import type { Actor } from '../../core/actor.ts';

export interface OptinsDeps {
  repo: OptinsRepository;
  policy: AccessPolicy;
  audit: Audit;
  transaction: Transact;
  clock: Clock;
}

function toOptins(row: OptinsRow | undefined): Optins {
  if (!row) return { ...NO_OPTINS, dateMiseAJour: null };
  const { updatedAt, ...choices } = row;
  return { ...choices, dateMiseAJour: updatedAt.toISOString() };
}

/**
 * Contact choices of the signed-in user (their own) and of a billing account (its manager's to
 * set). Nothing chosen reads as every choice off; every save is recorded in the audit log.
 */
export function createOptinsService({ repo, policy, audit, transaction, clock }: OptinsDeps) {
  async function save(actor: Actor, owner: OptinsOwner, choices: OptinChoices): Promise<Optins> {
    const row = await transaction(async (tx) => {
      const saved = await repo.save(owner, choices, { userId: actor.userId, at: clock.now() }, tx);
      const idClientBscs = 'idClientBscs' in owner ? owner.idClientBscs : null;
      await audit.record({ ...actor, action: 'MODIFICATION_OPTINS', idClientBscs }, { tx });
      return saved;
    });
    return toOptins(row);
  }

  return {
    async own(userId: number): Promise<Optins> {
      return toOptins(await repo.find({ userId }));
    },

    saveOwn(actor: Actor, choices: OptinChoices): Promise<Optins> {
      return save(actor, { userId: actor.userId }, choices);
    },

    async ofAccount(userId: number, idClientBscs: number): Promise<Optins> {
      await policy.assertAccount(userId, idClientBscs);
      return toOptins(await repo.find({ idClientBscs }));
    },

    async saveOfAccount(actor: Actor, idClientBscs: number, choices: OptinChoices): Promise<Optins> {
      await policy.assertAccount(actor.userId, idClientBscs);
      return save(actor, { idClientBscs }, choices);
    },
  };
}
export type OptinsService = ReturnType<typeof createOptinsService>;
