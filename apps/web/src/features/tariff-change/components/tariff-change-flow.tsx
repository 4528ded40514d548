import {
  TARIFF_CHANGE_ACTION_LABELS,
  TARIFF_CHANGE_TIMING_LABELS,
  type TariffChangeAnswer,
  type TariffChangeRequest,
  type TariffPlan,
  type TariffTarget,
} from '@ecare/shared/tariff-change';
import { planPhrase } from '@ecare/shared/offers';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { CheckAnswers } from '../../../components/ui/check-answers.tsx';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { formatCents, formatDay, signedCents } from '../utils/tariff-change-format.ts';
import { useTariffBlock } from '../api/get-tariff-block.ts';
import { useTariffDates } from '../api/get-tariff-dates.ts';
import { useTariffInProgress } from '../api/get-tariff-in-progress.ts';
import { useTariffTargets } from '../api/get-tariff-targets.ts';
import { useSubmitTariffChange } from '../api/submit-tariff-change.ts';
import { PendingTariffChange } from './pending-tariff-change.tsx';

const PLAN_REQUIRED = 'Veuillez choisir le nouveau forfait.';
const DATE_REQUIRED = 'Veuillez choisir la date d’effet du changement.';
const ACTION_REQUIRED = 'Veuillez choisir d’appliquer ou de renoncer au droit DR14.';
const schema = z.object({
  idOffreCible: z.string(PLAN_REQUIRED).min(1, PLAN_REQUIRED),
  effet: z.string(DATE_REQUIRED).min(1, DATE_REQUIRED),
  action: z.string(ACTION_REQUIRED).min(1, ACTION_REQUIRED),
});
type Values = z.input<typeof schema>;

function allowance(plan: TariffPlan): string {
  if (plan.dataIllimitee) return 'Internet illimité';
  if (plan.dataMo === null) return 'Sans internet mobile';
  return plan.dataMo >= 1024 ? `${Math.round(plan.dataMo / 1024)} Go` : `${plan.dataMo} Mo`;
}

function commitmentText(months: number): string {
  return months === 0 ? 'sans engagement' : `engagement ${months} mois`;
}

function targetDescription(target: TariffTarget): string {
  const zones = target.zones.length > 0 ? ` – ${target.zones.join(', ')}` : '';
  return `${formatCents(target.prixMensuelHtCentimes)} HT / mois (${formatCents(target.prixMensuelTtcCentimes)} TTC), soit ${signedCents(target.differenceHtCentimes)} HT et ${signedCents(target.differenceTtcCentimes)} TTC par mois. ${allowance(target)}${zones}, ${commitmentText(target.engagementMois)}.`;
}

interface TariffChangeFlowProps {
  idContrat: number;
  linePath: string;
}

/**
 * A line's tariff change (decision 037): the block check (unpaid balance first), the pending
 * change with its cancellation, or the choice of plan, date and DR14, a recap with its PDF, and
 * the confirmation.
 */
export function TariffChangeFlow({ idContrat, linePath }: TariffChangeFlowProps) {
  const block = useTariffBlock(idContrat);
  const inProgress = useTariffInProgress(idContrat);
  const manager = block.data !== undefined && block.data.code !== 'GESTIONNAIRE_SEUL';
  const targets = useTariffTargets(idContrat, manager);
  const [recorded, setRecorded] = useState<TariffChangeAnswer | null>(null);
  const [cancelled, setCancelled] = useState<TariffChangeAnswer | null>(null);

  if (block.error) return <ReadFailed error={block.error} onRetry={() => void block.refetch()} pending={block.isFetching} />;
  if (inProgress.error) return <ReadFailed error={inProgress.error} onRetry={() => void inProgress.refetch()} pending={inProgress.isFetching} />;
  if (block.isPending || inProgress.isPending) return <WaitingText>Chargement du changement de forfait…</WaitingText>;

  if (cancelled) {
    return (
      <Alert tone="success" title="Le changement de forfait est annulé">
        <p>La ligne garde son {planPhrase(cancelled.offreActuelle.libelle)}. Un e-mail de confirmation de l’annulation vous a été envoyé.</p>
        <Link to={linePath} className="link">
          Retour à la ligne
        </Link>
      </Alert>
    );
  }
  if (recorded && recorded.statut === 'APPLIQUE') {
    return (
      <Alert tone="success" title="Votre nouveau forfait est actif">
        <p>
          La ligne est passée au {planPhrase(recorded.offreCible.libelle)} le {formatDay(recorded.dateEffet)}. Un e-mail de confirmation, avec le récapitulatif au
          format PDF, vous a été envoyé.
        </p>
        <DownloadButton path={`/api/chgmttarif/recapitulatif/${recorded.idChangement}`} label="Télécharger le récapitulatif (PDF)" fallbackName="changement-forfait.pdf" />
        <Link to={linePath} className="link">
          Retour à la ligne
        </Link>
      </Alert>
    );
  }

  const pending = inProgress.data.changement;
  if (pending) {
    return <PendingTariffChange change={pending} justRecorded={recorded?.idChangement === pending.idChangement} onCancelled={setCancelled} />;
  }
  if (block.data.bloque) {
    return (
      <Alert tone={block.data.code === 'IMPAYES' ? 'error' : 'info'} title="Le forfait de cette ligne ne peut pas être changé pour le moment">
        <p>{block.data.message}</p>
        {block.data.code === 'IMPAYES' ? (
          <Link to={PATHS.accountPayment} className="link">
            Payer mes factures
          </Link>
        ) : (
          <Link to={linePath} className="link">
            Retour à la ligne
          </Link>
        )}
      </Alert>
    );
  }
  if (targets.error) return <ReadFailed error={targets.error} onRetry={() => void targets.refetch()} pending={targets.isFetching} />;
  if (targets.isPending) return <WaitingText>Chargement des forfaits…</WaitingText>;
  return <TariffChangeForm idContrat={idContrat} current={targets.data.offreActuelle} targets={targets.data.offres} dateFinEngagement={targets.data.dateFinEngagement} serviceClient={block.data.serviceClient} onRecorded={setRecorded} />;
}

interface TariffChangeFormProps {
  idContrat: number;
  current: TariffPlan;
  targets: readonly TariffTarget[];
  dateFinEngagement: string | null;
  serviceClient: boolean;
  onRecorded: (change: TariffChangeAnswer) => void;
}

function TariffChangeForm({ idContrat, current, targets, dateFinEngagement, serviceClient, onRecorded }: TariffChangeFormProps) {
  const form = useZodForm(schema, { defaultValues: { idOffreCible: '', effet: '', action: '' } });
  const chosen = useWatch({ control: form.control, name: 'idOffreCible' });
  const idOffreCible = chosen ? Number(chosen) : null;
  const dates = useTariffDates(idContrat, idOffreCible);
  const submit = useSubmitTariffChange();
  const [request, setRequest] = useState<TariffChangeRequest | null>(null);
  const recapHeading = useRef<HTMLHeadingElement>(null);

  // A new target clears the date and DR14 choices that may no longer be allowed.
  useEffect(() => {
    form.setValue('effet', '');
    form.setValue('action', '');
  }, [chosen, form]);

  useEffect(() => {
    if (request) recapHeading.current?.focus();
  }, [request]);

  const target = targets.find((plan) => plan.idOffreEngagement === idOffreCible) ?? null;

  if (request && target) {
    const date = dates.data?.dates.find((d) => d.type === request.effet);
    return (
      <div className="space-y-6">
        <h2 ref={recapHeading} tabIndex={-1} className="text-xl font-bold text-primary-strong">
          Vérifiez votre demande
        </h2>
        <CheckAnswers
          title="Votre changement de forfait"
          headingLevel={3}
          rows={[
            { label: 'Forfait actuel', value: `${current.libelle} – ${formatCents(current.prixMensuelHtCentimes)} HT / mois` },
            { label: 'Nouveau forfait', value: `${target.libelle} – ${formatCents(target.prixMensuelHtCentimes)} HT / mois` },
            { label: 'Différence par mois', value: `${signedCents(target.differenceHtCentimes)} HT, soit ${signedCents(target.differenceTtcCentimes)} TTC` },
            { label: 'Date d’effet', value: `${TARIFF_CHANGE_TIMING_LABELS[request.effet]}${date ? ` : le ${formatDay(date.date)}` : ''}` },
            { label: 'Droit DR14', value: TARIFF_CHANGE_ACTION_LABELS[request.action].titre },
          ]}
        />
        <DownloadButton
          path="/api/chgmttarif/recapitulatif"
          method="POST"
          json={request}
          label="Télécharger le récapitulatif (PDF)"
          fallbackName="changement-forfait.pdf"
        />
        {submit.error ? <ApiErrorAlert error={submit.error} /> : null}
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-primary"
            disabled={submit.isPending}
            onClick={() => submit.mutate(request, { onSuccess: onRecorded })}
          >
            {submit.isPending ? <Spinner small /> : null}
            Confirmer le changement de forfait
          </button>
          <button type="button" className="btn-secondary" disabled={submit.isPending} onClick={() => setRequest(null)}>
            Modifier ma demande
          </button>
        </div>
      </div>
    );
  }

  return (
    <Form
      form={form}
      className="space-y-8"
      onSubmit={(values) =>
        setRequest({
          idContrat,
          idOffreCible: Number(values.idOffreCible),
          effet: values.effet as TariffChangeRequest['effet'],
          action: values.action as TariffChangeRequest['action'],
        })
      }
    >
      <section aria-labelledby="forfait-actuel" className="card space-y-1">
        <h2 id="forfait-actuel" className="text-xl font-bold text-primary-strong">
          Votre forfait actuel
        </h2>
        <p className="font-semibold">{current.libelle}</p>
        <p>
          {formatCents(current.prixMensuelHtCentimes)} HT par mois, soit {formatCents(current.prixMensuelTtcCentimes)} TTC. {current.description}.
        </p>
        <p className="text-muted">{dateFinEngagement ? `Engagement jusqu’au ${formatDay(dateFinEngagement)}.` : 'Sans engagement en cours.'}</p>
      </section>

      <RadioGroupField<Values>
        name="idOffreCible"
        label="Choisissez votre nouveau forfait"
        required
        cards
        options={targets.map((plan) => ({ value: String(plan.idOffreEngagement), label: plan.libelle, description: targetDescription(plan) }))}
      />

      {idOffreCible === null ? null : dates.error ? (
        <ApiErrorAlert error={dates.error} />
      ) : dates.isPending ? (
        <WaitingText>Chargement des dates d’effet…</WaitingText>
      ) : (
        <>
          <RadioGroupField<Values>
            name="effet"
            label="Quand le changement doit-il prendre effet ?"
            required
            help={serviceClient ? 'En mode conseiller, le changement est programmé : le client peut l’annuler jusqu’à la veille.' : undefined}
            options={dates.data.dates.map((d) => ({
              value: d.type,
              label: `${TARIFF_CHANGE_TIMING_LABELS[d.type]} : le ${formatDay(d.date)}`,
              description: d.raison ?? (d.type === 'IMMEDIAT' ? 'La prochaine facture compte le nouveau forfait au prorata.' : 'Le mois en cours reste au forfait actuel.'),
              isDisabled: !d.autorise,
            }))}
          />
          <RadioGroupField<Values>
            name="action"
            label="Droit DR14 : votre engagement"
            required
            help="Le droit DR14 vous permet de garder votre engagement actuel en changeant de forfait, ou d’y renoncer pour repartir sur l’engagement du nouveau forfait."
            options={(['Application_de_DR14', 'Renonciation_de_DR14'] as const).map((name) => ({
              value: name,
              label: TARIFF_CHANGE_ACTION_LABELS[name].titre,
              description: TARIFF_CHANGE_ACTION_LABELS[name].explication,
              isDisabled: !dates.data.actions.includes(name),
            }))}
          />
        </>
      )}
      <SubmitButton>Vérifier ma demande</SubmitButton>
    </Form>
  );
}
