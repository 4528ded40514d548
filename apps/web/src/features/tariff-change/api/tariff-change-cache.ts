import type { TariffChangeAnswer } from '@ecare/shared/tariff-change';
import type { QueryClient } from '@tanstack/react-query';

/** The cached reads about a line's plan change, each keyed by the line. */
export const tariffChangeKey = (read: 'targets' | 'block' | 'in-progress' | 'dates', idContrat: number) => ['tariff-change', read, idContrat] as const;

/** What a recorded or cancelled change changes on the pages: the pending change, the block, the line and its plans. */
export function tariffChangeChanged(client: QueryClient, change: TariffChangeAnswer) {
  client.setQueryData(tariffChangeKey('in-progress', change.idContrat), {
    enCours: change.statut === 'EN_ATTENTE',
    changement: change.statut === 'EN_ATTENTE' ? change : null,
  });
  void client.invalidateQueries({ queryKey: tariffChangeKey('block', change.idContrat) });
  void client.invalidateQueries({ queryKey: tariffChangeKey('targets', change.idContrat) });
  void client.invalidateQueries({ queryKey: tariffChangeKey('dates', change.idContrat) });
  void client.invalidateQueries({ queryKey: ['lines'] });
}
