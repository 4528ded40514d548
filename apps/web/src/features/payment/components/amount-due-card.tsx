import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { DashboardCard } from '../../../components/ui/dashboard-card.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { useInvoicesDue } from '../api/get-invoices-due.ts';
import { formatEuros, sumEuros } from '../utils/payment-format.ts';

const invoices = (count: number) => (count === 1 ? '1 facture' : `${count} factures`);

/** Home block: what the account owes, what of it is late, and the way to pay (decision 046). */
export function AmountDueCard({ idClientBscs }: { idClientBscs: number }) {
  const due = useInvoicesDue(idClientBscs);
  return (
    <DashboardCard title="À payer" link={{ to: PATHS.accountInvoices, label: 'Voir mes factures' }}>
      {due.isPending ? (
        <WaitingText>Lecture des factures à payer…</WaitingText>
      ) : due.isError ? (
        <ReadFailed error={due.error} onRetry={() => void due.refetch()} pending={due.isFetching} />
      ) : due.data.factures.length === 0 ? (
        <p>Vous n’avez aucune facture à payer.</p>
      ) : (
        <>
          <p>
            <span className="block text-sm text-muted">Montant dû</span>
            <span className="text-2xl font-bold">{formatEuros(due.data.total)}</span>{' '}
            <span className="text-sm text-muted">({invoices(due.data.factures.length)})</span>
          </p>
          <OverdueLine late={due.data.factures.filter((invoice) => invoice.statut === 'EN_RETARD').map((invoice) => invoice.resteAPayer)} />
          {due.data.factures.some((invoice) => invoice.payableParCarte && !invoice.paiementEnCours) ? (
            <Link to={PATHS.accountPayment} className="btn-primary">
              <CreditCard aria-hidden="true" className="size-4" />
              Payer
            </Link>
          ) : (
            <p className="text-sm text-muted">Le prélèvement ou le paiement en cours réglera ce montant&nbsp;: rien à faire.</p>
          )}
        </>
      )}
    </DashboardCard>
  );
}

function OverdueLine({ late }: { late: readonly number[] }) {
  if (late.length === 0) return <p>Aucune facture en retard.</p>;
  return (
    <p className="font-semibold text-danger">
      Dont en retard&nbsp;: {formatEuros(sumEuros(late))} ({invoices(late.length)})
    </p>
  );
}
