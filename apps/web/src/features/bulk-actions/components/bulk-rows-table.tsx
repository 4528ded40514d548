import { BULK_ROW_RESULT_LABELS, type BulkRowAnswer } from '@ecare/shared/bulk-actions';
import { formatPhone } from '@ecare/shared/phone';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';

/** A row's number as shown: another account's line has none (never shown), a typed text stays as typed. */
const numberOf = (row: BulkRowAnswer) => (row.numeroLigne === '' ? `Ligne n° ${row.idContrat ?? '?'}` : formatPhone(row.numeroLigne));

const columns: DataColumn<BulkRowAnswer & { position: number }>[] = [
  { id: 'ligne', header: 'Ligne', rowHeader: true, card: 'title', cell: numberOf, className: 'whitespace-nowrap' },
  {
    id: 'resultat',
    header: 'Résultat',
    cell: (row) => <span className={row.resultat === 'REFUS' ? 'font-semibold text-danger' : 'font-semibold'}>{BULK_ROW_RESULT_LABELS[row.resultat]}</span>,
  },
  { id: 'motif', header: 'Motif', cell: (row) => row.motif ?? '' },
];

/** The rows of a dry run or a job, each with its result and the reason of a refusal; cards on a phone. */
export function BulkRowsTable({ rows, caption }: { rows: readonly BulkRowAnswer[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows.map((row, position) => ({ ...row, position }))}
      rowKey={(row) => row.position}
      empty={<EmptyState title="Aucune ligne." />}
    />
  );
}
