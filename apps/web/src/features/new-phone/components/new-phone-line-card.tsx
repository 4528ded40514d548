import { Smartphone } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { newPhonePath } from '../utils/new-phone-format.ts';

/** The line page's way to a new phone for the line (decision 039), next to its tariff change. */
export function NewPhoneLineCard({ idContrat, active }: { idContrat: number; active: boolean }) {
  const headingId = `telephone${useId().replace(/:/g, '')}`;
  if (!active) return null;
  return (
    <section aria-labelledby={headingId} className="card space-y-3">
      <h2 id={headingId} className="text-xl font-bold text-primary-strong">
        Téléphone
      </h2>
      <p>Choisissez un nouveau téléphone pour cette ligne, au prix de renouvellement dès trois mois avant la fin de votre engagement.</p>
      <Link to={newPhonePath(idContrat)} className="btn-secondary">
        <Smartphone aria-hidden="true" className="size-4" />
        Nouveau téléphone
      </Link>
    </section>
  );
}
