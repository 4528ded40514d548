import { BULK_ACTION_DEFINITIONS, BULK_JOB_STATUS_LABELS, type BulkJobSummary } from '@ecare/shared/bulk-actions';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/** The account's jobs, the latest first, each a link to its page. */
export function BulkJobsTable({ jobs, jobPath }: { jobs: readonly BulkJobSummary[]; jobPath: (idTraitement: number) => string }) {
  const columns: DataColumn<BulkJobSummary>[] = [
    {
      id: 'traitement',
      header: 'Traitement',
      rowHeader: true,
      cell: (job) => (
        <Link to={jobPath(job.idTraitement)} className="link">
          N° {job.idTraitement} – {BULK_ACTION_DEFINITIONS[job.action].libelle}
        </Link>
      ),
    },
    { id: 'lance', header: 'Lancé le', cell: (job) => dateTime.format(new Date(job.creeLe)), className: 'whitespace-nowrap' },
    { id: 'statut', header: 'Statut', cell: (job) => (job.retourArriere ? `${BULK_JOB_STATUS_LABELS[job.statut]}, défait` : BULK_JOB_STATUS_LABELS[job.statut]) },
    { id: 'lignes', header: 'Lignes', cell: (job) => `${job.faits.toLocaleString('fr-FR')} faites, ${job.refuses.toLocaleString('fr-FR')} refusées sur ${job.total.toLocaleString('fr-FR')}` },
  ];
  return (
    <DataTable
      caption="Traitements du compte"
      columns={columns}
      rows={jobs}
      rowKey={(job) => job.idTraitement}
      empty={<EmptyState title="Aucun traitement sur ce compte.">Lancez une action groupée depuis la liste des lignes ou avec un fichier CSV de numéros.</EmptyState>}
    />
  );
}
