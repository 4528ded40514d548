import { REPORT_FREQUENCY_LABELS, REPORT_TYPE_LABELS, reportPeriodLabel, type ReportSending, type ScheduledReport } from '@ecare/shared/scheduled-reports';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { useMemo, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { nextSortOrder, type SortOrder } from '../../../components/ui/table/sortable-header.tsx';
import { reportsPath } from '../api/get-scheduled-reports.ts';
import { useRemoveReport } from '../api/remove-scheduled-report.ts';

const moment = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string | null) => (iso === null ? 'Pas encore envoyé' : moment.format(new Date(iso)));
const recipientsText = (addresses: readonly string[]) => (addresses.length === 0 ? 'Les gestionnaires du compte' : `Les gestionnaires et ${addresses.join(', ')}`);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')} Ko` : `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`);

/** The account's scheduled reports, each removable after confirmation. */
export function ScheduledReportsTable({ idClientBscs, reports }: { idClientBscs: number; reports: readonly ScheduledReport[] }) {
  const remove = useRemoveReport(idClientBscs);
  const confirmation = useConfirmation();
  const [chosen, setChosen] = useState<ScheduledReport | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function removeReport(report: ScheduledReport) {
    setError(null);
    setChosen(report);
    if (!(await confirmation.ask())) return;
    try {
      await remove.mutateAsync(report.idRapport);
    } catch (failure) {
      setError(failure);
    } finally {
      confirmation.close();
    }
  }

  const columns: DataColumn<ScheduledReport, never>[] = [
    { id: 'contenu', header: 'Contenu', label: 'Contenu', rowHeader: true, cell: (report) => REPORT_TYPE_LABELS[report.type] },
    { id: 'frequence', header: 'Fréquence', label: 'Fréquence', cell: (report) => REPORT_FREQUENCY_LABELS[report.frequence] },
    { id: 'destinataires', header: 'Destinataires', label: 'Destinataires', cell: (report) => <span className="break-words">{recipientsText(report.destinataires)}</span> },
    { id: 'programme', header: 'Programmé', label: 'Programmé', cell: (report) => `Le ${moment.format(new Date(report.creeLe))} par ${report.creePar}` },
    { id: 'dernier', header: 'Dernier envoi', label: 'Dernier envoi', cell: (report) => when(report.dernierEnvoi) },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'actions',
      cell: (report) => (
        <button type="button" className="btn-secondary" disabled={remove.isPending} onClick={() => void removeReport(report)}>
          Supprimer<span className="sr-only"> le rapport {REPORT_TYPE_LABELS[report.type]}, {REPORT_FREQUENCY_LABELS[report.frequence].toLowerCase()}</span>
        </button>
      ),
    },
  ];

  return (
    <div className="space-y-3">
      {error ? <ApiErrorAlert error={error} /> : null}
      <DataTable
        caption="Rapports programmés du compte"
        columns={columns}
        rows={reports}
        rowKey={(report) => report.idRapport}
        empty={<EmptyState title="Aucun rapport programmé : programmez-en un ci-dessous." />}
      />
      <ConfirmDialog confirmation={confirmation} title="Supprimer ce rapport programmé ?" confirmLabel="Oui, supprimer le rapport" isPending={remove.isPending}>
        <p>
          {chosen ? `« ${REPORT_TYPE_LABELS[chosen.type]} », ${REPORT_FREQUENCY_LABELS[chosen.frequence].toLowerCase()}, ne sera plus envoyé. ` : null}
          Les envois déjà faits restent téléchargeables pendant un an.
        </p>
      </ConfirmDialog>
    </div>
  );
}

type SendingSort = 'date' | 'contenu';

/** The sendings of the last 12 months, sortable, each workbook downloadable. */
export function ReportSendingsTable({ idClientBscs, sendings }: { idClientBscs: number; sendings: readonly ReportSending[] }) {
  const [sort, setSort] = useState<{ key: SendingSort; order: SortOrder }>({ key: 'date', order: 'desc' });
  const rows = useMemo(() => {
    const sorted = [...sendings].sort((a, b) =>
      sort.key === 'date' ? a.envoyeLe.localeCompare(b.envoyeLe) || a.idEnvoi - b.idEnvoi : REPORT_TYPE_LABELS[a.type].localeCompare(REPORT_TYPE_LABELS[b.type]) || a.envoyeLe.localeCompare(b.envoyeLe),
    );
    return sort.order === 'desc' ? sorted.reverse() : sorted;
  }, [sendings, sort]);

  const columns: DataColumn<ReportSending, SendingSort>[] = [
    { id: 'date', header: 'Envoyé le', label: 'Envoyé le', sortKey: 'date', rowHeader: true, cell: (sending) => moment.format(new Date(sending.envoyeLe)), className: 'whitespace-nowrap' },
    { id: 'contenu', header: 'Contenu', label: 'Contenu', sortKey: 'contenu', cell: (sending) => REPORT_TYPE_LABELS[sending.type] },
    { id: 'periode', header: 'Période', label: 'Période', cell: (sending) => capitalised(reportPeriodLabel(sending.periode)) },
    { id: 'destinataires', header: 'Destinataires', label: 'Destinataires', cell: (sending) => <span className="break-words">{sending.destinataires.join(', ')}</span> },
    {
      id: 'fichier',
      header: 'Classeur',
      card: 'actions',
      cell: (sending) => (
        <DownloadButton
          label={
            <>
              Télécharger<span className="sr-only"> l’envoi du {moment.format(new Date(sending.envoyeLe))}</span> ({sizeText(sending.taille)})
            </>
          }
          path={`${reportsPath(idClientBscs)}/envois/${sending.idEnvoi}/fichier`}
          fallbackName={sending.nomFichier}
        />
      ),
    },
  ];

  return (
    <DataTable
      caption="Envois des 12 derniers mois"
      columns={columns}
      rows={rows}
      rowKey={(sending) => sending.idEnvoi}
      sort={{ ...sort, onSort: (key) => setSort({ key, order: nextSortOrder(sort, key) }) }}
      empty={<EmptyState title="Aucun envoi pour l’instant." />}
    />
  );
}
