import { PUBLIC_PARAMETER_NAMES, type ServerParameters } from '@ecare/shared';
import type { ParametersRepository } from './parameters.repository.ts';

export function createParametersService(repo: ParametersRepository) {
  return {
    /** Every public parameter, an empty text for one not set. */
    async publicParameters(): Promise<ServerParameters> {
      const rows = await repo.publicValues();
      const values = new Map(rows.map((row) => [row.name, row.value]));
      return Object.fromEntries(
        PUBLIC_PARAMETER_NAMES.map((name) => [name, values.get(name) ?? '']),
      ) as ServerParameters;
    },
  };
}
export type ParametersService = ReturnType<typeof createParametersService>;
