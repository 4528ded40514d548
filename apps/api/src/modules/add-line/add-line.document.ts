import {
  CHARGE_NATURE_LABELS,
  NUMBER_MODE_LABELS,
  chargeAmountText,
  chargeItemLabel,
  chargeNote,
  formatCentimes,
  type Cart,
  type Discounted,
  type RecapDocument,
} from '@ecare/shared';
import { frenchDay } from '@ecare/shared/paris-time';
import { startRecapPdf } from '../../lib/recap-pdf.ts';

/** One text alone, several as a list. */
const listed = (texts: readonly string[]): string | readonly string[] => (texts.length === 1 ? (texts[0] ?? '') : texts);

/** Before promotions, the promotions, then what is left (HT): the three when promotions apply, the amount alone otherwise. */
function discountedText(amount: Discounted, per: string): string[] {
  const net = `${formatCentimes(amount.htCentimes)} HT${per}`;
  if (amount.remisesCentimes === 0) return [net];
  return [`${formatCentimes(amount.avantPromotionsCentimes)} HT${per} avant promotions`, `promotions : ${formatCentimes(-amount.remisesCentimes)} HT${per}`, `soit ${net}`];
}

const TITLES: Record<RecapDocument, string> = {
  'information-precontractuelle': 'Information précontractuelle',
  'recapitulatif-contractuel': 'Récapitulatif contractuel',
};

/**
 * The two documents the customer opens before confirming an order of new lines (decision 038):
 * the pre-contract information (what is sold, at which prices, for how long) and the contractual
 * recap (the same lines and totals as the order will carry), both from the cart as the server has it:
 * every amount from its price model (`Montants`), as the page shows it and the order keeps it.
 */
export async function renderCartRecap(
  document: RecapDocument,
  cart: Cart & { IdSouscription: number },
  account: { raisonSociale: string; codeClientBscs: string },
  brandName: string,
  issuedAt: Date,
): Promise<Uint8Array> {
  const title = TITLES[document];
  const reference = `Panier n° ${cart.IdSouscription}`;
  const writer = await startRecapPdf({
    title: `${title} – ajout de lignes`,
    subject: `${title} – ${reference}`,
    keywords: ['ajout de lignes', document, String(cart.IdSouscription)],
    brandName,
    issuedAt,
    heading: `${title} – ajout de lignes mobiles`,
    reference,
    madeFor: `pour ${account.raisonSociale} (compte de facturation ${account.codeClientBscs})`,
  });
  cart.Lignes.forEach((line, index) => {
    const money = cart.Montants.lignes[index];
    if (!money) return;
    writer.heading(`${line.Quantite} × ${money.libelle}`, { underline: true });
    writer.row('Carte', line.TypeSim === 'ESIM' ? 'eSIM' : 'Carte SIM');
    writer.row('Numéro', line.Msisdn ? `${NUMBER_MODE_LABELS[line.ModeNumero]} : ${line.Msisdn}${line.DatePortage ? ` le ${frenchDay(line.DatePortage)}` : ''}` : NUMBER_MODE_LABELS[line.ModeNumero]);
    // Every amount charged, with its label: the items below add up to the line's totals.
    for (const charge of money.elements) {
      const text = `${chargeItemLabel(charge)} : ${chargeAmountText(charge)}`;
      const note = chargeNote(charge);
      writer.row(CHARGE_NATURE_LABELS[charge.nature], note ? [text, note] : text);
    }
    const perLine = line.Quantite > 1 ? ', par ligne' : '';
    writer.row(`À la commande${perLine}`, listed(discountedText(money.unitaire.commande, '')));
    writer.row(`Par mois${perLine}`, listed(discountedText(money.unitaire.mensuel, ' par mois')));
    if (line.Quantite > 1) {
      writer.row(`Pour les ${line.Quantite} lignes`, [`${formatCentimes(money.total.commande.htCentimes)} HT à la commande`, `${formatCentimes(money.total.mensuel.htCentimes)} HT par mois`]);
    }
    writer.gap(6);
  });
  const { commande, mensuel, mensuelFinPromotions } = cart.Montants.totaux;
  writer.heading('Totaux', { underline: true });
  writer.row('À la commande', [...discountedText(commande, ''), `TVA 20 % : ${formatCentimes(commande.tvaCentimes)}`, `${formatCentimes(commande.ttcCentimes)} TTC`]);
  writer.row('Par mois', [...discountedText(mensuel, ' par mois'), `TVA 20 % : ${formatCentimes(mensuel.tvaCentimes)}`, `${formatCentimes(mensuel.ttcCentimes)} TTC par mois`]);
  if (mensuelFinPromotions.htCentimes !== mensuel.htCentimes) {
    writer.row('Par mois, une fois les promotions terminées', [`${formatCentimes(mensuelFinPromotions.htCentimes)} HT`, `TVA 20 % : ${formatCentimes(mensuelFinPromotions.tvaCentimes)}`, `${formatCentimes(mensuelFinPromotions.ttcCentimes)} TTC`]);
  }
  writer.gap(8);
  writer.text(
    document === 'information-precontractuelle'
      ? 'Ces informations vous sont remises avant la commande. Les forfaits sont soumis aux conditions générales de vente et à leur durée d’engagement ; les prix sont ceux du catalogue au moment où les lignes ont été ajoutées au panier.'
      : 'Ce récapitulatif reprend les lignes, prix et promotions de la commande que vous allez confirmer. La commande prend effet à sa confirmation et au règlement du montant dû à la commande.',
  );
  return writer.save();
}
