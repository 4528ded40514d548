import { INVOICE_REFERENCE_PATTERN } from '@ecare/shared/invoices';
import { Link, replace, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { WaitingText } from '../../../components/ui/query-states.tsx';
import { invoiceDetailQueryOptions, useInvoiceDetail } from '../../../features/invoices/api/get-invoice-detail.ts';
import { InvoiceDetailPanel } from '../../../features/invoices/components/invoice-detail-panel.tsx';
import { PayInvoicesLink } from '../../../features/invoices/components/pay-invoices-link.tsx';
import { invoicePagePath } from '../../../features/invoices/utils/invoice-format.ts';
import { PATHS } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { loadAccountPage } from '../../session/load-session.ts';
import { useSessionState } from '../../session/use-session-state.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';
import { AccountPage } from './account-page.tsx';

/** The invoice number of the address, when it can be one. */
const referenceFrom = (value: string | undefined) => (value !== undefined && INVOICE_REFERENCE_PATTERN.test(value) ? value : null);

/** A manager's chosen account, then the invoice; a refusal or an unknown invoice is shown by the page. */
export async function invoiceLoader({ request, params }: LoaderFunctionArgs) {
  const referenceNumber = referenceFrom(params.referenceNumber);
  if (referenceNumber === null) throw replace(PATHS.notFound);
  const account = await loadAccountPage(request, invoicePagePath(referenceNumber));
  if (account) await queryClient.prefetchQuery(invoiceDetailQueryOptions(account.idClientBscs, referenceNumber));
  return null;
}

function InvoicePage({ idClientBscs, referenceNumber }: { idClientBscs: number; referenceNumber: string }) {
  const detail = useInvoiceDetail(idClientBscs, referenceNumber);
  if (detail.isPending) return <WaitingText>Chargement de la facture…</WaitingText>;
  if (detail.isError) {
    return (
      <ApiErrorAlert error={detail.error}>
        <Link to={PATHS.accountInvoices} className="link">
          Retour à mes factures
        </Link>
      </ApiErrorAlert>
    );
  }
  return <InvoiceDetailPanel idClientBscs={idClientBscs} detail={detail.data} payLink={<PayInvoicesLink />} />;
}

/** /mon-compte/factures/{referenceNumber}: one invoice of the chosen account, line by line. */
export function InvoiceRoute() {
  const referenceNumber = referenceFrom(useParams().referenceNumber) ?? '';
  const { user } = useSessionState();
  const title = `Facture ${referenceNumber}`;
  const breadcrumb = accountBreadcrumb(user ?? undefined, title, { label: 'Mes factures', to: PATHS.accountInvoices });
  return (
    <AccountPage title={title} breadcrumb={breadcrumb}>
      {(chosen) => <InvoicePage key={referenceNumber} idClientBscs={chosen.idClientBscs} referenceNumber={referenceNumber} />}
    </AccountPage>
  );
}
