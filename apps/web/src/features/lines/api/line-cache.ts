import type { LineBarringsAnswer } from '@ecare/shared/line-barrings';
import type { LineDetail, LineUserEntry } from '@ecare/shared/lines';
import type { QueryClient } from '@tanstack/react-query';
import { lineQueryOptions } from './get-line.ts';

/**
 * After a write that answers the line page (SIM activation, loss or theft, restoration): the
 * answer shows at once, then every line read (this page, the fleet list's statuses) is fetched
 * again so nothing on screen keeps the old state.
 */
export function lineChanged(client: QueryClient, line: LineDetail): void {
  client.setQueryData(lineQueryOptions(line.idContrat).queryKey, line);
  void client.invalidateQueries({ queryKey: ['lines'] });
}

/**
 * After a change of a line's user: the line page shows it at once, then the line reads (the
 * page, the fleet list's users and its search by name) are fetched again.
 */
export function lineUserChanged(client: QueryClient, { idContrat, ...user }: LineUserEntry): void {
  client.setQueryData(lineQueryOptions(idContrat).queryKey, (line) =>
    line && user.prenom !== null && user.nom !== null
      ? { ...line, utilisateur: { prenom: user.prenom, nom: user.nom, email: user.email, inscriptionAnnuaire: user.inscriptionAnnuaire } }
      : line,
  );
  void client.invalidateQueries({ queryKey: ['lines'] });
}

/** After a change of a line's barrings: the line page shows them at once, then the line reads are fetched again. */
export function lineBarringsChanged(client: QueryClient, { idContrat, ...barrages }: LineBarringsAnswer): void {
  client.setQueryData(lineQueryOptions(idContrat).queryKey, (line) => (line ? { ...line, barrages } : line));
  void client.invalidateQueries({ queryKey: ['lines'] });
}
