import { ChartColumnBig } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { consumptionPath } from '../utils/consumption-path.ts';

/** The line page's way to its consumption. */
export function ConsumptionLinkCard({ idContrat }: { idContrat: number }) {
  const headingId = `conso${useId().replace(/:/g, '')}`;
  return (
    <section aria-labelledby={headingId} className="card space-y-3">
      <h2 id={headingId} className="text-xl font-bold text-primary-strong">
        Consommation
      </h2>
      <p>Appels, SMS, données mobiles et hors forfait des six derniers mois, face à ce que comprend le forfait.</p>
      <Link to={consumptionPath(idContrat)} className="btn-secondary">
        <ChartColumnBig aria-hidden="true" className="size-4" />
        Suivre la consommation
      </Link>
    </section>
  );
}
