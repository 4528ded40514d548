import type { ReactNode } from 'react';
import { Link, redirect, type LoaderFunctionArgs } from 'react-router';
import { bankDetailsQueryOptions } from '../../../features/bank-details/api/get-bank-details.ts';
import { sepaMandateQueryOptions } from '../../../features/bank-details/api/get-sepa-mandate.ts';
import { BankDetailsPanel } from '../../../features/bank-details/components/bank-details-panel.tsx';
import { SepaMandatePanel } from '../../../features/bank-details/components/sepa-mandate-panel.tsx';
import { PATHS, withReturnUrl } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { loadSession } from '../../session/load-session.ts';
import { AccountPage } from './account-page.tsx';

const PAGE_TITLE = 'Coordonnées bancaires';
const MANDATE_TITLE = 'Mandat de prélèvement SEPA';

/**
 * The chosen account's reads, made with the page; a manager without an account chooses one
 * first and comes back (`here`).
 */
async function loadAccountReads(request: Request, here: string, reads: (idClientBscs: number) => Promise<unknown>[]) {
  const session = await loadSession(request);
  switch (session.kind) {
    case 'choose':
      throw redirect(withReturnUrl(PATHS.accountChoice, here));
    case 'failed':
      throw redirect(PATHS.serverError);
    case 'account':
      await Promise.all(reads(session.account.idClientBscs));
      return null;
    default:
      return null;
  }
}

export const bankDetailsLoader = ({ request }: LoaderFunctionArgs) =>
  loadAccountReads(request, PATHS.accountBankDetails, (id) => [
    queryClient.prefetchQuery(bankDetailsQueryOptions(id)),
    queryClient.prefetchQuery(sepaMandateQueryOptions(id)),
  ]);

export const sepaMandateLoader = ({ request }: LoaderFunctionArgs) =>
  loadAccountReads(request, PATHS.accountSepaMandate, (id) => [queryClient.prefetchQuery(sepaMandateQueryOptions(id))]);

/** The page of the account's managers; a simple line user is told to ask one (spec §6). */
function ManagersPage({ title, children }: { title: string; children: (idClientBscs: number) => ReactNode }) {
  return (
    <AccountPage
      title={title}
      className=""
      managersOnly="Pour connaître ou changer le mode de paiement des factures, adressez-vous au gestionnaire de votre compte."
    >
      {(account) => children(account.idClientBscs)}
    </AccountPage>
  );
}

/**
 * /mon-compte/coordonnees-bancaires: how the chosen billing account pays, the bank details on
 * file and the SEPA mandate, changed by its managers only (decision 026).
 */
export function BankDetailsRoute() {
  return <ManagersPage title={PAGE_TITLE}>{(idClientBscs) => <BankDetailsPanel idClientBscs={idClientBscs} />}</ManagersPage>;
}

/** /mon-compte/mandat-sepa (the menu's "Mandat SEPA"): the mandate in force and its PDF. */
export function SepaMandateRoute() {
  return (
    <ManagersPage title={MANDATE_TITLE}>
      {(idClientBscs) => (
        <SepaMandatePanel
          idClientBscs={idClientBscs}
          change={
            <Link to={PATHS.accountBankDetails} className="link">
              Changer de coordonnées bancaires ou de mode de paiement
            </Link>
          }
        />
      )}
    </ManagersPage>
  );
}
