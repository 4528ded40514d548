import { TrendingDown, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { EVOLUTION_ANCHOR } from './invoice-evolution.tsx';
import { DashboardCard } from '../../../components/ui/dashboard-card.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { useInvoiceEvolution } from '../api/get-invoice-evolution.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { formatDay, formatDifference, formatEuros, invoicePagePath } from '../utils/invoice-format.ts';
import { FIRST_INVOICE_PAGE } from '../utils/invoice-list-params.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** Home block: the latest invoice, how it moved from the one before, and where that is explained (decision 046). */
export function LastInvoiceCard({ idClientBscs }: { idClientBscs: number }) {
  const page = useInvoices(idClientBscs, FIRST_INVOICE_PAGE);
  const last = page.data?.factures[0];
  return (
    <DashboardCard title="Dernière facture" link={{ to: PATHS.accountInvoices, label: 'Voir toutes mes factures' }}>
      {page.isPending ? (
        <WaitingText>Lecture des factures…</WaitingText>
      ) : page.isError ? (
        <ReadFailed error={page.error} onRetry={() => void page.refetch()} pending={page.isFetching} />
      ) : !last ? (
        <p>Ce compte de facturation n’a pas encore de facture.</p>
      ) : (
        <>
          <p>
            <Link to={invoicePagePath(last.referenceNumber)} className="link">
              Facture {last.referenceNumber} du {formatDay(last.dateFacture)}
            </Link>
          </p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-2xl font-bold">{formatEuros(last.montantTTC)}</span>
            <span className="text-sm text-muted">TTC</span>
            <InvoiceStatusBadge status={last.statut} />
          </p>
          <Evolution idClientBscs={idClientBscs} referenceNumber={last.referenceNumber} />
        </>
      )}
    </DashboardCard>
  );
}

function Evolution({ idClientBscs, referenceNumber }: { idClientBscs: number; referenceNumber: string }) {
  const evolution = useInvoiceEvolution(idClientBscs, referenceNumber, true);
  if (evolution.isPending) return <WaitingText>Comparaison avec la facture précédente…</WaitingText>;
  // The invoice itself is shown: a failed comparison only leaves its explanation out.
  if (evolution.isError || !evolution.data.precedente) return null;
  const { ecartTTC, precedente } = evolution.data;
  const Trend = ecartTTC >= 0 ? TrendingUp : TrendingDown;
  const trend = ecartTTC > 0 ? 'En hausse' : ecartTTC < 0 ? 'En baisse' : 'Stable';
  return (
    <>
      <p className="flex items-start gap-2">
        <Trend aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <span>
          {trend}&nbsp;: <strong className="whitespace-nowrap">{formatDifference(ecartTTC)}</strong> par rapport à la facture précédente (
          <span className="whitespace-nowrap">{formatEuros(precedente.montantTTC)}</span> TTC).
        </span>
      </p>
      <p>
        <Link to={`${invoicePagePath(referenceNumber)}#${EVOLUTION_ANCHOR}`} className="link">
          Pourquoi ma facture a changé&nbsp;?
        </Link>
      </p>
    </>
  );
}
