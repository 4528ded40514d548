import { DELIVERY_MODES, shopAddressSchema, type Cart, type CartAddressInput } from '@ecare/shared/add-line';
import type { Address } from '@ecare/shared/accounts';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { ComboBoxField } from '../../../components/ui/form/combo-box-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { PostalAddressFields } from '../../../components/ui/form/postal-address-fields.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useCommunes, usePointsOfSale } from '../../../lib/shop-places.ts';
import { useSaveCartAddress } from '../api/save-cart-address.ts';

const DELIVERY_REQUIRED = 'Veuillez choisir où recevoir la commande.';
const SHOP_REQUIRED = 'Veuillez choisir la boutique où retirer la commande.';
const CITY_REQUIRED = 'Veuillez choisir la ville dans la liste.';

const schema = z
  .object({
    livraison: z.enum(DELIVERY_MODES, DELIVERY_REQUIRED),
    destinataire: z.string(),
    numero: z.string(),
    voie: z.string(),
    complement: z.string(),
    codePostal: z.string(),
    ville: z.string(),
    idPointDeVente: z.string().nullable(),
  })
  .superRefine((values, context) => {
    if (values.livraison === 'POINT_DE_VENTE' && !values.idPointDeVente) context.addIssue({ code: 'custom', path: ['idPointDeVente'], message: SHOP_REQUIRED });
    if (values.livraison !== 'AUTRE_ADRESSE') return;
    const checked = shopAddressSchema.safeParse(values);
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        context.addIssue({ code: 'custom', path: [String(field)], message: field === 'ville' ? CITY_REQUIRED : issue.message });
      }
  });
type Values = z.input<typeof schema>;

const ERROR_FIELDS: ApiErrorFields<Values> = {
  ADDRESS_POSTCODE_UNKNOWN: 'codePostal',
  ADDRESS_CITY_MISMATCH: 'ville',
  ADD_LINE_POINT_OF_SALE_UNKNOWN: 'idPointDeVente',
};

interface CoordinatesStepProps {
  idClientBscs: number;
  cart: Cart & { IdSouscription: number };
  /** The billing account's address, the default delivery. */
  accountAddress: Address & { raisonSociale: string };
  onNext: () => void;
}

/** The delivery address as typed. */
const addressOf = ({ destinataire, numero, voie, complement, codePostal, ville }: Values) => ({ destinataire, numero, voie, complement, codePostal, ville });

/** The delivery as the cart keeps it on the server. */
function deliveryOf(values: Values): CartAddressInput {
  switch (values.livraison) {
    case 'AUTRE_ADRESSE':
      return { mode: 'AUTRE_ADRESSE', adresse: addressOf(values) };
    case 'POINT_DE_VENTE':
      return { mode: 'POINT_DE_VENTE', idPointDeVente: Number(values.idPointDeVente) };
    default:
      return { mode: 'ADRESSE_COMPTE' };
  }
}

/**
 * Coordoonees: where the order goes (the account's address, another one checked, or a shop), kept
 * with the cart on the server when sent, so that a reload or another device finds it.
 */
export function CoordinatesStep({ idClientBscs, cart, accountAddress, onNext }: CoordinatesStepProps) {
  const shops = usePointsOfSale(true, idClientBscs);
  const address = useSaveCartAddress(idClientBscs);
  const kept = cart.Coordonnees.LIVRAISON;
  const other = kept?.mode === 'AUTRE_ADRESSE' ? kept.adresse : null;
  const form = useZodForm(schema, {
    defaultValues: {
      livraison: kept?.mode,
      destinataire: other?.destinataire ?? accountAddress.raisonSociale,
      numero: other?.numero ?? '',
      voie: other?.voie ?? '',
      complement: other?.complement ?? '',
      codePostal: other?.codePostal ?? '',
      ville: other?.ville ?? '',
      idPointDeVente: kept?.mode === 'POINT_DE_VENTE' ? String(kept.idPointDeVente) : null,
    },
  });
  const [livraison, codePostal] = useWatch({ control: form.control, name: ['livraison', 'codePostal'] });
  const communes = useCommunes(codePostal.trim());
  // Another postal code: a city that is not one of its communes is cleared.
  useEffect(() => {
    const city = form.getValues('ville');
    if (communes.data && city && !communes.data.some((commune) => commune.nom === city)) form.setValue('ville', '');
  }, [communes.data, form]);

  const account = `${accountAddress.raisonSociale}, ${[accountAddress.numero, accountAddress.voie].filter(Boolean).join(' ')}, ${accountAddress.codePostal} ${accountAddress.ville}`;

  return (
    <Form
      form={form}
      errorFields={ERROR_FIELDS}
      errorSummary="Des coordonnées sont à corriger"
      className="space-y-8"
      onSubmit={async (values) => {
        // Checked by the server (the city among the postal code's communes) and kept with the cart.
        await address.mutateAsync({ type: 'LIVRAISON', request: { IdSouscription: cart.IdSouscription, Adresse: deliveryOf(values) } });
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
        <PostalAddressFields<Values> legend="Adresse de livraison" codePostal={codePostal} communes={communes.data} searching={communes.isFetching} />
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

      <FormAlert />
      <SubmitButton>Continuer vers le récapitulatif</SubmitButton>
    </Form>
  );
}
