import type { InvoicePage, InvoiceSortField } from '@ecare/shared/invoices';
import { AlertTriangle, FileText } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { Pagination } from '../../../components/ui/table/pagination.tsx';
import { nextSortOrder } from '../../../components/ui/table/sortable-header.tsx';
import { useInvoices } from '../api/get-invoices.ts';
import { invoiceZipPath } from '../api/invoice-paths.ts';
import { defaultMonthPeriod } from '../utils/centres-export-period.ts';
import { defaultExportPeriod } from '../utils/export-period.ts';
import { formatEuros } from '../utils/invoice-format.ts';
import { INVOICES_PAGE_SIZE, type InvoiceListParams } from '../utils/invoice-list-params.ts';
import { CreditNotesSection } from './credit-notes-section.tsx';
import { InvoiceCentresExportForm } from './invoice-centres-export-form.tsx';
import { InvoiceArchiveForm, InvoiceExportForm } from './invoice-export-form.tsx';
import { InvoicesTable } from './invoices-table.tsx';

interface InvoicesPanelProps {
  idClientBscs: number;
  params: InvoiceListParams;
  /** Each change of year, page or sort is a step of the browser history (the address keeps it). */
  onChange: (params: InvoiceListParams) => void;
  /** The link to pay what is due (`/mon-compte/paiement`). */
  payLink: ReactNode;
}

const invoiceCount = (total: number) => (total === 0 ? 'Aucune facture' : total === 1 ? '1 facture' : `${total} factures`);

/** "1 234,56 € restent à payer, dont 1 facture en retard." */
function DueNotice({ page, payLink }: { page: InvoicePage; payLink: ReactNode }) {
  if (page.soldeAPayer <= 0) return null;
  const late = page.enRetard === 0 ? '' : page.enRetard === 1 ? ', dont 1 facture en retard' : `, dont ${page.enRetard} factures en retard`;
  return (
    <div className={`card flex flex-wrap items-center justify-between gap-4 ${page.enRetard > 0 ? 'border-danger' : ''}`}>
      <p className="flex items-start gap-3">
        <AlertTriangle aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${page.enRetard > 0 ? 'text-danger' : 'text-warning'}`} />
        <span>
          <strong>{formatEuros(page.soldeAPayer)}</strong> {page.soldeAPayer >= 2 ? 'restent' : 'reste'} à payer{late}.
        </span>
      </p>
      {payLink}
    </div>
  );
}

/** The year filter: every year, or one of those the account has invoices in. */
function YearFilter({ years, value, onChange }: { years: readonly number[]; value: number | null; onChange: (year: number | null) => void }) {
  const id = useId();
  const choices = value !== null && !years.includes(value) ? [value, ...years] : years;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Année
      </label>
      <select
        id={id}
        className="field-input w-48"
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">Toutes les années</option>
        {choices.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The account's invoices: what is left to pay, a year filter kept in the address, the table
 * (sorted and paged by the server) with a PDF per invoice, the year's invoices as one ZIP, the
 * account's credit notes when it has some, the lines of a period and its invoices by cost centre
 * as spreadsheets.
 */
export function InvoicesPanel({ idClientBscs, params, onChange, payLink }: InvoicesPanelProps) {
  const invoices = useInvoices(idClientBscs, params);
  const exportPeriod = useMemo(() => defaultExportPeriod(new Date()), []);
  const centresPeriod = useMemo(() => defaultMonthPeriod(new Date()), []);
  if (invoices.isPending) return <WaitingText>Chargement de vos factures…</WaitingText>;
  if (invoices.isError && !invoices.data) return <ReadFailed error={invoices.error} onRetry={() => void invoices.refetch()} pending={invoices.isFetching} />;
  const page = invoices.data;
  const pageCount = Math.max(1, Math.ceil(page.total / INVOICES_PAGE_SIZE));
  const onSort = (field: InvoiceSortField) => onChange({ ...params, page: 1, tri: field, ordre: nextSortOrder({ key: params.tri, order: params.ordre }, field) });
  const yearText = params.annee === null ? '' : ` en ${params.annee}`;

  return (
    <div className="space-y-6">
      <DueNotice page={page} payLink={payLink} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <YearFilter years={page.annees} value={params.annee} onChange={(annee) => onChange({ ...params, annee, page: 1 })} />
        {params.annee !== null && page.total > 0 ? (
          <DownloadButton
            label={`Télécharger les factures ${params.annee} (ZIP)`}
            path={invoiceZipPath(idClientBscs, params.annee)}
            fallbackName={`factures-${idClientBscs}-${params.annee}.zip`}
          />
        ) : null}
      </div>
      <p aria-live="polite" className="font-semibold">
        {invoiceCount(page.total)}
        {yearText}
      </p>
      <InvoicesTable
        idClientBscs={idClientBscs}
        invoices={page.factures}
        caption={`Mes factures${yearText}, page ${page.page} sur ${pageCount}`}
        sort={{ key: params.tri, order: params.ordre, onSort }}
        empty={
          <EmptyState
            icon={FileText}
            title={params.annee === null ? 'Aucune facture n’a encore été émise pour ce compte de facturation.' : `Aucune facture n’a été émise en ${params.annee}.`}
            action={
              params.annee === null ? undefined : (
                <button type="button" className="btn-secondary" onClick={() => onChange({ ...params, annee: null, page: 1 })}>
                  Afficher toutes les factures
                </button>
              )
            }
          >
            Votre facture est émise chaque mois, le 1er&nbsp;; elle apparaît ici dès qu’elle est disponible.
          </EmptyState>
        }
      />
      <Pagination label="Pagination des factures" page={page.page} pageCount={pageCount} onPage={(next) => onChange({ ...params, page: next })} />
      <CreditNotesSection idClientBscs={idClientBscs} />
      <section aria-labelledby={`${idClientBscs}-archive`} className="space-y-3 border-t border-line-soft pt-6">
        <h2 id={`${idClientBscs}-archive`} className="text-xl font-bold text-primary-strong">
          Archiver mes factures et avoirs
        </h2>
        <p className="text-muted">
          Toutes les factures et tous les avoirs datés de la période, jusqu’à dix ans, en une archive ZIP&nbsp;: chacun en PDF Factur-X, avec un index
          (index.csv) pour votre comptabilité. Vos factures restent disponibles dix ans, même après la résiliation de vos lignes.
        </p>
        <InvoiceArchiveForm idClientBscs={idClientBscs} initialPeriod={exportPeriod} />
      </section>
      <section aria-labelledby={`${idClientBscs}-export`} className="space-y-3 border-t border-line-soft pt-6">
        <h2 id={`${idClientBscs}-export`} className="text-xl font-bold text-primary-strong">
          Exporter les lignes de mes factures
        </h2>
        <p className="text-muted">Chaque élément facturé (abonnement, option, hors forfait, frais, remise) des factures datées de la période, ligne par ligne, à ouvrir dans un tableur.</p>
        <InvoiceExportForm idClientBscs={idClientBscs} initialPeriod={exportPeriod} />
      </section>
      <section aria-labelledby={`${idClientBscs}-export-centres`} className="space-y-3 border-t border-line-soft pt-6">
        <h2 id={`${idClientBscs}-export-centres`} className="text-xl font-bold text-primary-strong">
          Exporter mes factures par centre de coût
        </h2>
        <p className="text-muted">
          Pour chaque facture des mois choisis, ses montants HT, TVA et TTC par centre de coût (celui de chaque ligne à l’émission de la facture), à ouvrir
          dans un tableur.
        </p>
        <InvoiceCentresExportForm idClientBscs={idClientBscs} initialPeriod={centresPeriod} />
      </section>
    </div>
  );
}
