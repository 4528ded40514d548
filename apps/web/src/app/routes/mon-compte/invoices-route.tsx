import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { creditNotesQueryOptions } from '../../../features/invoices/api/get-credit-notes.ts';
import { invoicesQueryOptions } from '../../../features/invoices/api/get-invoices.ts';
import { InvoicesPanel } from '../../../features/invoices/components/invoices-panel.tsx';
import { PayInvoicesLink } from '../../../features/invoices/components/pay-invoices-link.tsx';
import { invoiceListParamsFrom, invoiceListSearch } from '../../../features/invoices/utils/invoice-list-params.ts';
import { PATHS } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { loadAccountPage } from '../../session/load-session.ts';
import { AccountPage } from './account-page.tsx';

const PAGE_TITLE = 'Mes factures';

/** A manager's chosen account, then the page of its invoices the address asks for and its credit notes, side by side (nothing jumps). */
export async function invoicesLoader({ request }: LoaderFunctionArgs) {
  const account = await loadAccountPage(request, PATHS.accountInvoices);
  if (account) {
    await Promise.all([
      queryClient.prefetchQuery(invoicesQueryOptions(account.idClientBscs, invoiceListParamsFrom(new URL(request.url).searchParams))),
      queryClient.prefetchQuery(creditNotesQueryOptions(account.idClientBscs)),
    ]);
  }
  return null;
}

/** /mon-compte/factures: the chosen account's invoices, by year, with their files and what is left to pay. */
export function InvoicesRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = invoiceListParamsFrom(searchParams);
  return (
    <AccountPage title={PAGE_TITLE} className="max-w-6xl">
      {(account) => (
        <InvoicesPanel
          idClientBscs={account.idClientBscs}
          params={params}
          onChange={(next) => setSearchParams(invoiceListSearch(next))}
          payLink={<PayInvoicesLink />}
        />
      )}
    </AccountPage>
  );
}
