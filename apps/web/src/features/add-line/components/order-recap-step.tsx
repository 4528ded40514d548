import { RECAP_DOCUMENTS, type Cart, type RecapDocument, type SubmittedOrder } from '@ecare/shared/add-line';
import type { Address } from '@ecare/shared/accounts';
import { pointOfSalePlace } from '@ecare/shared/catalogue';
import { FLOW_STEP, ORDER_PAYMENT_MODE, ORDER_PAYMENT_MODE_LABELS } from '@ecare/shared/shop';
import { CheckCircle2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckAnswers } from '../../../components/ui/check-answers.tsx';
import { DownloadStatus, useFileDownload } from '../../../components/ui/download-button.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/form/select-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { hasErrorCode, isApiError } from '../../../lib/api-error.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { orderPaymentLink } from '../../../lib/order-payment.ts';
import { PATHS } from '../../../lib/routes.ts';
import { usePointsOfSale } from '../../../lib/shop-places.ts';
import { recapDocumentPath } from '../api/paths.ts';
import { useSubmitOrder } from '../api/submit-order.ts';
import { rememberOrder } from '../utils/add-line-draft.ts';
import { newIdempotencyKey } from '../utils/add-line-format.ts';
import { addLinePath } from '../utils/add-line-steps.ts';
import { lineTitle, numberText } from './cart-line-details.tsx';
import { CartTotals } from './cart-totals.tsx';
import { LineCharges } from './line-charges.tsx';

const DOCUMENT_LABELS: Record<RecapDocument, string> = {
  'information-precontractuelle': 'l’information précontractuelle',
  'recapitulatif-contractuel': 'le récapitulatif contractuel',
};

interface OrderRecapStepProps {
  idClientBscs: number;
  cart: Cart & { IdSouscription: number };
  accountAddress: Address & { raisonSociale: string };
  /** The order sent; by card, the page then goes on to the payment provider's page. */
  onSubmitted: (order: SubmittedOrder) => void;
  /** The account's cost centres the new lines may go in, and whether the company requires one (decision 051). */
  centres?: CentreChoice | undefined;
}

export interface CentreChoice {
  options: readonly SelectOption[];
  required: boolean;
}

const CARD = String(ORDER_PAYMENT_MODE.CarteBleue);
const TRANSFER = String(ORDER_PAYMENT_MODE.Virement);
const paymentSchema = z.object({ modePaiement: z.enum([CARD, TRANSFER], 'Veuillez choisir le mode de paiement.'), idCentre: z.string() });

/** The centre chosen, as the order names it: required when the company says so. */
export function centreOf(value: string, centres: CentreChoice | undefined): number | null | 'MANQUANT' {
  if (value === '') return centres?.required ? 'MANQUANT' : null;
  return Number(value);
}
type PaymentValues = z.input<typeof paymentSchema>;

/** One recap PDF: opened (downloaded) from the server, which records it; said once done. */
function RecapDocumentButton({ idSouscription, document, opened, onOpened }: { idSouscription: number; document: RecapDocument; opened: boolean; onOpened: (document: RecapDocument) => void }) {
  const download = useFileDownload();
  const done = download.state.kind === 'done';
  useEffect(() => {
    if (done) onOpened(document);
  }, [done, document, onOpened]);
  return (
    <li className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-secondary"
          disabled={download.loading}
          onClick={() => void download.start({ path: recapDocumentPath(idSouscription, document), fallbackName: `${document}.pdf` })}
        >
          Ouvrir {DOCUMENT_LABELS[document]} (PDF)
        </button>
        {opened ? (
          <span className="inline-flex items-center gap-1 text-success">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Document ouvert
          </span>
        ) : null}
      </div>
      <DownloadStatus download={download} />
    </li>
  );
}

/** RécapitulatifDeLaCommande: every line, delivery, payment and totals; the two documents to open; then the order, once. */
export function OrderRecapStep({ idClientBscs, cart, accountAddress, onSubmitted, centres }: OrderRecapStepProps) {
  const shops = usePointsOfSale(true, idClientBscs);
  const submit = useSubmitOrder(idClientBscs);
  const [opened, setOpened] = useState<ReadonlySet<RecapDocument>>(new Set());
  const [unpaid, setUnpaid] = useState<string | null>(null);
  // The server's reason when this order must be paid by transfer (its risk score): card is then disabled.
  const [transferRequired, setTransferRequired] = useState<string | null>(null);
  // On the way to the payment provider's page: the button stays disabled.
  const [leaving, setLeaving] = useState(false);
  // One key per submission attempt: a double click, or a retry after a lost answer, sends it again
  // and gets the same order; a refused attempt leaves a new key for the next one.
  const attempt = useRef(newIdempotencyKey());
  const form = useZodForm(paymentSchema, { defaultValues: { modePaiement: TRANSFER, idCentre: '' } });
  const allOpened = RECAP_DOCUMENTS.every((document) => opened.has(document));
  const livraison = cart.Coordonnees.LIVRAISON;
  const markOpened = useCallback((document: RecapDocument) => setOpened((before) => new Set(before).add(document)), []);

  const shop = livraison?.mode === 'POINT_DE_VENTE' ? shops.data?.find((candidate) => candidate.idPointDeVente === livraison.idPointDeVente) : undefined;
  const deliveryText =
    livraison?.mode === 'ADRESSE_COMPTE'
      ? `À l’adresse du compte : ${[accountAddress.numero, accountAddress.voie].filter(Boolean).join(' ')}, ${accountAddress.codePostal} ${accountAddress.ville}`
      : livraison?.mode === 'AUTRE_ADRESSE'
        ? `${livraison.adresse.destinataire}, ${[livraison.adresse.numero, livraison.adresse.voie].filter(Boolean).join(' ')}${livraison.adresse.complement ? `, ${livraison.adresse.complement}` : ''}, ${livraison.adresse.codePostal} ${livraison.adresse.ville}`
        : shop
          ? `Retrait en boutique : ${pointOfSalePlace(shop)}`
          : 'Retrait en boutique';

  return (
    <div className="space-y-6">
      <CheckAnswers
        title="Vos nouvelles lignes"
        rows={cart.Lignes.map((line, index) => ({
          label: `Ligne ${index + 1}`,
          value: (
            <>
              {line.Quantite > 1 ? `${line.Quantite} × ` : ''}
              {lineTitle(line)}
              <span className="block text-sm text-muted">
                {line.TypeSim === 'ESIM' ? 'eSIM' : 'Carte SIM'} – {numberText(line)}
              </span>
              {cart.Montants.lignes[index] ? <LineCharges money={cart.Montants.lignes[index]} /> : null}
            </>
          ),
          changeTo: addLinePath('lignes'),
        }))}
      />
      <CheckAnswers
        title="Livraison"
        rows={[{ label: 'Livraison', value: deliveryText, changeTo: addLinePath('coordonnees') }]}
      />
      <CartTotals totals={cart.Montants.totaux} nombreLignes={cart.Totaux.nombreLignes} />

      <section aria-labelledby="documents-commande" className="card space-y-3">
        <h2 id="documents-commande" className="text-xl font-bold text-primary-strong">
          Documents à lire avant de confirmer
        </h2>
        <p id="documents-aide">Ouvrez l’information précontractuelle et le récapitulatif contractuel : la confirmation de la commande s’active ensuite.</p>
        <ul className="space-y-3">
          {RECAP_DOCUMENTS.map((document) => (
            <RecapDocumentButton
              key={document}
              idSouscription={cart.IdSouscription}
              document={document}
              opened={opened.has(document)}
              onOpened={markOpened}
            />
          ))}
        </ul>
      </section>

      {unpaid ? (
        <Alert tone="error" title="La commande ne peut pas être confirmée">
          <p>{unpaid}</p>
          <Link to={PATHS.accountPayment} className="link">
            Payer mes factures
          </Link>
        </Alert>
      ) : null}

      <Form
        form={form}
        className="space-y-4"
        onSubmit={async (values) => {
          if (!livraison) return;
          setUnpaid(null);
          const idCentre = centreOf(values.idCentre, centres);
          if (idCentre === 'MANQUANT') {
            form.setError('idCentre', { message: 'Choisissez le centre de coût des nouvelles lignes : votre entreprise l’exige.' }, { shouldFocus: true });
            return;
          }
          try {
            const order = await submit.mutateAsync({
              request: { IdSouscription: cart.IdSouscription, ModePaiement: values.modePaiement === CARD ? ORDER_PAYMENT_MODE.CarteBleue : ORDER_PAYMENT_MODE.Virement, ...(idCentre === null ? {} : { IdCentre: idCentre }) },
              idempotencyKey: attempt.current,
            });
            if (order.modePaiement === ORDER_PAYMENT_MODE.CarteBleue && order.etape === FLOW_STEP.PaiementEnCours) {
              // Kept for the return to this page; then on to the provider's page. Should the
              // payment not start, the confirmation offers to try again or to pay by transfer.
              rememberOrder(order);
              const link = await orderPaymentLink(order.numero).catch(() => null);
              if (link) {
                setLeaving(true);
                window.location.assign(link.url);
                return;
              }
            }
            onSubmitted(order);
          } catch (error) {
            if (isApiError(error) && error.status > 0) attempt.current = newIdempotencyKey();
            if (hasErrorCode(error, 'ADD_LINE_UNPAID')) {
              setUnpaid(apiErrorMessage(error));
              return;
            }
            if (hasErrorCode(error, 'ADD_LINE_TRANSFER_REQUIRED')) {
              setTransferRequired(apiErrorMessage(error));
              form.setValue('modePaiement', TRANSFER);
            }
            if (hasErrorCode(error, 'ADD_LINE_RECAPS_NOT_OPENED')) setOpened(new Set());
            throw error;
          }
        }}
      >
        <RadioGroupField<PaymentValues>
          name="modePaiement"
          label="Mode de paiement"
          required
          cards
          options={[
            {
              value: TRANSFER,
              label: ORDER_PAYMENT_MODE_LABELS[ORDER_PAYMENT_MODE.Virement],
              description: 'Les coordonnées bancaires et la référence du virement vous sont données à la confirmation et par e-mail.',
            },
            {
              value: CARD,
              label: ORDER_PAYMENT_MODE_LABELS[ORDER_PAYMENT_MODE.CarteBleue],
              description: transferRequired ?? 'Vous payez le montant dû à la commande sur la page sécurisée de notre prestataire de paiement, aussitôt la commande confirmée.',
              isDisabled: transferRequired !== null,
            },
          ]}
        />
        {centres && centres.options.length > 0 ? (
          <SelectField<PaymentValues>
            name="idCentre"
            label="Centre de coût des nouvelles lignes"
            placeholder={centres.required ? 'Choisissez le centre de coût' : 'Aucun centre de coût'}
            options={centres.options}
            required={centres.required}
            help="Les nouvelles lignes sont rattachées à ce centre de coût dès leur création."
          />
        ) : centres?.required ? (
          <Alert tone="error" live={false}>
            Votre entreprise exige un centre de coût pour chaque nouvelle ligne, mais ce compte n’en a aucun : un gestionnaire doit d’abord en créer un.
          </Alert>
        ) : null}
        <p>En confirmant, vous commandez ces lignes et vous vous engagez à régler le montant à payer à la commande par le mode de paiement choisi.</p>
        <FormAlert />
        <SubmitButton disabled={!allOpened || !livraison || leaving}>Confirmer la commande</SubmitButton>
        {leaving ? <p role="status">Ouverture de la page de paiement sécurisée…</p> : null}
        {!allOpened ? <p className="text-sm text-muted">Le bouton s’active une fois les deux documents ouverts.</p> : null}
      </Form>
    </div>
  );
}
