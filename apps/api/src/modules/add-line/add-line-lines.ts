import { frenchDay } from '@ecare/shared/paris-time';
import {
  NUMBER_MODE_LABELS,
  type CartAddressType,
  type CartCoordinates,
  savedCartAddressSchema,
  type CartLine,
  type CartLineInput,
  type CataloguePromotion,
  type PromotionCible,
} from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { type CartLineRow, type SubscriptionRow } from './add-line.repository.ts';

/** What a line is, for the audit entry's before and after. */
export function auditView(line: CartLineRow | undefined) {
  if (!line) return null;
  const { idLigne, quantite, idOffreEngagement, idArticleMobile, couleur, typeSim, modeNumero, msisdn, datePortage } = line;
  return { idLigne, quantite, idOffreEngagement, idArticleMobile, couleur, typeSim, modeNumero, msisdn, datePortage };
}

/** What one line of a cart holds, as stored: its frozen prices and what was chosen. */
export interface StoredLine {
  line: CartLineRow;
  options: readonly { prixOptionCentimes: number; idOption: number }[];
  articles: readonly { idArticle: number; quantite: number; prixArticleCentimes: number }[];
}

/**
 * The line as the catalogue's price function reads it, at its frozen prices: the phone's price is
 * the one frozen (alone and with a plan alike), whatever the plan's commitment.
 */
export function frozenInput({ line, options, articles }: StoredLine, promotions: readonly CataloguePromotion[]): CartLineInput {
  return {
    quantite: line.quantite,
    forfait: { idOffreEngagement: line.idOffreEngagement, prixMensuelCentimes: line.prixMensuelCentimes, engagementMois: 24 },
    mobile: line.idArticleMobile === null ? null : { idArticle: line.idArticleMobile, prixNuCentimes: line.prixMobileCentimes, prixAvecForfaitCentimes: line.prixMobileCentimes },
    options: options.map((option) => ({ idOption: option.idOption, prixMensuelCentimes: option.prixOptionCentimes })),
    accessoires: articles.map((item) => ({ idArticle: item.idArticle, prixCentimes: item.prixArticleCentimes, quantite: item.quantite })),
    assurance: line.idAssurance === null ? null : { idAssurance: line.idAssurance, prixMensuelCentimes: line.prixAssuranceCentimes },
    promotions,
  };
}

/** What an order line is besides its amounts: its SIM card and its number. */
export function lineDetails(line: CartLine): string[] {
  const numero = line.Msisdn ? `${NUMBER_MODE_LABELS[line.ModeNumero]} : ${formatPhone(line.Msisdn)}${line.DatePortage ? `, le ${frenchDay(line.DatePortage)}` : ''}` : NUMBER_MODE_LABELS[line.ModeNumero];
  return [line.TypeSim === 'ESIM' ? 'eSIM' : 'Carte SIM', numero];
}

/** The Coordonnées kept with a cart, each address read back as saved (anything unreadable is left out). */
export function coordinatesOf(cart: Pick<SubscriptionRow, 'coordonnees'> | undefined): CartCoordinates {
  const stored = cart?.coordonnees !== null && typeof cart?.coordonnees === 'object' ? (cart.coordonnees as Record<string, unknown>) : {};
  const read = (type: CartAddressType) => {
    const parsed = savedCartAddressSchema.safeParse(stored[type]);
    return parsed.success ? parsed.data : null;
  };
  return { LIVRAISON: read('LIVRAISON'), INSTALLATION: read('INSTALLATION'), ELIGIBILITE: read('ELIGIBILITE') };
}

/** A promotion as applied to a line: its frozen discount, as a fixed amount the price function takes off again. */
export function frozenPromotion(promotion: CataloguePromotion, remiseCentimes: number): CataloguePromotion {
  return { ...promotion, type: 'MONTANT', valeur: remiseCentimes };
}

/** The price a promotion lowers on a line (before any discount), what it is weighed against. */
export function promotionBase(cible: PromotionCible, { line, articles }: StoredLine): number {
  if (cible === 'FORFAIT') return line.prixMensuelCentimes;
  if (cible === 'MOBILE') return line.prixMobileCentimes;
  return articles.reduce((sum, item) => sum + item.prixArticleCentimes * item.quantite, 0);
}

export const contextOf = ({ line, articles }: StoredLine) => ({ idOffreEngagement: line.idOffreEngagement, idArticleMobile: line.idArticleMobile, avecAccessoires: articles.length > 0 });
