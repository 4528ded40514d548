import type { LineDetail } from '@ecare/shared/lines';
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
