import { redirect, type LoaderFunctionArgs } from 'react-router';
import { FIRST_LINE_PAGE, linePageQueryOptions } from '../../features/lines/api/get-line-page.ts';
import { linePageSearch } from '../../features/lines/utils/line-page-params.ts';
import { linePath } from '../../features/lines/utils/line-path.ts';
import { PATHS, withReturnUrl } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { loadSession } from '../session/load-session.ts';

/** The fleet list's first page, narrowed to the lines whose SIM awaits its activation. */
const AWAITING_SIM = { ...FIRST_LINE_PAGE, statut: 'EN_COURS' } as const;

/**
 * /mon-telephone/activation-sim, the menu's « Activer une carte SIM » (decision 016): the lines
 * whose SIM card awaits its activation (new lines not yet in service), each of which offers the
 * activation on its page; straight to that page when there is one such line, or when the
 * account's only line is chosen. A SIM replacing another on an active line is activated from that
 * line's page too, which the list's empty state says.
 */
export async function simActivationMenuLoader({ request }: LoaderFunctionArgs): Promise<never> {
  const session = await loadSession(request);
  switch (session.kind) {
    case 'user':
      throw redirect(session.user.idContrat === null ? PATHS.userHome : linePath(session.user.idContrat));
    case 'choose':
      throw redirect(withReturnUrl(PATHS.accountChoice, PATHS.simActivation));
    case 'failed':
      throw redirect(PATHS.serverError);
    case 'forbidden':
      throw redirect(PATHS.mobileLines);
    case 'account': {
      if (session.line) throw redirect(linePath(session.line.idContrat));
      const list = `${PATHS.mobileLines}?${linePageSearch(AWAITING_SIM).toString()}`;
      // The same read as the list's own first page: it finds the answer in the cache.
      const awaiting = await queryClient.fetchQuery(linePageQueryOptions(session.account.idClientBscs, AWAITING_SIM)).catch(() => null);
      const [only] = awaiting?.contrats ?? [];
      throw redirect(awaiting?.total === 1 && only ? linePath(only.idContrat) : list);
    }
  }
}
