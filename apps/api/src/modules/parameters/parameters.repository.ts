import { inArray } from 'drizzle-orm';
import { PUBLIC_PARAMETER_NAMES } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { serverParameters } from '../../db/schema.ts';

export function createParametersRepository(db: Database) {
  return {
    publicValues: () =>
      db
        .select()
        .from(serverParameters)
        .where(inArray(serverParameters.name, [...PUBLIC_PARAMETER_NAMES])),
  };
}
export type ParametersRepository = ReturnType<typeof createParametersRepository>;
