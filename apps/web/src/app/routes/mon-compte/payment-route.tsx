import { Link, type LoaderFunctionArgs } from 'react-router';
import { getActingFor, getAgentUser } from '../../../features/agents/api/agent-storage.ts';
import { invoicesDueQueryOptions } from '../../../features/payment/api/get-invoices-due.ts';
import { InvoicesDuePanel } from '../../../features/payment/components/invoices-due-panel.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { loadAccountPage } from '../../session/load-session.ts';
import { AccountPage } from './account-page.tsx';

const PAGE_TITLE = 'Payer mes factures';

/** A manager's chosen account, then what it has to pay. */
export async function paymentLoader({ request }: LoaderFunctionArgs) {
  const account = await loadAccountPage(request, PATHS.accountPayment);
  if (account) await queryClient.prefetchQuery(invoicesDueQueryOptions(account.idClientBscs));
  return null;
}

/** Sends the browser to the payment provider's page (a full page change: it is another site). */
const leaveForProvider = (url: string) => window.location.assign(url);

/** /mon-compte/paiement: the invoices still to pay, chosen and paid by card on the provider's page. */
export function PaymentRoute() {
  return (
    <AccountPage title={PAGE_TITLE}>
      {(account) => (
        <InvoicesDuePanel
          idClientBscs={account.idClientBscs}
          goTo={leaveForProvider}
          atCounter={getAgentUser()?.profil === 'BDP' && getActingFor() !== null}
          invoicesLink={
            <Link to={PATHS.accountInvoices} className="link">
              Voir mes factures
            </Link>
          }
        />
      )}
    </AccountPage>
  );
}
