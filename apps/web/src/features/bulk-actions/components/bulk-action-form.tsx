import {
  BULK_ACTION_DEFINITIONS,
  BULK_ACTIONS,
  BULK_CSV_MAX_BYTES,
  bulkActionFormSchema,
  bulkParametersOf,
  type BulkAction,
  type BulkSimulation,
} from '@ecare/shared/bulk-actions';
import { LINE_LABEL_LENGTH_MAX, LINE_LABELS_MAX } from '@ecare/shared/cost-centres';
import { BARRING_SERVICE_DESCRIPTIONS, BARRING_SERVICE_NAMES, BARRING_SERVICES } from '@ecare/shared/line-barrings';
import { DIRECTORY_LISTINGS } from '@ecare/shared/lines';
import { TARIFF_CHANGE_ACTION_LABELS, TARIFF_CHANGE_ACTION_NAMES } from '@ecare/shared/tariff-change';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlertError } from '../../../components/ui/form/api-error-to-form.ts';
import { FileField } from '../../../components/ui/form/file-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { UploadStatus, useUpload, type Transfer } from '../../../components/ui/upload.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useSimulateBulkAction, useStartBulkAction, type BulkCall } from '../api/start-bulk-action.ts';
import { BulkRowsTable } from './bulk-rows-table.tsx';

const LISTING_LABELS: Record<(typeof DIRECTORY_LISTINGS)[number], string> = {
  LISTE_ROUGE: 'Liste rouge (numéro non publié)',
  LISTE_ORANGE: 'Liste orange (publié, sans prospection commerciale)',
  PARUTION: 'Parution dans l’annuaire',
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n === 1 ? one : many}`;

interface BulkActionFormProps {
  idClientBscs: number;
  /** The lines chosen in the fleet list; without them, the lines come from a CSV file. */
  lignes: readonly number[] | null;
  /** Where a started job is followed. */
  jobPath: (idTraitement: number) => string;
  /** The account's cost centres, as the choice of the centre action offers them. */
  centres: readonly { value: string; label: string }[];
  /** The plans the account's lines may move to, as the plan change offers them. */
  offres: readonly { value: string; label: string }[];
  /** Told of the action chosen: the plans are read only once the plan change is. */
  onActionChange?: (action: BulkAction) => void;
}

/**
 * A bulk action in three steps: the action and its parameters, then the dry run (every row OK or
 * refused with its reason, nothing changed), then the confirmation, which starts the job and opens
 * its page.
 */
export function BulkActionForm({ idClientBscs, lignes, jobPath, centres, offres, onActionChange }: BulkActionFormProps) {
  const form = useZodForm(bulkActionFormSchema, {
    defaultValues: { action: 'ANNUAIRE', inscriptionAnnuaire: '', donnees: '', serviceBarrage: '', barrage: '', idCentre: '', modeEtiquettes: 'AJOUTER', etiquettes: '', idOffreCible: '', dr14: '', fichier: null },
  });
  const action = useWatch({ control: form.control, name: 'action' });
  useEffect(() => onActionChange?.(action), [action, onActionChange]);
  const simulate = useSimulateBulkAction(idClientBscs);
  const start = useStartBulkAction(idClientBscs);
  const confirmation = useConfirmation();
  const navigate = useNavigate();
  const [dryRun, setDryRun] = useState<{ call: BulkCall; result: BulkSimulation } | null>(null);
  /** Why the job did not start: the server's refusal, or the file's sending stopped. */
  const [startError, setStartError] = useState<string | null>(null);
  // A CSV file goes up with its progress, at the dry run and again at the start.
  const upload = useUpload();
  const sent = <T,>(call: BulkCall, request: (transfer?: Transfer) => Promise<T>, stopped: string): Promise<T> =>
    call.source.kind === 'csv' ? upload.send((transfer) => request(transfer), { total: call.source.file.size, stopped }) : request();

  async function onSubmit(values: ReturnType<typeof bulkActionFormSchema.parse>) {
    setDryRun(null);
    let source: BulkCall['source'];
    if (lignes) source = { kind: 'lignes', ids: lignes };
    else if (values.fichier instanceof File) source = { kind: 'csv', file: values.fichier };
    else {
      form.setError('fichier', { message: 'Choisissez le fichier CSV des numéros de ligne.' }, { shouldFocus: true });
      return;
    }
    const call: BulkCall = { action: values.action, parametres: bulkParametersOf(values), source };
    const result = await sent(call, (transfer) => simulate.mutateAsync({ call, transfer }), 'L’envoi du fichier a été arrêté\u00a0: rien n’a été simulé.');
    setDryRun({ call, result });
  }

  async function launch() {
    if (!dryRun) return;
    setStartError(null);
    if (!(await confirmation.ask())) return;
    try {
      const { call } = dryRun;
      const { idTraitement } = await sent(call, (transfer) => start.mutateAsync({ call, transfer }), 'L’envoi du fichier a été arrêté\u00a0: l’action n’a pas été lancée.');
      confirmation.close();
      await navigate(jobPath(idTraitement));
    } catch (error) {
      confirmation.close();
      setStartError(error instanceof FormAlertError ? error.message : apiErrorMessage(error));
    }
  }

  const result = dryRun?.result;
  const ok = result ? result.total - result.refuses : 0;
  return (
    <div className="space-y-6">
      <Form form={form} className="space-y-4" onSubmit={onSubmit}>
        <p>{lignes ? `${count(lignes.length, 'ligne choisie', 'lignes choisies')} dans la liste des lignes.` : 'Les lignes sont celles des numéros du fichier CSV.'}</p>
        <SelectField
          name="action"
          label="Action"
          required
          placeholder="Choisissez une action"
          options={BULK_ACTIONS.filter((name) => lignes === null || name !== 'UTILISATEUR').map((name) => ({ value: name, label: BULK_ACTION_DEFINITIONS[name].libelle }))}
        />
        {action === 'ANNUAIRE' ? (
          <SelectField
            name="inscriptionAnnuaire"
            label="Inscription à l’annuaire"
            required
            placeholder="Choisissez l’inscription"
            options={DIRECTORY_LISTINGS.map((value) => ({ value, label: LISTING_LABELS[value] }))}
          />
        ) : null}
        {action === 'DONNEES' ? (
          <RadioGroupField
            name="donnees"
            label="Données mobiles"
            required
            options={[
              { value: 'SUSPENDRE', label: 'Suspendre les données' },
              { value: 'RETABLIR', label: 'Rétablir les données' },
            ]}
          />
        ) : null}
        {action === 'BARRAGE' ? (
          <>
            <RadioGroupField
              name="serviceBarrage"
              label="Service"
              required
              options={BARRING_SERVICES.map((value) => ({ value, label: BARRING_SERVICE_NAMES[value], description: BARRING_SERVICE_DESCRIPTIONS[value] }))}
            />
            <RadioGroupField
              name="barrage"
              label="Bloquer ou autoriser ?"
              required
              help="Chaque ligne garde l’autre service tel qu’il est."
              options={[
                { value: 'BLOQUER', label: 'Bloquer le service' },
                { value: 'AUTORISER', label: 'Autoriser le service' },
              ]}
            />
          </>
        ) : null}
        {action === 'CENTRE_DE_COUT' ? (
          <SelectField
            name="idCentre"
            label="Centre de coût"
            required
            placeholder="Choisissez le centre"
            options={[{ value: 'aucun', label: 'Aucun centre de coût' }, ...centres]}
          />
        ) : null}
        {action === 'ETIQUETTES' ? (
          <>
            <RadioGroupField
              name="modeEtiquettes"
              label="Que faire des étiquettes ?"
              required
              options={[
                { value: 'AJOUTER', label: 'Les ajouter à celles de chaque ligne' },
                { value: 'RETIRER', label: 'Les retirer de chaque ligne' },
                { value: 'REMPLACER', label: 'Remplacer les étiquettes de chaque ligne (vide : les retirer toutes)' },
              ]}
            />
            <TextField
              name="etiquettes"
              label="Étiquettes"
              help={`Séparées par des virgules ; ${LINE_LABELS_MAX} au plus par ligne, de ${LINE_LABEL_LENGTH_MAX} caractères chacune.`}
              autoComplete="off"
            />
          </>
        ) : null}
        {action === 'CHANGEMENT_OFFRE' ? (
          <>
            <SelectField
              name="idOffreCible"
              label="Nouveau forfait"
              required
              placeholder={offres.length === 0 ? 'Chargement des forfaits…' : 'Choisissez le forfait'}
              help="Chaque ligne passe à ce forfait au début de sa prochaine période de facturation, si elle le peut : la simulation donne la date de chacune, ou la raison du refus (ligne non active, changement déjà programmé, forfait d’une autre gamme…)."
              options={offres}
            />
            <RadioGroupField
              name="dr14"
              label="Droit DR14 : l’engagement des lignes"
              required
              options={TARIFF_CHANGE_ACTION_NAMES.map((name) => ({ value: name, label: TARIFF_CHANGE_ACTION_LABELS[name].titre, description: TARIFF_CHANGE_ACTION_LABELS[name].explication }))}
            />
          </>
        ) : null}
        {lignes === null ? (
          <FileField
            name="fichier"
            label="Fichier CSV des numéros de ligne"
            accept=".csv,text/csv"
            help={
              action === 'UTILISATEUR'
                ? 'Une ligne par numéro, puis le prénom, le nom et l’adresse e-mail de l’utilisateur, séparés par des points-virgules ; en-tête facultatif.'
                : `Un numéro par ligne, dans tout format (06 12 34 56 78, +33 6…) ; en-tête facultatif ; ${BULK_CSV_MAX_BYTES / 1024 / 1024} Mo au plus.`
            }
          />
        ) : null}
        <UploadStatus upload={upload} announcement="L’envoi du fichier a commencé." />
        <FormAlert />
        <SubmitButton>Simuler l’action</SubmitButton>
      </Form>

      {result ? (
        <section aria-labelledby="simulation" className="space-y-4">
          <h2 id="simulation" className="text-xl font-bold text-primary-strong">
            Simulation
          </h2>
          <p role="status">
            Rien n’a encore été changé. {count(ok, 'ligne serait modifiée', 'lignes seraient modifiées')}, {count(result.refuses, 'refusée', 'refusées')}.
          </p>
          <BulkRowsTable rows={result.lignes} caption="Résultat de la simulation, ligne par ligne" />
          {startError ? (
            <Alert tone="error" className="my-4">
              <p className="font-semibold">{startError}</p>
            </Alert>
          ) : null}
          {ok > 0 ? (
            <button type="button" className="btn-primary" onClick={() => void launch()}>
              Lancer l’action sur {count(ok, 'ligne', 'lignes')}
            </button>
          ) : null}
        </section>
      ) : null}
      <ConfirmDialog confirmation={confirmation} title="Lancer l’action groupée ?" confirmLabel="Lancer l’action" isPending={start.isPending}>
        <p>
          {dryRun ? BULK_ACTION_DEFINITIONS[dryRun.call.action].libelle : ''} : {count(ok, 'ligne sera modifiée', 'lignes seront modifiées')}, chacune par les mêmes
          règles qu’à l’unité. Vous suivrez l’avancement sur la page du traitement et pourrez l’arrêter, puis le défaire dans les 15 minutes qui suivent sa fin.
        </p>
        {start.isPending ? <UploadStatus upload={upload} announcement="L’envoi du fichier a commencé." /> : null}
      </ConfirmDialog>
    </div>
  );
}
