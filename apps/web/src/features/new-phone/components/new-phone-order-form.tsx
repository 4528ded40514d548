import { phoneName, pointOfSalePlace } from '@ecare/shared/catalogue';
import type { NewPhoneEligibility, NewPhoneOffer, NewPhoneOrder, NewPhoneOrderRequest } from '@ecare/shared/new-phone';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { PostalAddressFields } from '../../../components/ui/form/postal-address-fields.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useCommunes, usePointsOfSale } from '../../../lib/shop-places.ts';
import { useNewPhoneCatalogue } from '../utils/catalogue-kit.ts';
import { formatCents } from '../utils/new-phone-format.ts';
import { PAYMENT_LABELS, Recap, type Draft } from './new-phone-recap.tsx';

const DELIVERY_LABELS = {
  ADRESSE_COMPTE: 'À l’adresse de mon compte',
  AUTRE_ADRESSE: 'À une autre adresse',
  POINT_DE_VENTE: 'En boutique (retrait)',
} as const;
type Delivery = keyof typeof DELIVERY_LABELS;

const required = (message: string) => z.string(message).trim().min(1, message);
const schema = z
  .object({
    idArticle: required('Veuillez choisir un téléphone.'),
    couleur: required('Veuillez choisir une couleur.'),
    livraison: z.enum(['ADRESSE_COMPTE', 'AUTRE_ADRESSE', 'POINT_DE_VENTE'], 'Veuillez choisir le mode de livraison.'),
    destinataire: z.string().trim().max(100, 'Le destinataire compte au plus 100 caractères.'),
    numero: z.string().trim().max(10, 'Le numéro compte au plus 10 caractères.'),
    voie: z.string().trim().max(150, 'La voie compte au plus 150 caractères.'),
    complement: z.string().trim().max(100, 'Le complément compte au plus 100 caractères.'),
    codePostal: z.string().trim(),
    ville: z.string(),
    idPointDeVente: z.string(),
    paiement: z.enum(['3', '6'], 'Veuillez choisir le mode de paiement.'),
  })
  .superRefine((values, context) => {
    const missing = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (values.livraison === 'AUTRE_ADRESSE') {
      if (values.destinataire === '') missing('destinataire', 'Indiquez le destinataire.');
      if (values.voie === '') missing('voie', 'Indiquez la voie.');
      if (!/^\d{5}$/.test(values.codePostal)) missing('codePostal', 'Le code postal compte 5 chiffres.');
      else if (values.ville === '') missing('ville', 'Choisissez la commune.');
    }
    if (values.livraison === 'POINT_DE_VENTE' && values.idPointDeVente === '') missing('idPointDeVente', 'Choisissez la boutique.');
  });
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const EMPTY: Values = { idArticle: '', couleur: '', livraison: 'ADRESSE_COMPTE', destinataire: '', numero: '', voie: '', complement: '', codePostal: '', ville: '', idPointDeVente: '', paiement: '3' };

interface OrderFormProps {
  idContrat: number;
  eligibility: NewPhoneEligibility;
  phones: readonly NewPhoneOffer[];
  accountAddress: string;
  onOrdered: (order: NewPhoneOrder, collectAt: string | null) => void;
}

export function OrderForm({ idContrat, eligibility, phones, accountAddress, onOrdered }: OrderFormProps) {
  const { PhoneImage } = useNewPhoneCatalogue();
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const [idArticle, livraison, codePostal] = useWatch({ control: form.control, name: ['idArticle', 'livraison', 'codePostal'] });
  const phone = phones.find((candidate) => String(candidate.idArticle) === idArticle) ?? null;
  const communes = useCommunes(livraison === 'AUTRE_ADRESSE' ? codePostal.trim() : '');
  const shops = usePointsOfSale(livraison === 'POINT_DE_VENTE', eligibility.ligne.idClientBscs);
  const [draft, setDraft] = useState<Draft | null>(null);

  // Another phone: its colours replace the previous ones; only one colour: chosen for the customer.
  useEffect(() => {
    form.setValue('couleur', phone?.couleurs.length === 1 ? (phone.couleurs[0] ?? '') : '');
  }, [phone, form]);
  // Another postal code: a city that is not one of its communes is cleared.
  useEffect(() => {
    const city = form.getValues('ville');
    if (communes.data && city && !communes.data.some((commune) => commune.nom === city)) form.setValue('ville', '');
  }, [communes.data, form]);

  if (draft) return <Recap draft={draft} idContrat={idContrat} eligibility={eligibility} onBack={() => setDraft(null)} onOrdered={onOrdered} />;

  function next(values: Output) {
    const chosen = phones.find((candidate) => String(candidate.idArticle) === values.idArticle);
    if (!chosen) return;
    let Livraison: NewPhoneOrderRequest['Livraison'];
    let delivery: string;
    let collectAt: string | null = null;
    if (values.livraison === 'AUTRE_ADRESSE') {
      // The city was chosen among the postal code's communes; the server checks the address again.
      const adresse = { destinataire: values.destinataire, numero: values.numero, voie: values.voie, complement: values.complement, codePostal: values.codePostal, ville: values.ville };
      Livraison = { mode: 'AUTRE_ADRESSE', adresse };
      delivery = `${adresse.destinataire}, ${[adresse.numero, adresse.voie].filter(Boolean).join(' ')}${adresse.complement ? `, ${adresse.complement}` : ''}, ${adresse.codePostal} ${adresse.ville}`;
    } else if (values.livraison === 'POINT_DE_VENTE') {
      const shop = shops.data?.find((candidate) => String(candidate.idPointDeVente) === values.idPointDeVente);
      Livraison = { mode: 'POINT_DE_VENTE', idPointDeVente: Number(values.idPointDeVente) };
      collectAt = shop ? pointOfSalePlace(shop) : null;
      delivery = collectAt ? `Retrait en boutique : ${collectAt}` : 'Retrait en boutique';
    } else {
      Livraison = { mode: 'ADRESSE_COMPTE' };
      delivery = `${DELIVERY_LABELS.ADRESSE_COMPTE} : ${accountAddress}`;
    }
    setDraft({
      request: { IdArticleMobile: chosen.idArticle, Couleur: values.couleur, ModePaiement: values.paiement === '6' ? 6 : 3, Livraison },
      phone: chosen,
      delivery,
      collectAt,
    });
  }

  return (
    <Form form={form} className="space-y-8" onSubmit={next}>
      <RadioGroupField<Values>
        name="idArticle"
        label="Choisissez votre téléphone"
        required
        cards
        help={eligibility.tarif === 'RENOUVELLEMENT' ? 'Prix de renouvellement, hors taxes puis TTC.' : 'Prix du téléphone seul, hors taxes puis TTC.'}
        options={phones.map((offer) => ({
          value: String(offer.idArticle),
          isDisabled: !offer.disponible,
          label: (
            <span className="flex items-center gap-3">
              <PhoneImage image={offer.image} className="h-24 w-16 shrink-0 object-contain" />
              <span>
                {phoneName(offer)}
              </span>
            </span>
          ),
          description: offer.disponible
            ? `${formatCents(offer.prix.htCentimes)} HT, soit ${formatCents(offer.prix.ttcCentimes)} TTC${offer.cinqG ? ' – 5G' : ''}${offer.esim ? ' – eSIM' : ''}`
            : 'Épuisé',
        }))}
      />
      {phone ? (
        <RadioGroupField<Values> name="couleur" label="Couleur" required orientation="horizontal" options={phone.couleurs.map((couleur) => ({ value: couleur, label: couleur }))} />
      ) : null}

      <RadioGroupField<Values>
        name="livraison"
        label="Livraison"
        required
        options={(Object.keys(DELIVERY_LABELS) as Delivery[]).map((mode) => ({
          value: mode,
          label: DELIVERY_LABELS[mode],
          description: mode === 'ADRESSE_COMPTE' ? accountAddress : undefined,
        }))}
      />
      {livraison === 'AUTRE_ADRESSE' ? (
        <>
          <PostalAddressFields<Values> legend="Adresse de livraison" codePostal={codePostal} communes={communes.data} searching={communes.isFetching} />
          {communes.error ? <ApiErrorAlert error={communes.error} /> : null}
        </>
      ) : null}
      {livraison === 'POINT_DE_VENTE' ? (
        shops.error ? (
          <ReadFailed error={shops.error} onRetry={() => void shops.refetch()} pending={shops.isFetching} />
        ) : shops.data ? (
          <RadioGroupField<Values>
            name="idPointDeVente"
            label="Boutique de retrait"
            required
            help={shops.data.some((shop) => shop.distanceKm !== undefined) ? 'Les plus proches de l’adresse de votre compte en premier.' : undefined}
            options={shops.data.map((shop) => ({
              value: String(shop.idPointDeVente),
              label: shop.nom,
              description: `${pointOfSalePlace(shop)} – ${shop.horaires}${shop.distanceKm === undefined ? '' : ` – à ${shop.distanceKm.toLocaleString('fr-FR')}\u00a0km`}`,
            }))}
          />
        ) : (
          <WaitingText>Chargement des boutiques…</WaitingText>
        )
      ) : null}

      <RadioGroupField<Values>
        name="paiement"
        label="Paiement"
        required
        options={[
          { value: '3', label: PAYMENT_LABELS['3'], description: 'Vous réglez en ligne sur la page sécurisée de notre prestataire de paiement.' },
          { value: '6', label: PAYMENT_LABELS['6'], description: 'Les coordonnées du virement et sa référence vous sont données avec la commande.' },
        ]}
      />
      <SubmitButton>Vérifier ma commande</SubmitButton>
    </Form>
  );
}

