import { BULK_ACTION_DEFINITIONS, BULK_JOB_STATUS_LABELS, type BulkJob } from '@ecare/shared/bulk-actions';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { useEffect, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useChangeBulkJob } from '../api/change-bulk-job.ts';
import { useBulkJob } from '../api/get-bulk-job.ts';
import { useBulkJobProgress } from '../api/get-bulk-job-progress.ts';
import { bulkJobsPath, running } from '../api/get-bulk-jobs.ts';
import { BulkRowsTable } from './bulk-rows-table.tsx';

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/** "En cours – 1 500 lignes traitées sur 10 000". */
function progressText(job: BulkJob): string {
  const done = job.faits + job.refuses;
  if (job.retourArriere === 'EN_COURS') return 'Retour arrière en cours…';
  if (job.retourArriere === 'TERMINE') return 'Retour arrière terminé : les lignes modifiées ont retrouvé leur valeur d’avant.';
  return `${BULK_JOB_STATUS_LABELS[job.statut]} – ${done.toLocaleString('fr-FR')} lignes traitées sur ${job.total.toLocaleString('fr-FR')} (${job.faits.toLocaleString('fr-FR')} faites, ${job.refuses.toLocaleString('fr-FR')} refusées)`;
}

/**
 * A job: its progress read every second while it runs (the counts alone), its rows and their
 * results (read again every few seconds meanwhile, and once more when it ends), stop and undo.
 */
export function BulkJobView({ idClientBscs, idTraitement }: { idClientBscs: number; idTraitement: number }) {
  const job = useBulkJob(idClientBscs, idTraitement);
  const progress = useBulkJobProgress(idClientBscs, idTraitement, job.data !== undefined && running(job.data));
  const ended = progress.data !== undefined && !running(progress.data);
  const rowsBehind = job.data !== undefined && running(job.data);
  const { refetch } = job;
  useEffect(() => {
    if (ended && rowsBehind) void refetch();
  }, [ended, rowsBehind, refetch]);
  const change = useChangeBulkJob(idClientBscs, idTraitement);
  const stop = useConfirmation();
  const undo = useConfirmation();
  const [error, setError] = useState<unknown>(null);

  async function act(kind: 'annulation' | 'retour-arriere') {
    setError(null);
    const confirmation = kind === 'annulation' ? stop : undo;
    if (!(await confirmation.ask())) return;
    try {
      await change.mutateAsync(kind);
    } catch (failure) {
      setError(failure);
    } finally {
      confirmation.close();
    }
  }

  if (job.isPending) return <WaitingText>Lecture du traitement…</WaitingText>;
  if (job.isError) return <ReadFailed error={job.error} onRetry={() => void job.refetch()} pending={job.isFetching} />;
  // The counts read last, with the rows read last.
  const data = progress.data && progress.dataUpdatedAt > job.dataUpdatedAt ? { ...job.data, ...progress.data } : job.data;
  const done = data.faits + data.refuses;
  const moving = running(data);
  return (
    <div className="space-y-6">
      <section aria-labelledby="avancement" className="card space-y-3">
        <h2 id="avancement" className="text-xl font-bold text-primary-strong">
          {BULK_ACTION_DEFINITIONS[data.action].libelle}
        </h2>
        <p className="text-muted">
          Lancé le {dateTime.format(new Date(data.creeLe))}
          {data.termineLe ? `, ${data.statut === 'ANNULE' ? 'arrêté' : 'terminé'} le ${dateTime.format(new Date(data.termineLe))}` : ''}.
        </p>
        <label htmlFor="progression" className="block font-semibold">
          Avancement
        </label>
        <progress id="progression" className="w-full" max={Math.max(1, data.total)} value={done} aria-describedby="progression-texte" />
        <p id="progression-texte" role="status">
          {progressText(data)}
        </p>
        {error ? <ApiErrorAlert error={error} /> : null}
        <div className="flex flex-wrap gap-2">
          {data.statut === 'EN_ATTENTE' || data.statut === 'EN_COURS' ? (
            <button type="button" className="btn-secondary" onClick={() => void act('annulation')}>
              Arrêter le traitement
            </button>
          ) : null}
          {data.retourArrierePossibleJusquA && !moving ? (
            <button type="button" className="btn-secondary" onClick={() => void act('retour-arriere')}>
              Défaire le traitement
            </button>
          ) : null}
          {!moving ? (
            <DownloadButton label="Télécharger les résultats (CSV)" path={`${bulkJobsPath(idClientBscs)}/${idTraitement}/export`} fallbackName={`traitement-${idTraitement}.csv`} />
          ) : null}
        </div>
        {data.retourArrierePossibleJusquA && !moving ? (
          <p className="text-sm text-muted">Le traitement peut être défait jusqu’au {dateTime.format(new Date(data.retourArrierePossibleJusquA))}.</p>
        ) : null}
      </section>
      <section aria-labelledby="resultats" className="space-y-3">
        <h2 id="resultats" className="text-xl font-bold text-primary-strong">
          Résultats
        </h2>
        <BulkRowsTable rows={data.lignes} caption="Résultat du traitement, ligne par ligne" />
      </section>
      <ConfirmDialog confirmation={stop} title="Arrêter le traitement ?" confirmLabel="Arrêter" isPending={change.isPending}>
        <p>Les lignes déjà traitées le restent ; celles qui ne l’ont pas encore été ne le seront pas.</p>
      </ConfirmDialog>
      <ConfirmDialog confirmation={undo} title="Défaire le traitement ?" confirmLabel="Défaire" isPending={change.isPending}>
        <p>Chaque ligne modifiée retrouvera la valeur qu’elle avait avant le traitement, par les mêmes règles qu’à l’unité.</p>
      </ConfirmDialog>
    </div>
  );
}
