import { eq } from 'drizzle-orm';
import type { OptinChoices } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { contactOptins } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

const columns = {
  emailMarketing: contactOptins.emailMarketing,
  smsMarketing: contactOptins.smsMarketing,
  emailActualites: contactOptins.emailActualites,
  smsActualites: contactOptins.smsActualites,
  updatedAt: contactOptins.updatedAt,
};
export type OptinsRow = OptinChoices & { updatedAt: Date };

/** Whose choices: a portal user's own, or a billing account's (one row each, at most). */
export type OptinsOwner = { userId: number } | { idClientBscs: number };

const ownerFilter = (owner: OptinsOwner) =>
  'userId' in owner ? eq(contactOptins.userId, owner.userId) : eq(contactOptins.idClientBscs, owner.idClientBscs);

/** Reads run on their own; writes take the transaction they belong to (core.transaction). */
export function createOptinsRepository(db: Database) {
  return {
    async find(owner: OptinsOwner): Promise<OptinsRow | undefined> {
      const [row] = await db.select(columns).from(contactOptins).where(ownerFilter(owner)).limit(1);
      return row;
    },

    /** Writes the owner's row, creating it the first time (one row per owner: unique indexes). */
    async save(owner: OptinsOwner, choices: OptinChoices, by: { userId: number; at: Date }, tx: Transaction): Promise<OptinsRow> {
      const values = { ...choices, updatedAt: by.at, updatedBy: by.userId };
      const insert = tx.db.insert(contactOptins).values({ ...owner, ...values });
      const [row] = await ('userId' in owner
        ? insert.onConflictDoUpdate({ target: contactOptins.userId, set: values })
        : insert.onConflictDoUpdate({ target: contactOptins.idClientBscs, set: values })
      ).returning(columns);
      if (!row) throw new Error('contact opt-ins not saved');
      return row;
    },
  };
}
export type OptinsRepository = ReturnType<typeof createOptinsRepository>;
