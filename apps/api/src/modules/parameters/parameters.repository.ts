import { eq, inArray } from 'drizzle-orm';
import { PUBLIC_PARAMETER_NAMES } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { serverParameters } from '../../db/schema.ts';

export function createParametersRepository(db: Database) {
  const maintenance = db
    .select({ value: serverParameters.value })
    .from(serverParameters)
    .where(eq(serverParameters.name, 'en_maintenance'))
    .prepare('maintenance_flag');
  return {
    publicValues: () =>
      db
        .select()
        .from(serverParameters)
        .where(inArray(serverParameters.name, [...PUBLIC_PARAMETER_NAMES])),
    async maintenanceValue(): Promise<string | undefined> {
      const [row] = await maintenance.execute();
      return row?.value;
    },
    /** The stored values of `names`, locked until the transaction ends, so that an edit records what it replaced. */
    async lockedValues(names: readonly string[], tx: Transaction) {
      return tx.db.select().from(serverParameters).where(inArray(serverParameters.name, [...names])).for('update');
    },
    async set(name: string, value: string, tx?: Transaction) {
      await (tx?.db ?? db).insert(serverParameters).values({ name, value }).onConflictDoUpdate({ target: serverParameters.name, set: { value } });
    },
  };
}
export type ParametersRepository = ReturnType<typeof createParametersRepository>;
