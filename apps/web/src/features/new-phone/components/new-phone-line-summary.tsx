import type { NewPhoneEligibility } from '@ecare/shared/new-phone';
import { formatPhone } from '@ecare/shared/phone';
import { formatDay } from '../utils/new-phone-format.ts';

/** The line the phone is for: its number and plan, its commitment, and the price it pays (decision 039). */
export function LineSummary({ eligibility }: { eligibility: NewPhoneEligibility }) {
  const { ligne, tarif, dateRenouvellement } = eligibility;
  return (
    <section aria-labelledby="ligne-concernee" className="card space-y-1">
      <h2 id="ligne-concernee" className="text-xl font-bold text-primary-strong">
        Votre ligne
      </h2>
      <p className="font-semibold">
        {formatPhone(ligne.numeroLigne)} – {ligne.offre.libelle}
      </p>
      <p>{ligne.dateFinEngagement ? `Engagement jusqu’au ${formatDay(ligne.dateFinEngagement)}.` : 'Sans engagement en cours.'}</p>
      <p className="text-muted">
        {tarif === 'RENOUVELLEMENT'
          ? 'Votre ligne bénéficie du prix de renouvellement (prix avec forfait).'
          : `Prix du téléphone seul : le prix de renouvellement vous sera proposé à partir du ${formatDay(dateRenouvellement ?? '')}.`}
      </p>
    </section>
  );
}
