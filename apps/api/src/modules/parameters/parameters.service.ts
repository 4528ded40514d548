import { PUBLIC_PARAMETER_NAMES, isParameterOn, type ServerParameters } from '@ecare/shared';
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

    async set(name: string, value: string): Promise<void> {
      await repo.set(name, value);
      maintenance.delete('on');
    },
  };
}
export type ParametersService = ReturnType<typeof createParametersService>;
