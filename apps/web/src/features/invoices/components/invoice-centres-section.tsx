import type { InvoiceCentre } from '@ecare/shared/invoice-centres';
import { useMemo, useState } from 'react';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { nextSortOrder, type SortOrder } from '../../../components/ui/table/sortable-header.tsx';
import { useInvoiceCentres } from '../api/get-invoice-centres.ts';
import { formatEuros } from '../utils/invoice-format.ts';
import { CENTRE_COMPARE, centreLinesText, centreLineTitle, centreTitle, type CentreSortKey } from '../utils/invoice-centres.ts';

/** A centre's lines, folded under their count (a native disclosure), each with what it weighs excluding VAT. */
function CentreLines({ centre }: { centre: InvoiceCentre }) {
  return (
    <details>
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md">{centreLinesText(centre)}</summary>
      <ul className="mt-1 space-y-1 text-sm">
        {centre.lignes.map((line) => (
          <li key={line.idContrat ?? 'compte'} className="flex flex-wrap justify-between gap-x-3">
            <span>{centreLineTitle(line)}</span>
            <span className="whitespace-nowrap">{formatEuros(line.montantHT)} HT</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

const COLUMNS: readonly DataColumn<InvoiceCentre, CentreSortKey>[] = [
  { id: 'centre', header: 'Centre de coût', label: 'Centre de coût', sortKey: 'centre', rowHeader: true, cell: centreTitle },
  { id: 'lignes', header: 'Lignes', label: 'Lignes', sortKey: 'lignes', cell: (centre) => <CentreLines centre={centre} />, className: 'min-w-48' },
  { id: 'ht', header: 'Montant HT', label: 'Montant HT', sortKey: 'ht', cell: (centre) => formatEuros(centre.totalHT), className: 'whitespace-nowrap text-right' },
  { id: 'tva', header: 'TVA', cell: (centre) => formatEuros(centre.totalTVA), className: 'whitespace-nowrap text-right' },
  { id: 'ttc', header: 'Montant TTC', label: 'Montant TTC', sortKey: 'ttc', cell: (centre) => formatEuros(centre.totalTTC), className: 'whitespace-nowrap text-right' },
];

/** The table of the centres, sorted on the page, with the invoice's totals as its last row. */
export function InvoiceCentresTable({ centres, totals }: { centres: readonly InvoiceCentre[]; totals: { montantHT: number; montantTVA: number; montantTTC: number } }) {
  const [sort, setSort] = useState<{ key: CentreSortKey; order: SortOrder }>({ key: 'centre', order: 'asc' });
  const rows = useMemo(() => {
    const sorted = [...centres].sort(CENTRE_COMPARE[sort.key]);
    return sort.order === 'desc' ? sorted.reverse() : sorted;
  }, [centres, sort]);
  return (
    <DataTable
      caption="Montants de la facture par centre de coût"
      columns={COLUMNS}
      rows={rows}
      rowKey={(centre) => centre.idCentre ?? 'aucun'}
      sort={{ ...sort, onSort: (key) => setSort({ key, order: nextSortOrder(sort, key) }) }}
      footer={{
        centre: 'Total de la facture',
        ht: formatEuros(totals.montantHT),
        tva: formatEuros(totals.montantTVA),
        ttc: formatEuros(totals.montantTTC),
      }}
    />
  );
}

/**
 * « Par centre de coût »: what each centre of the account weighs on the invoice (the centre each
 * line had when the invoice was issued), the lines and account charges without one apart; the
 * centres add up to the invoice to the cent.
 */
export function InvoiceCentresSection({ idClientBscs, referenceNumber }: { idClientBscs: number; referenceNumber: string }) {
  const centres = useInvoiceCentres(idClientBscs, referenceNumber);
  return (
    <section aria-labelledby="par-centre" className="space-y-3">
      <h2 id="par-centre" className="text-xl font-bold text-primary-strong">
        Par centre de coût
      </h2>
      <p className="text-muted">Chaque ligne compte pour le centre de coût qui était le sien à l’émission de la facture.</p>
      {centres.isPending ? (
        <WaitingText>Chargement des centres de coût…</WaitingText>
      ) : centres.isError ? (
        <ReadFailed error={centres.error} onRetry={() => void centres.refetch()} pending={centres.isFetching} />
      ) : (
        <InvoiceCentresTable centres={centres.data.centres} totals={centres.data} />
      )}
    </section>
  );
}
