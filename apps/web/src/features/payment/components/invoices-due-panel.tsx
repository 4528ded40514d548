import { INVOICE_STATUS_LABELS } from '@ecare/shared/invoices';
import type { DueInvoice, DueInvoiceStatus } from '@ecare/shared/payment';
import { CreditCard, Lock } from 'lucide-react';
import { useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { useCreatePaymentLink } from '../api/create-payment-link.ts';
import { useInvoicesDue } from '../api/get-invoices-due.ts';
import { formatDay, formatEuros, sumEuros } from '../utils/payment-format.ts';
import type { CounterPayment } from '@ecare/shared/payment';
import { CounterPaymentForm, CounterPaymentRecorded } from './counter-payment-form.tsx';

const STATUS_TONES: Record<DueInvoiceStatus, string> = {
  EN_RETARD: 'bg-danger-soft text-danger',
  A_PAYER: 'bg-warning-soft text-warning',
  PRELEVEMENT_A_VENIR: 'bg-primary-soft text-primary',
};

function StatusBadge({ status }: { status: DueInvoiceStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_TONES[status]}`}>
      {INVOICE_STATUS_LABELS[status]}
    </span>
  );
}

const invoiceCount = (count: number) => (count === 0 ? 'aucune facture' : count === 1 ? '1 facture' : `${count} factures`);

const columns: DataColumn<DueInvoice>[] = [
  { id: 'reference', header: 'Facture', rowHeader: true, cell: (invoice) => invoice.referenceNumber, className: 'whitespace-nowrap' },
  { id: 'date', header: 'Date', cell: (invoice) => formatDay(invoice.dateFacture), className: 'whitespace-nowrap' },
  { id: 'echeance', header: 'Échéance', cell: (invoice) => formatDay(invoice.dateEcheance), className: 'whitespace-nowrap' },
  { id: 'montant', header: 'Montant TTC', cell: (invoice) => formatEuros(invoice.montantTTC), className: 'whitespace-nowrap text-right' },
  { id: 'reste', header: 'Reste à payer', cell: (invoice) => formatEuros(invoice.resteAPayer), className: 'whitespace-nowrap text-right font-semibold' },
  {
    id: 'statut',
    header: 'Statut',
    cell: (invoice) => (
      <div className="space-y-1">
        <StatusBadge status={invoice.statut} />
        {invoice.paiementEnCours ? <p className="text-sm text-muted">Paiement par carte en cours</p> : null}
      </div>
    ),
  },
];

interface InvoicesDuePanelProps {
  idClientBscs: number;
  /** Where the account's invoices are listed (the way out when nothing is due). */
  invoicesLink: ReactNode;
  /** Sends the browser to the provider's page (window.location.assign in the app). */
  goTo: (url: string) => void;
  /** The counter agent of a point of sale acts for the customer: payments taken there are recorded here. */
  atCounter?: boolean;
}

/**
 * The invoices still to pay, all chosen at first; the total of the chosen ones follows the
 * choice. "Payer par carte" starts the payment (the server computes the amount) and leaves for
 * the provider's page; it is disabled while the call runs and after it, so one click pays once.
 */
export function InvoicesDuePanel({ idClientBscs, invoicesLink, goTo, atCounter = false }: InvoicesDuePanelProps) {
  const due = useInvoicesDue(idClientBscs);
  const pay = useCreatePaymentLink();
  const [leaving, setLeaving] = useState(false);
  const [atCounterPaid, setAtCounterPaid] = useState<CounterPayment | null>(null);
  // Set at the first press, before React shows the button disabled: a second press in between does nothing.
  const sending = useRef(false);
  const payable = useMemo(() => (due.data?.factures ?? []).filter((invoice) => invoice.payableParCarte), [due.data]);
  const debited = useMemo(() => (due.data?.factures ?? []).filter((invoice) => !invoice.payableParCarte), [due.data]);
  // Every payable invoice is chosen until the user says otherwise.
  const [unchosen, setUnchosen] = useState<ReadonlySet<Key>>(() => new Set());
  const selected = useMemo(() => new Set<Key>(payable.map((invoice) => invoice.referenceNumber).filter((key) => !unchosen.has(key))), [payable, unchosen]);
  const chosen = payable.filter((invoice) => selected.has(invoice.referenceNumber));
  const total = sumEuros(chosen.map((invoice) => invoice.resteAPayer));

  if (due.isPending) return <WaitingText>Chargement des factures à payer…</WaitingText>;
  if (due.isError) return <ReadFailed error={due.error} onRetry={() => void due.refetch()} pending={due.isFetching} />;

  const busy = pay.isPending || leaving;
  const submit = () => {
    if (sending.current || busy || chosen.length === 0) return;
    sending.current = true;
    pay.mutate(
      { idClientBscs, referenceNumbers: chosen.map((invoice) => invoice.referenceNumber) },
      {
        onSuccess: ({ url }) => {
          setLeaving(true);
          goTo(url);
        },
        onError: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      {atCounterPaid ? <CounterPaymentRecorded payment={atCounterPaid} /> : null}
      {payable.length === 0 ? (
        <EmptyState title="Vous n’avez aucune facture à payer par carte." action={invoicesLink}>
          {debited.length > 0 ? 'Vos factures restantes seront réglées par prélèvement à leur échéance.' : 'Toutes vos factures sont réglées.'}
        </EmptyState>
      ) : (
        <section aria-labelledby="factures-a-payer" className="space-y-4">
          <h2 id="factures-a-payer" className="text-xl font-semibold">
            Factures à payer
          </h2>
          <p className="text-muted">Choisissez les factures à régler : toutes le sont au départ.</p>
          <DataTable
            caption="Factures à payer par carte"
            columns={columns}
            rows={payable}
            rowKey={(invoice) => invoice.referenceNumber}
            selection={{
              selected,
              onChange: (next) => setUnchosen(new Set(payable.map((invoice) => invoice.referenceNumber).filter((key) => !next.has(key)))),
              rowLabel: (invoice) => `Payer la facture ${invoice.referenceNumber}`,
              pageLabel: 'Payer toutes les factures',
            }}
          />
          <div className="card flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p aria-live="polite" aria-atomic="true">
              <span className="block text-muted">Total à payer pour {invoiceCount(chosen.length)} :</span>
              <span className="text-2xl font-bold">{formatEuros(total)}</span>
            </p>
            <button type="button" className="btn-primary" onClick={submit} disabled={busy || chosen.length === 0}>
              {busy ? <Spinner small /> : <CreditCard aria-hidden="true" className="size-5" />}
              Payer par carte
            </button>
          </div>
          {chosen.length === 0 ? <p className="text-muted">Choisissez au moins une facture pour payer.</p> : null}
          {pay.isError ? <ApiErrorAlert error={pay.error} /> : null}
          {atCounter ? (
            <CounterPaymentForm
              idClientBscs={idClientBscs}
              referenceNumbers={chosen.map((invoice) => invoice.referenceNumber)}
              total={total}
              onRecorded={setAtCounterPaid}
            />
          ) : null}
          {leaving ? (
            <p role="status" className="text-muted">
              Redirection vers la page de paiement sécurisée…
            </p>
          ) : null}
          <p className="flex items-start gap-2 text-sm text-muted">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Vous allez saisir votre carte sur la page sécurisée de notre prestataire de paiement : votre numéro de carte ne passe pas par
            l’espace client. Vous revenez ensuite ici pour voir le résultat.
          </p>
        </section>
      )}
      {debited.length > 0 ? (
        <section aria-labelledby="factures-prelevees" className="space-y-3">
          <h2 id="factures-prelevees" className="text-xl font-semibold">
            Factures réglées par prélèvement
          </h2>
          <p className="text-muted">Ces factures seront prélevées à leur échéance : elles ne se paient pas par carte.</p>
          <ul className="list-disc space-y-1 pl-6">
            {debited.map((invoice) => (
              <li key={invoice.referenceNumber}>
                Facture {invoice.referenceNumber} : {formatEuros(invoice.resteAPayer)}, prélevée le {formatDay(invoice.dateEcheance)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
