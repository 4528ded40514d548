import { NUMBER_MODE_LABELS, operatorLegalMention, type Cart, type RecapDocument } from '@ecare/shared';
import { PdfWriter } from '../../lib/pdf-writer.ts';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const formatCents = (cents: number) => euros.format(cents / 100);
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

const TITLES: Record<RecapDocument, string> = {
  'information-precontractuelle': 'Information précontractuelle',
  'recapitulatif-contractuel': 'Récapitulatif contractuel',
};

/**
 * The two documents the customer opens before confirming an order of new lines (decision 038):
 * the pre-contract information (what is sold, at which prices, for how long) and the contractual
 * recap (the same lines and totals as the order will carry), both from the cart as the server has it.
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
  const writer = await PdfWriter.create({
    title: `${title} – ajout de lignes`,
    subject: `${title} – ${reference}`,
    author: brandName,
    keywords: ['ajout de lignes', document, String(cart.IdSouscription)],
    brandName,
    createdAt: issuedAt,
    footerMention: operatorLegalMention(brandName),
    footerReference: reference,
  });
  writer.text(brandName, { bold: true, size: 20, color: 'primary' });
  writer.text('Espace client Pro', { color: 'muted' });
  writer.gap(12);
  writer.heading(`${title} – ajout de lignes mobiles`);
  writer.text(`Établi le ${dateTime.format(issuedAt)} pour ${account.raisonSociale} (compte de facturation ${account.codeClientBscs}).`, { color: 'muted' });
  writer.gap(8);
  for (const line of cart.Lignes) {
    writer.heading(`${line.Quantite} × ${line.LibelleOffre}`, { underline: true });
    writer.row('Forfait', `${line.LibelleOffre} : ${formatCents(line.PrixMensuelCentimes)} HT par mois`);
    writer.row('Équipement', line.LibelleMobile ? `${line.LibelleMobile}${line.Couleur ? `, ${line.Couleur}` : ''} : ${formatCents(line.PrixMobileCentimes)} HT` : 'Carte SIM seule');
    writer.row('Carte', line.TypeSim === 'ESIM' ? 'eSIM' : 'Carte SIM');
    writer.row('Numéro', line.Msisdn ? `${NUMBER_MODE_LABELS[line.ModeNumero]} : ${line.Msisdn}${line.DatePortage ? ` le ${line.DatePortage.split('-').reverse().join('/')}` : ''}` : NUMBER_MODE_LABELS[line.ModeNumero]);
    for (const option of line.Options) writer.row('Option', `${option.Libelle} : ${formatCents(option.PrixOptionCentimes)} HT par mois`);
    for (const item of line.Accessoires) writer.row('Accessoire', `${item.Quantite} × ${item.Libelle} : ${formatCents(item.PrixArticleCentimes)} HT`);
    for (const promotion of line.Promotions) {
      const duration = promotion.Cible === 'FORFAIT' ? (promotion.DureeMois === null ? ' par mois' : ` par mois pendant ${promotion.DureeMois} mois`) : '';
      writer.row('Promotion', `${promotion.Libelle} : −${formatCents(promotion.RemisePromotionCentimes)} HT${duration}`);
    }
    writer.row('Par ligne', [`${formatCents(line.PonctuelUnitaireHtCentimes)} HT à la commande`, `${formatCents(line.MensuelUnitaireHtCentimes)} HT par mois`]);
    writer.gap(6);
  }
  const { ponctuel, mensuel, mensuelSansRemise } = cart.Totaux;
  writer.heading('Totaux', { underline: true });
  writer.row('À la commande', [`${formatCents(ponctuel.htCentimes)} HT`, `TVA 20 % : ${formatCents(ponctuel.tvaCentimes)}`, `${formatCents(ponctuel.ttcCentimes)} TTC`]);
  writer.row('Par mois', [`${formatCents(mensuel.htCentimes)} HT`, `TVA 20 % : ${formatCents(mensuel.tvaCentimes)}`, `${formatCents(mensuel.ttcCentimes)} TTC`]);
  if (mensuelSansRemise.htCentimes !== mensuel.htCentimes) {
    writer.row('Par mois après les promotions', [`${formatCents(mensuelSansRemise.htCentimes)} HT`, `${formatCents(mensuelSansRemise.ttcCentimes)} TTC`]);
  }
  writer.gap(8);
  writer.text(
    document === 'information-precontractuelle'
      ? 'Ces informations vous sont remises avant la commande. Les forfaits sont soumis aux conditions générales de vente et à leur durée d’engagement ; les prix sont ceux du catalogue au moment où les lignes ont été ajoutées au panier.'
      : 'Ce récapitulatif reprend les lignes, prix et promotions de la commande que vous allez confirmer. La commande prend effet à sa confirmation et au règlement du montant dû à la commande.',
  );
  return writer.save();
}
