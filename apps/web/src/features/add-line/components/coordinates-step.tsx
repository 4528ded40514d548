import { DELIVERY_MODES, shopAddressSchema, type DeliveryMode } from '@ecare/shared/add-line';
import type { Address } from '@ecare/shared/accounts';
import { ORDER_PAYMENT_MODE, ORDER_PAYMENT_MODE_LABELS } from '@ecare/shared/shop';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { ComboBoxField } from '../../../components/ui/form/combo-box-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { checkAddress, useCommunes, usePointsOfSale } from '../api/add-line-requests.ts';
import type { CoordinatesDraft } from '../utils/add-line-draft.ts';

const DELIVERY_REQUIRED = 'Veuillez choisir où recevoir la commande.';
const SHOP_REQUIRED = 'Veuillez choisir la boutique où retirer la commande.';
const CITY_REQUIRED = 'Veuillez choisir la ville dans la liste.';
const PAYMENT_REQUIRED = 'Veuillez choisir le mode de paiement.';
/** Card payment of an order waits for the payment provider's link (decision 038). */
export const CARD_SOON = 'Le paiement par carte des commandes sera bientôt disponible.';

const schema = z
  .object({
    livraison: z.enum(DELIVERY_MODES, DELIVERY_REQUIRED),
    destinataire: z.string(),
    numero: z.string(),
    voie: z.string(),
    complement: z.string(),
    codePostal: z.string(),
    ville: z.string().nullable(),
    idPointDeVente: z.string().nullable(),
    modePaiement: z.literal(String(ORDER_PAYMENT_MODE.Virement), PAYMENT_REQUIRED),
  })
  .superRefine((values, context) => {
    if (values.livraison === 'POINT_DE_VENTE' && !values.idPointDeVente) context.addIssue({ code: 'custom', path: ['idPointDeVente'], message: SHOP_REQUIRED });
    if (values.livraison !== 'AUTRE_ADRESSE') return;
    const checked = shopAddressSchema.safeParse({ ...values, ville: values.ville ?? '' });
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        context.addIssue({ code: 'custom', path: [String(field)], message: field === 'ville' ? CITY_REQUIRED : issue.message });
      }
  });
type Values = z.input<typeof schema>;

const ERROR_FIELDS: ApiErrorFields<Values> = {
  ADD_LINE_POSTCODE_UNKNOWN: 'codePostal',
  ADD_LINE_CITY_MISMATCH: 'ville',
  ADD_LINE_POINT_OF_SALE_UNKNOWN: 'idPointDeVente',
};

interface CoordinatesStepProps {
  draft: CoordinatesDraft;
  /** The billing account's address, the default delivery. */
  accountAddress: Address & { raisonSociale: string };
  /** Every change is kept (a reload or going back finds it); `complet` once the step is sent and checked. */
  onChange: (draft: CoordinatesDraft) => void;
  onNext: () => void;
}

/** The delivery address as typed. */
const addressOf = ({ destinataire, numero, voie, complement, codePostal, ville }: Values) => ({ destinataire, numero, voie, complement, codePostal, ville: ville ?? '' });

const toDraft = (values: Values, complet: boolean): CoordinatesDraft => ({
  ...addressOf(values),
  // Nothing chosen yet while the person types.
  livraison: (values.livraison as DeliveryMode | undefined) ?? '',
  idPointDeVente: values.idPointDeVente,
  modePaiement: values.modePaiement,
  complet,
});

/** Coordoonees: where the order goes (the account's address, another one checked, or a shop) and how it is paid. */
export function CoordinatesStep({ draft, accountAddress, onChange, onNext }: CoordinatesStepProps) {
  const shops = usePointsOfSale();
  const form = useZodForm(schema, {
    defaultValues: {
      livraison: draft.livraison === '' ? undefined : draft.livraison,
      destinataire: draft.destinataire || accountAddress.raisonSociale,
      numero: draft.numero,
      voie: draft.voie,
      complement: draft.complement,
      codePostal: draft.codePostal,
      ville: draft.ville === '' ? null : draft.ville,
      idPointDeVente: draft.idPointDeVente,
      modePaiement: String(ORDER_PAYMENT_MODE.Virement),
    },
  });
  const [livraison, codePostal] = useWatch({ control: form.control, name: ['livraison', 'codePostal'] });
  const communes = useCommunes(codePostal.trim());
  const cityNames = [...new Set((communes.data ?? []).map((commune) => commune.nom))];

  // What is typed is kept at once, not complete until sent again.
  useEffect(() => {
    const { unsubscribe } = form.watch(() => onChange(toDraft(form.getValues(), false)));
    return unsubscribe;
  }, [form, onChange]);

  // Another postal code: a city that is not one of its communes is cleared.
  useEffect(() => {
    const city = form.getValues('ville');
    if (communes.data && city && !communes.data.some((commune) => commune.nom === city)) form.setValue('ville', null);
  }, [communes.data, form]);

  const account = `${accountAddress.raisonSociale}, ${[accountAddress.numero, accountAddress.voie].filter(Boolean).join(' ')}, ${accountAddress.codePostal} ${accountAddress.ville}`;

  return (
    <Form
      form={form}
      errorFields={ERROR_FIELDS}
      errorSummary="Des coordonnées sont à corriger"
      className="space-y-8"
      onSubmit={async (values) => {
        let next = toDraft(values, true);
        if (values.livraison === 'AUTRE_ADRESSE') {
          const checked = await checkAddress(addressOf(values));
          next = { ...next, ville: checked.ville, codePostal: checked.codePostal };
        }
        onChange(next);
        onNext();
      }}
    >
      <RadioGroupField<Values>
        name="livraison"
        label="Livraison des cartes SIM et des téléphones"
        required
        cards
        options={[
          { value: 'ADRESSE_COMPTE', label: 'À l’adresse du compte', description: account },
          { value: 'AUTRE_ADRESSE', label: 'À une autre adresse', description: 'Une adresse en France, vérifiée avec son code postal.' },
          { value: 'POINT_DE_VENTE', label: 'Retrait en boutique', description: 'Vous retirez la commande dans l’une de nos boutiques.' },
        ]}
      />

      {livraison === 'AUTRE_ADRESSE' ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-xl font-bold text-primary-strong">Adresse de livraison</legend>
          <TextField<Values> name="destinataire" label="Destinataire" required autoComplete="organization" className="sm:col-span-2" />
          <TextField<Values> name="numero" label="Numéro" autoComplete="off" inputClassName="max-w-32" />
          <TextField<Values> name="voie" label="Voie" required autoComplete="address-line1" />
          <TextField<Values> name="complement" label="Complément d’adresse" autoComplete="address-line2" className="sm:col-span-2" />
          <TextField<Values> name="codePostal" label="Code postal" required inputMode="numeric" autoComplete="postal-code" maxLength={5} inputClassName="max-w-32" />
          <ComboBoxField<Values>
            name="ville"
            label="Ville"
            required
            help={communes.isFetching ? 'Recherche des communes…' : /^\d{5}$/.test(codePostal.trim()) ? undefined : 'Saisissez d’abord le code postal.'}
            emptyText={/^\d{5}$/.test(codePostal.trim()) ? 'Aucune commune pour ce code postal' : 'Saisissez d’abord le code postal'}
            options={cityNames.map((name) => ({ id: name, label: name }))}
          />
        </fieldset>
      ) : null}

      {livraison === 'POINT_DE_VENTE' ? (
        shops.isError ? (
          <ReadFailed error={shops.error} onRetry={() => void shops.refetch()} pending={shops.isFetching} />
        ) : !shops.data ? (
          <WaitingText>Chargement des boutiques…</WaitingText>
        ) : (
          <ComboBoxField<Values>
            name="idPointDeVente"
            label="Boutique de retrait"
            required
            help="Tapez une ville pour trouver une boutique."
            options={shops.data.map((shop) => ({ id: String(shop.idPointDeVente), label: `${shop.nom} – ${shop.adresse}, ${shop.codePostal} ${shop.ville}` }))}
          />
        )
      ) : null}

      <RadioGroupField<Values>
        name="modePaiement"
        label="Mode de paiement"
        required
        cards
        options={[
          {
            value: String(ORDER_PAYMENT_MODE.Virement),
            label: ORDER_PAYMENT_MODE_LABELS[ORDER_PAYMENT_MODE.Virement],
            description: 'Les coordonnées bancaires et la référence du virement vous sont données à la confirmation et par e-mail.',
          },
          { value: String(ORDER_PAYMENT_MODE.CarteBleue), label: ORDER_PAYMENT_MODE_LABELS[ORDER_PAYMENT_MODE.CarteBleue], description: CARD_SOON, isDisabled: true },
        ]}
      />

      <FormAlert />
      <SubmitButton>Continuer vers le récapitulatif</SubmitButton>
    </Form>
  );
}
