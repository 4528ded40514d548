import { LINE_MAX_QUANTITY, SIM_TYPES, type Cart, type CartLine } from '@ecare/shared/add-line';
import { phoneName, type CataloguePhone, type OptionFamily, type optionFamilyListSchema } from '@ecare/shared/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { CheckboxGroupField } from '../../../components/ui/form/checkbox-group-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { optionFamiliesQueryOptions } from '../api/get-option-families.ts';
import { useSaveCartLine } from '../api/save-cart-line.ts';
import { formatCents } from '../utils/add-line-format.ts';
import { useCatalogueKit } from '../utils/catalogue-kit.ts';
import { QuantityField, quantityText } from './quantity-field.tsx';

const PLAN_REQUIRED = 'Veuillez choisir le forfait de la ligne.';
const EQUIPMENT_REQUIRED = 'Veuillez choisir un téléphone ou une carte SIM seule.';
const PHONE_REQUIRED = 'Veuillez choisir le téléphone.';
const COLOUR_REQUIRED = 'Veuillez choisir la couleur du téléphone.';
const SIM_REQUIRED = 'Veuillez choisir une carte SIM ou une eSIM.';

const schema = z
  .object({
    idOffreEngagement: z.string(PLAN_REQUIRED).min(1, PLAN_REQUIRED),
    equipement: z.enum(['MOBILE', 'SIM'], EQUIPMENT_REQUIRED),
    idArticleMobile: z.string(),
    couleur: z.string(),
    typeSim: z.enum(SIM_TYPES, SIM_REQUIRED),
    quantite: quantityText,
    options: z.record(z.string(), z.array(z.string())),
  })
  .superRefine((values, context) => {
    if (values.equipement === 'MOBILE' && values.idArticleMobile === '') context.addIssue({ code: 'custom', path: ['idArticleMobile'], message: PHONE_REQUIRED });
  });
type Values = z.input<typeof schema>;

const ERROR_FIELDS: ApiErrorFields<Values> = {
  ADD_LINE_OFFER_UNAVAILABLE: 'idOffreEngagement',
  ADD_LINE_PHONE_UNAVAILABLE: 'idArticleMobile',
  ADD_LINE_PHONE_OUT_OF_STOCK: 'idArticleMobile',
  ADD_LINE_COLOUR_UNKNOWN: 'couleur',
  ADD_LINE_ESIM_UNSUPPORTED: 'typeSim',
  ADD_LINE_PORTABILITY_SINGLE: 'quantite',
};

interface LineChoiceFormProps {
  idClientBscs: number;
  /** The cart line being changed; null to add one. */
  line: CartLine | null;
  cart: Cart;
  /** The line was saved: its id in the cart. */
  onSaved: (idLigne: number) => void;
}

function defaultsOf(line: CartLine | null, familyOf: Map<number, OptionFamily>): Values {
  const options: Record<string, string[]> = Object.fromEntries([...new Set(familyOf.values())].map((family) => [family, []]));
  for (const option of line?.Options ?? []) {
    const family = familyOf.get(option.IdOption);
    if (family) options[family] = [...(options[family] ?? []), String(option.IdOption)];
  }
  return {
    idOffreEngagement: line ? String(line.IdOffreEngagement) : '',
    equipement: line ? (line.IdArticleMobile === null ? 'SIM' : 'MOBILE') : ('' as Values['equipement']),
    idArticleMobile: line?.IdArticleMobile ? String(line.IdArticleMobile) : '',
    couleur: line?.Couleur ?? '',
    typeSim: line?.TypeSim ?? 'SIM',
    quantite: String(line?.Quantite ?? 1),
    options,
  };
}

function phoneDescription(phone: CataloguePhone): string {
  const network = [phone.cinqG ? '5G' : '4G', phone.esim ? 'eSIM' : null].filter(Boolean).join(', ');
  const stock = phone.disponible ? 'en stock' : 'rupture de stock';
  return `${formatCents(phone.prix.htCentimes)} HT avec ce forfait (${formatCents(phone.prix.ttcCentimes)} TTC) – ${network} – ${stock}`;
}

/**
 * ChoixDesOptions: one line of the cart (a group of identical lines) – plan, phone or SIM only
 * with its colour, SIM or eSIM, quantity and options by family – added or changed. Prices are the
 * catalogue's; the server freezes them in the cart.
 */
export function LineChoiceForm({ idClientBscs, line, cart, onSaved }: LineChoiceFormProps) {
  const families = useQuery(optionFamiliesQueryOptions());
  if (families.isError) return <ReadFailed error={families.error} onRetry={() => void families.refetch()} pending={families.isFetching} />;
  if (!families.data) return <WaitingText>Chargement des options…</WaitingText>;
  const familyOf = new Map(families.data.flatMap((family) => family.options.map((option) => [option.idOption, family.famille] as const)));
  return (
    <LineChoiceFields
      key={line?.IdLigne ?? 'nouvelle'}
      idClientBscs={idClientBscs}
      line={line}
      cart={cart}
      onSaved={onSaved}
      families={families.data}
      defaults={defaultsOf(line, familyOf)}
    />
  );
}

interface LineChoiceFieldsProps extends LineChoiceFormProps {
  families: z.infer<typeof optionFamilyListSchema>;
  defaults: Values;
}

function LineChoiceFields({ idClientBscs, line, cart, onSaved, families, defaults }: LineChoiceFieldsProps) {
  const kit = useCatalogueKit();
  const saveLine = useSaveCartLine(idClientBscs);
  const form = useZodForm(schema, { defaultValues: defaults });
  const [chosenPlan, equipement, chosenPhone, typeSim] = useWatch({ control: form.control, name: ['idOffreEngagement', 'equipement', 'idArticleMobile', 'typeSim'] });
  const plans = kit.usePlans(idClientBscs);
  const idOffreEngagement = chosenPlan ? Number(chosenPlan) : 0;
  // Priced with the chosen plan's commitment (alone until a plan is chosen).
  const phones = kit.usePhones(idClientBscs, idOffreEngagement);
  const phone = phones.data?.mobiles.find((candidate) => String(candidate.idArticle) === chosenPhone) ?? null;

  // Another phone: its only colour chosen for the person, a SIM card when it takes no eSIM.
  useEffect(() => {
    if (!phone) return;
    const colour = form.getValues('couleur');
    if (!phone.couleurs.includes(colour)) form.setValue('couleur', phone.couleurs.length === 1 ? (phone.couleurs[0] ?? '') : '');
    if (!phone.esim && form.getValues('typeSim') === 'ESIM') form.setValue('typeSim', 'SIM');
  }, [phone, form]);

  const sold = (plans.data ?? []).filter((plan) => plan.commercialise || plan.idOffreEngagement === line?.IdOffreEngagement);

  return (
    <Form
      form={form}
      errorFields={ERROR_FIELDS}
      errorSummary="Des informations de la ligne sont à corriger"
      className="space-y-8"
      onSubmit={async (values) => {
        if (values.equipement === 'MOBILE' && phone && phone.couleurs.length > 0 && !phone.couleurs.includes(values.couleur)) {
          form.setError('couleur', { type: 'manual', message: COLOUR_REQUIRED });
          return;
        }
        const before = new Set(cart.Lignes.map((existing) => existing.IdLigne));
        const saved = await saveLine.mutateAsync({
          IdClientBscs: idClientBscs,
          ...(line ? { IdLigne: line.IdLigne } : {}),
          IdOffreEngagement: Number(values.idOffreEngagement),
          IdArticleMobile: values.equipement === 'MOBILE' ? Number(values.idArticleMobile) : null,
          Couleur: values.equipement === 'MOBILE' && values.couleur !== '' ? values.couleur : null,
          TypeSim: values.typeSim,
          Quantite: Number(values.quantite),
          Options: Object.values(values.options)
            .flat()
            .map((idOption) => ({ IdOption: Number(idOption) })),
        });
        const added = saved.Lignes.find((candidate) => !before.has(candidate.IdLigne));
        onSaved(line?.IdLigne ?? added?.IdLigne ?? saved.Lignes.at(-1)?.IdLigne ?? 0);
      }}
    >
      {plans.isError ? (
        <ReadFailed error={plans.error} onRetry={() => void plans.refetch()} pending={plans.isFetching} />
      ) : !plans.data ? (
        <WaitingText>Chargement des forfaits…</WaitingText>
      ) : (
        <RadioGroupField<Values>
          name="idOffreEngagement"
          label="Forfait de la ligne"
          required
          cards
          options={sold.map((plan) => ({
            value: String(plan.idOffreEngagement),
            label: plan.libelle,
            description: `${kit.formatAllowance(plan)} – ${kit.formatCommitment(plan.engagementMois)} – ${formatCents(plan.prixMensuel.htCentimes)} HT par mois (${formatCents(plan.prixMensuel.ttcCentimes)} TTC)`,
          }))}
        />
      )}

      <RadioGroupField<Values>
        name="equipement"
        label="Équipement"
        required
        orientation="horizontal"
        options={[
          { value: 'MOBILE', label: 'Avec un téléphone' },
          { value: 'SIM', label: 'Carte SIM seule' },
        ]}
      />

      {equipement === 'MOBILE' ? (
        idOffreEngagement === 0 ? (
          <p className="text-muted">Choisissez d’abord le forfait : le prix du téléphone en dépend.</p>
        ) : phones.isError ? (
          <ReadFailed error={phones.error} onRetry={() => void phones.refetch()} pending={phones.isFetching} />
        ) : !phones.data ? (
          <WaitingText>Chargement des téléphones…</WaitingText>
        ) : (
          <>
            <RadioGroupField<Values>
              name="idArticleMobile"
              label="Téléphone"
              required
              cards
              options={phones.data.mobiles.map((candidate) => ({
                value: String(candidate.idArticle),
                label: (
                  <span className="flex items-start gap-3">
                    <kit.PhoneImage image={candidate.image} className="h-[72px] w-[48px] shrink-0" />
                    <span>
                      {phoneName(candidate)}
                    </span>
                  </span>
                ),
                description: phoneDescription(candidate),
                isDisabled: !candidate.disponible,
              }))}
            />
            {phone && phone.couleurs.length > 0 ? (
              <RadioGroupField<Values>
                name="couleur"
                label="Couleur"
                required
                orientation="horizontal"
                options={phone.couleurs.map((colour) => ({ value: colour, label: colour }))}
              />
            ) : null}
          </>
        )
      ) : null}

      <RadioGroupField<Values>
        name="typeSim"
        label="Type de carte SIM"
        required
        orientation="horizontal"
        help={phone && !phone.esim ? 'Ce téléphone n’accepte pas l’eSIM.' : 'L’eSIM s’installe par un QR code, sans carte à recevoir.'}
        options={[
          { value: 'SIM', label: 'Carte SIM' },
          { value: 'ESIM', label: 'eSIM', isDisabled: equipement === 'MOBILE' && phone !== null && !phone.esim },
        ]}
      />
      {typeSim === 'ESIM' ? <p className="text-sm text-muted">Le QR code de chaque eSIM vous sera envoyé par e-mail à la mise en service.</p> : null}

      <QuantityField<Values>
        name="quantite"
        label="Nombre de lignes identiques"
        required
        help={`De 1 à ${LINE_MAX_QUANTITY}. Un numéro porté ou conservé concerne une seule ligne.`}
        inputClassName="max-w-32"
      />

      <fieldset className="space-y-4">
        <legend className="text-xl font-bold text-primary-strong">Options</legend>
        <p className="text-sm text-muted">Facultatives, facturées chaque mois en plus du forfait.</p>
        {families.map((family) =>
          family.options.length === 0 ? null : (
            <details key={family.famille} className="rounded-md border border-line p-3" open={(defaults.options[family.famille] ?? []).length > 0}>
              <summary className="cursor-pointer font-semibold">{family.libelle}</summary>
              <CheckboxGroupField<Values>
                name={`options.${family.famille}`}
                label={`Options ${family.libelle}`}
                className="mt-2"
                options={family.options.map((option) => ({
                  value: String(option.idOption),
                  label: `${option.libelle} – ${formatCents(option.prixMensuel.htCentimes)} HT par mois`,
                  description: option.description,
                }))}
              />
            </details>
          ),
        )}
      </fieldset>

      <FormAlert />
      <SubmitButton>{line ? 'Enregistrer les changements de la ligne' : 'Ajouter la ligne au panier'}</SubmitButton>
    </Form>
  );
}
