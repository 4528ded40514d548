import { CalendarX2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTerminationInProgress } from '../api/get-termination-in-progress.ts';
import { formatDay } from '../utils/termination-format.ts';
import { terminationPath } from '../utils/termination-steps.ts';

/** The line page's way to its termination, and the termination scheduled on it, if any. */
export function TerminationLineCard({ idContrat, terminated }: { idContrat: number; terminated: boolean }) {
  const headingId = `resiliation${useId().replace(/:/g, '')}`;
  const scheduled = useTerminationInProgress(idContrat);
  if (terminated) return null;
  const planned = scheduled.data ?? null;
  return (
    <section aria-labelledby={headingId} className="card space-y-3">
      <h2 id={headingId} className="text-xl font-bold text-primary-strong">
        Résiliation
      </h2>
      {planned ? (
        <p className="font-semibold">Résiliation programmée le {formatDay(planned.dateEffet)}</p>
      ) : (
        <p>Motif, frais de résiliation anticipée selon votre engagement, justificatifs, puis confirmation par e-mail.</p>
      )}
      <Link to={terminationPath(idContrat)} className="btn-secondary">
        <CalendarX2 aria-hidden="true" className="size-4" />
        {planned ? 'Voir ou annuler la résiliation' : 'Résilier la ligne'}
      </Link>
    </section>
  );
}
