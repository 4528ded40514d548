import { planPhrase } from '@ecare/shared/offers';
import { ArrowLeftRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../utils/tariff-change-format.ts';
import { useTariffInProgress } from '../api/get-tariff-in-progress.ts';
import { tariffChangePath } from '../api/paths.ts';

/** The line page's way to its tariff change, and the change scheduled on it, if any. */
export function TariffChangeLineCard({ idContrat, active }: { idContrat: number; active: boolean }) {
  const headingId = `forfait${useId().replace(/:/g, '')}`;
  const pending = useTariffInProgress(idContrat);
  if (!active) return null;
  const planned = pending.data?.changement ?? null;
  return (
    <section aria-labelledby={headingId} className="card space-y-3">
      <h2 id={headingId} className="text-xl font-bold text-primary-strong">
        Forfait
      </h2>
      {planned ? (
        <p className="font-semibold">
          Passage au {planPhrase(planned.offreCible.libelle)} le {formatDay(planned.dateEffet)}
        </p>
      ) : (
        <p>Comparez les forfaits de la gamme, choisissez la date d’effet et votre engagement, puis confirmez.</p>
      )}
      <Link to={tariffChangePath(idContrat)} className="btn-secondary">
        <ArrowLeftRight aria-hidden="true" className="size-4" />
        {planned ? 'Voir ou annuler le changement de forfait' : 'Changer de forfait'}
      </Link>
    </section>
  );
}
