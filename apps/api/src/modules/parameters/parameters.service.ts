import { PUBLIC_PARAMETER_NAMES, isParameterOn, type ServerParameters } from '@ecare/shared';
import type { Transaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { ParametersRepository } from './parameters.repository.ts';

export function createParametersService(repo: ParametersRepository, clock: Clock, cacheMs: number) {
  // Read on every API request: a switch reaches every instance within cacheMs.
  const maintenance = new TtlCache<boolean>(clock, cacheMs, 1);
  return {
    /** Every public parameter, an empty text for one not set. */
    async publicParameters(): Promise<ServerParameters> {
      const rows = await repo.publicValues();
      const values = new Map(rows.map((row) => [row.name, row.value]));
      return Object.fromEntries(
        PUBLIC_PARAMETER_NAMES.map((name) => [name, values.get(name) ?? '']),
      ) as ServerParameters;
    },

    async inMaintenance(): Promise<boolean> {
      const cached = maintenance.get('on');
      if (cached !== undefined) return cached;
      const on = isParameterOn(await repo.maintenanceValue());
      maintenance.set('on', on);
      return on;
    },

    /**
     * Stores a parameter; in `tx` when given, this instance's cached flag then dropped once it
     * commits (dropped earlier, a request in between could cache the old value again).
     */
    async set(name: string, value: string, options: { tx?: Transaction } = {}): Promise<void> {
      const { tx } = options;
      await repo.set(name, value, tx);
      if (tx) tx.afterCommit(async () => void maintenance.delete('on'));
      else maintenance.delete('on');
    },

    /** The stored values of `names` (absent ones missing), locked until `tx` ends. */
    async lockedValues(names: readonly string[], tx: Transaction): Promise<Map<string, string>> {
      const rows = await repo.lockedValues(names, tx);
      return new Map(rows.map((row) => [row.name, row.value]));
    },
  };
}
export type ParametersService = ReturnType<typeof createParametersService>;
