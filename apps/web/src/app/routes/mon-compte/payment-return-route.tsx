import { TRANSACTION_REFERENCE_PATTERN } from '@ecare/shared/payment';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { paymentTransactionQueryOptions } from '../../../features/payment/api/get-payment-transaction.ts';
import { PaymentReturnPanel } from '../../../features/payment/components/payment-return-panel.tsx';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { PATHS } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { accountAreaLoader } from './account-loader.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';

const PAGE_TITLE = 'Résultat de votre paiement';
const PARAM = 'transactionReference';

const referenceOf = (search: URLSearchParams): string | null => {
  const value = search.get(PARAM);
  return value !== null && TRANSACTION_REFERENCE_PATTERN.test(value) ? value : null;
};

/**
 * Back from the provider's page: a session (the login brings the user back here), then the
 * transaction's first read, started at once. A failed read is the page's to show.
 */
export async function paymentReturnLoader(args: LoaderFunctionArgs) {
  await accountAreaLoader(args);
  const reference = referenceOf(new URL(args.request.url).searchParams);
  if (reference) await queryClient.prefetchQuery(paymentTransactionQueryOptions(reference));
  return null;
}

/** /mon-compte/paiement/retour?transactionReference=…: where the card payment stands. */
export function PaymentReturnRoute() {
  const user = useCurrentUser().data;
  const [search] = useSearchParams();
  const reference = referenceOf(search);
  const retry = (
    <Link to={PATHS.accountPayment} className="btn-primary">
      Payer à nouveau
    </Link>
  );
  return (
    <>
      <PageHeading breadcrumb={accountBreadcrumb(user, PAGE_TITLE)}>{PAGE_TITLE}</PageHeading>
      {reference ? (
        <PaymentReturnPanel
          key={reference}
          transactionReference={reference}
          retryLink={retry}
          invoicesLink={
            <Link to={PATHS.accountInvoices} className="link">
              Voir mes factures
            </Link>
          }
        />
      ) : (
        <Alert tone="error" title="Ce paiement est introuvable." className="max-w-3xl">
          <p>L’adresse de cette page ne désigne aucun paiement. Pour régler vos factures, recommencez depuis la page de paiement.</p>
          <p className="mt-3">
            <Link to={PATHS.accountPayment} className="link">
              Payer mes factures
            </Link>
          </p>
        </Alert>
      )}
    </>
  );
}
