import { redirect, replace, type LoaderFunctionArgs } from 'react-router';
import { contractIdFrom } from '../../features/lines/utils/line-path.ts';
import { inAppPathOf, PATHS, withReturnUrl } from '../../lib/routes.ts';
import { loadSession } from '../session/load-session.ts';

/**
 * The journeys of one line opened from the menu (a new phone, a plan change: decisions 037, 039).
 * Their pages take the line from the address; the menu's entry has none.
 */

/** The line of a journey's page (`:idContrat`), once a session can show it; else the redirection. */
export async function lineJourneyContract({ request, params }: LoaderFunctionArgs): Promise<number> {
  const idContrat = contractIdFrom(params.idContrat);
  if (idContrat === null) throw replace(PATHS.notFound);
  const session = await loadSession(request);
  if (session.kind === 'choose') throw redirect(withReturnUrl(PATHS.accountChoice, inAppPathOf(request.url)));
  if (session.kind === 'failed') throw redirect(PATHS.serverError);
  return idContrat;
}

/**
 * The menu's entry of a line journey (after its unpaid-balance check): the chosen line's page,
 * else the fleet list, where each line leads to its own.
 */
export function lineJourneyMenuLoader(menuPath: string, pathOf: (idContrat: number) => string) {
  return async ({ request }: LoaderFunctionArgs): Promise<never> => {
    const session = await loadSession(request);
    switch (session.kind) {
      case 'user':
        throw redirect(session.user.idContrat === null ? PATHS.userHome : pathOf(session.user.idContrat));
      case 'choose':
        throw redirect(withReturnUrl(PATHS.accountChoice, menuPath));
      case 'failed':
        throw redirect(PATHS.serverError);
      case 'account':
        throw redirect(session.line ? pathOf(session.line.idContrat) : PATHS.mobileLines);
      case 'forbidden':
        throw redirect(PATHS.mobileLines);
    }
  };
}
