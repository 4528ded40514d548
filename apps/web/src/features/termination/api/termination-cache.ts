import type { TerminationStatusAnswer } from '@ecare/shared/termination';
import type { QueryClient } from '@tanstack/react-query';

export const inProgressKey = (idContrat: number) => ['termination', 'in-progress', idContrat] as const;
export const terminationStatusKey = (idResiliation: number) => ['termination', 'status', idResiliation] as const;
export const terminationDraftKey = (idContrat: number) => ['termination', 'draft', idContrat] as const;

/** What a sent, cancelled or ended request changes on the pages: the line, its request, its commitment. */
export function terminationChanged(client: QueryClient, status: TerminationStatusAnswer) {
  client.setQueryData(terminationStatusKey(status.idResiliation), status);
  client.setQueryData(inProgressKey(status.idContrat), status.statut === 'PROGRAMMEE' ? status : null);
  void client.invalidateQueries({ queryKey: ['termination', 'commitment', status.idContrat] });
}
