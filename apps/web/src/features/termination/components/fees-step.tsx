import { countOf } from '@ecare/shared/french-plural';
import { planPhrase } from '@ecare/shared/offers';
import { TERMINATION_FEES_RULE, type TerminationCommitment } from '@ecare/shared/termination';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { WaitingText } from '../../../components/ui/query-states.tsx';
import { useFees } from '../api/get-fees.ts';
import { formatCents, formatDay } from '../utils/termination-format.ts';
import { FeesTable } from './fees-table.tsx';

/** « Forfait Pro 50 Go », « Forfait Box Pro Fibre »: a plan's phrase opening a sentence. */
const sentence = (text: string) => text.charAt(0).toLocaleUpperCase('fr-FR') + text.slice(1);

/** The effective date as the server bounds it (from the commitment's window). */
function dateSchema(commitment: TerminationCommitment) {
  const outOfRange = `Choisissez une date entre le ${formatDay(commitment.dateEffetMin)} et le ${formatDay(commitment.dateEffetMax)}.`;
  return z.object({
    dateEffet: z.iso.date('Veuillez indiquer une date valide.').refine((day) => day >= commitment.dateEffetMin && day <= commitment.dateEffetMax, outOfRange),
  });
}

interface FeesStepProps {
  commitment: TerminationCommitment;
  /** The reason the fees depend on: the sub-reason when one is chosen. */
  idMotifFrais: number;
  dateEffet: string | null;
  onChosen: (dateEffet: string) => void | Promise<void>;
  onBack: () => void;
}

/** Step 3: the commitment left, the effective date and the fees it gives. */
export function FeesStep({ commitment, idMotifFrais, dateEffet, onChosen, onBack }: FeesStepProps) {
  const schema = dateSchema(commitment);
  const porting = commitment.datePortabiliteSortante;
  const form = useZodForm(schema, {
    defaultValues: { dateEffet: porting ?? dateEffet ?? commitment.dateEffetMin },
    messages: { dateEffet: { required: 'Veuillez indiquer la date d’effet de la résiliation.', invalid: 'Veuillez indiquer une date valide.' } },
  });
  const chosen = useWatch({ control: form.control, name: 'dateEffet' });
  const valid = typeof chosen === 'string' && schema.safeParse({ dateEffet: chosen }).success;
  const fees = useFees(valid ? { idContrat: commitment.idContrat, idMotif: idMotifFrais, dateEffet: chosen } : null);

  return (
    <Form form={form} className="space-y-6" onSubmit={(values) => onChosen(values.dateEffet)}>
      <section aria-labelledby="engagement-titre" className="space-y-2">
        <h2 id="engagement-titre" className="text-xl font-bold text-primary-strong">
          Votre engagement
        </h2>
        <p>
          {sentence(planPhrase(commitment.libelleOffre))}, {formatCents(commitment.mensualiteHtCentimes)} HT par mois.{' '}
          {commitment.dateFinEngagement
            ? `Engagement de ${countOf(commitment.dureeEngagementMois, 'mois')} jusqu’au ${formatDay(commitment.dateFinEngagement)}.`
            : 'Cette ligne n’a pas de période d’engagement.'}
        </p>
        <p className="text-sm text-muted">{TERMINATION_FEES_RULE}</p>
      </section>
      {porting ? (
        <Alert tone="info" title="Portabilité en cours">
          Votre numéro part chez un autre opérateur le {formatDay(porting)}&nbsp;: la résiliation prend effet ce jour-là.
        </Alert>
      ) : (
        <TextField<z.input<typeof schema>>
          name="dateEffet"
          label="Date d’effet de la résiliation"
          required
          type="date"
          min={commitment.dateEffetMin}
          max={commitment.dateEffetMax}
          help={`Au plus tôt le ${formatDay(commitment.dateEffetMin)}, au plus tard le ${formatDay(commitment.dateEffetMax)}. La ligne fonctionne jusqu’à la veille.`}
          inputClassName="max-w-xs"
        />
      )}
      <section aria-labelledby="frais-titre" aria-busy={fees.isFetching} className="space-y-3">
        <h2 id="frais-titre" className="text-xl font-bold text-primary-strong">
          Frais de résiliation
        </h2>
        {!valid ? <p className="text-muted">Choisissez une date d’effet pour voir les frais.</p> : null}
        {valid && fees.isPending ? <WaitingText>Calcul des frais…</WaitingText> : null}
        {fees.error ? <ApiErrorAlert error={fees.error} /> : null}
        {valid && fees.data ? (
          <>
            <p>
              {fees.data.moisRestants > 0
                ? `Engagement restant à courir au ${formatDay(fees.data.dateEffet)}\u00a0: ${countOf(fees.data.moisRestants, 'mois')}.`
                : `Aucune période d’engagement ne reste à courir au ${formatDay(fees.data.dateEffet)}.`}
            </p>
            <FeesTable fees={fees.data} caption="Détail des frais de résiliation anticipée" />
            {fees.data.exonere ? <p className="text-sm text-muted">L’exonération s’applique sur présentation du justificatif demandé.</p> : null}
          </>
        ) : null}
      </section>
      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <SubmitButton>Continuer</SubmitButton>
        <button type="button" className="btn-secondary" onClick={onBack}>
          Retour
        </button>
      </div>
    </Form>
  );
}
