import { eq, inArray } from 'drizzle-orm';
import { PUBLIC_PARAMETER_NAMES } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
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
    async set(name: string, value: string) {
      await db.insert(serverParameters).values({ name, value }).onConflictDoUpdate({ target: serverParameters.name, set: { value } });
    },
  };
}
export type ParametersRepository = ReturnType<typeof createParametersRepository>;
