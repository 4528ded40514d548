import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/routes.ts';

/** The way to pay what is due: the payment page of the account. */
export function PayInvoicesLink() {
  return (
    <Link to={PATHS.accountPayment} className="btn-primary">
      <CreditCard aria-hidden="true" className="size-4" />
      Payer mes factures
    </Link>
  );
}
