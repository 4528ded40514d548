import { redirect, replace, type LoaderFunctionArgs } from 'react-router';
import { linePageQueryOptions, type LinePageParams } from '../../features/lines/api/get-line-page.ts';
import { linePageParamsFrom } from '../../features/lines/utils/line-page-params.ts';
import { contractIdFrom } from '../../features/lines/utils/line-path.ts';
import { inAppPathOf, PATHS, withReturnUrl } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { loadSession } from '../session/load-session.ts';

/**
 * The journeys of one line opened from the menu (a new phone, a plan change, the consumption:
 * decisions 019, 037, 039). Their pages take the line from the address; the menu's entry has none.
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
 * The lines a journey's line choice lists, from its address (`?recherche&page`): the fleet list's
 * order, the active lines only for a journey that needs one.
 */
export function journeyLineParams(search: URLSearchParams, activeOnly: boolean): LinePageParams {
  return { ...linePageParamsFrom(search), tri: 'numeroLigne', ordre: 'asc', statut: activeOnly ? 'ACTIF' : null, idOffreEngagement: null, idCentre: null, etiquette: '' };
}

/**
 * The menu's entry of a line journey (after its unpaid-balance check, for those that sell): the
 * line user's own line, or the chosen line of an account of one line, straight into the journey;
 * an account of several lines stays on the entry's page, which asks which line (its first page of
 * lines read here).
 */
export function lineJourneyMenuLoader(menuPath: string, pathOf: (idContrat: number) => string, activeOnly: boolean) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const session = await loadSession(request);
    switch (session.kind) {
      case 'user':
        throw redirect(session.user.idContrat === null ? PATHS.userHome : pathOf(session.user.idContrat));
      case 'choose':
        throw redirect(withReturnUrl(PATHS.accountChoice, menuPath));
      case 'failed':
        throw redirect(PATHS.serverError);
      case 'account':
        if (session.line) throw redirect(pathOf(session.line.idContrat));
        await queryClient.prefetchQuery(linePageQueryOptions(session.account.idClientBscs, journeyLineParams(new URL(request.url).searchParams, activeOnly)));
        return null;
      case 'forbidden':
        // The page says why the stored account is refused, with the way to choose another.
        return null;
    }
  };
}
