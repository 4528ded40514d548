import { vatCentimes, VAT_RATE_BP } from './invoices.ts';
import type { PromotionCible, PromotionType } from './catalogue.ts';

/**
 * The catalogue's price functions (decision 035), pure, which every order creator calls (add a
 * line, new phone, tariff change). Money is integer cents excluding VAT; the rounding rules are
 * those of catalogue.ts, which re-exports this file.
 */
/** An amount excluding VAT, its VAT and the amount including VAT, in cents. */
export interface PriceAmounts {
  htCentimes: number;
  tvaCentimes: number;
  ttcCentimes: number;
}

/** HT, VAT (rounded half away from zero) and TTC of an amount excluding VAT. */
export function amountsOf(htCentimes: number, rateBp: number = VAT_RATE_BP): PriceAmounts {
  const tvaCentimes = vatCentimes(htCentimes, rateBp);
  return { htCentimes, tvaCentimes, ttcCentimes: htCentimes + tvaCentimes };
}

/** What a phone costs (`prixNu`: alone; `prixAvecForfait`: with a plan under a 24-month commitment). */
export interface PhonePrices {
  prixNuCentimes: number;
  prixAvecForfaitCentimes: number;
}

/**
 * A phone's price excluding VAT, with a plan of `engagementMois` months (null: the phone alone):
 * alone or without commitment, the price alone; 24 months or more, the price with a plan; 12
 * months, the price alone less half the subsidy (rounded down to the cent).
 */
export function phonePriceCentimes(phone: PhonePrices, engagementMois: number | null): number {
  const { prixNuCentimes, prixAvecForfaitCentimes } = phone;
  if (engagementMois === null || engagementMois <= 0) return prixNuCentimes;
  if (engagementMois >= 24) return Math.min(prixAvecForfaitCentimes, prixNuCentimes);
  const subsidy = Math.max(0, prixNuCentimes - prixAvecForfaitCentimes);
  return prixNuCentimes - Math.floor((subsidy * engagementMois) / 24);
}

/** A promotion of the catalogue, as the API and the price functions read it. */
export interface CataloguePromotion {
  idPromotion: number;
  libelle: string;
  conditions: string;
  codePromo: string | null;
  cible: PromotionCible;
  type: PromotionType;
  /** Cents for MONTANT, hundredths of a percent for POURCENTAGE (1500 = 15 %). */
  valeur: number;
  /** Months a FORFAIT promotion lasts (null: as long as the line); null for one-off ones. */
  dureeMois: number | null;
  idOffreEngagement: number | null;
  idArticle: number | null;
  /** `YYYY-MM-DD`, first and last days (inclusive) it may be taken. */
  debut: string;
  fin: string | null;
}

/** A promo code as typed: spaces removed, upper case. */
export const normalizePromoCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

export type PromotionStanding = 'A_VENIR' | 'EN_COURS' | 'TERMINEE';

/** Whether a promotion may be taken on `day` (`YYYY-MM-DD`, in France): from `debut` to `fin` inclusive. */
export function promotionStanding(promotion: Pick<CataloguePromotion, 'debut' | 'fin'>, day: string): PromotionStanding {
  if (day < promotion.debut) return 'A_VENIR';
  if (promotion.fin !== null && day > promotion.fin) return 'TERMINEE';
  return 'EN_COURS';
}

/** What a promotion is weighed against: the line's plan and phone (and whether it has accessories). */
export interface PromotionContext {
  idOffreEngagement: number | null;
  idArticleMobile: number | null;
  avecAccessoires?: boolean;
}

/** Whether a promotion concerns this line: its target is there, and its plan or article restriction holds. */
export function promotionAppliesTo(promotion: CataloguePromotion, context: PromotionContext): boolean {
  if (promotion.idOffreEngagement !== null && promotion.idOffreEngagement !== context.idOffreEngagement) return false;
  if (promotion.idArticle !== null && promotion.idArticle !== context.idArticleMobile) return false;
  if (promotion.cible === 'FORFAIT') return context.idOffreEngagement !== null;
  if (promotion.cible === 'MOBILE') return context.idArticleMobile !== null;
  return context.avecAccessoires !== false;
}

export type PromoCodeCheck =
  | { ok: true; promotion: CataloguePromotion }
  | { ok: false; raison: 'INCONNU' }
  | { ok: false; raison: 'A_VENIR'; debut: string }
  | { ok: false; raison: 'TERMINEE'; fin: string }
  | { ok: false; raison: 'NON_APPLICABLE' };

/** The promotion a typed code names, if it may be taken on `day` for this line. */
export function checkPromoCode(
  promotions: readonly CataloguePromotion[],
  code: string,
  day: string,
  context?: PromotionContext,
): PromoCodeCheck {
  const wanted = normalizePromoCode(code);
  const promotion = wanted === '' ? undefined : promotions.find((p) => p.codePromo !== null && normalizePromoCode(p.codePromo) === wanted);
  if (!promotion) return { ok: false, raison: 'INCONNU' };
  const standing = promotionStanding(promotion, day);
  if (standing === 'A_VENIR') return { ok: false, raison: 'A_VENIR', debut: promotion.debut };
  if (standing === 'TERMINEE') return { ok: false, raison: 'TERMINEE', fin: promotion.fin ?? day };
  if (context && !promotionAppliesTo(promotion, context)) return { ok: false, raison: 'NON_APPLICABLE' };
  return { ok: true, promotion };
}

/** The promotions without a code that apply by themselves to this line on `day`. */
export function automaticPromotions(promotions: readonly CataloguePromotion[], day: string, context: PromotionContext): CataloguePromotion[] {
  return promotions.filter((p) => p.codePromo === null && promotionStanding(p, day) === 'EN_COURS' && promotionAppliesTo(p, context));
}

/** `numerator / denominator` rounded half away from zero (non-negative integers). */
const divideRounded = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** A promotion's discount on `baseCentimes` (≥ 0): never more than the base, never negative. */
export function promotionDiscountCentimes(promotion: Pick<CataloguePromotion, 'type' | 'valeur'>, baseCentimes: number): number {
  const base = Math.max(0, baseCentimes);
  const raw = promotion.type === 'MONTANT' ? promotion.valeur : divideRounded(base * Math.min(promotion.valeur, 10_000), 10_000);
  return Math.min(base, Math.max(0, raw));
}

/** One cart line as priced: plan, phone, options, accessories, insurance, promotions, quantity. */
export interface CartLineInput {
  quantite: number;
  /** The plan (monthly price HT and commitment); null: a phone bought alone. */
  forfait: { idOffreEngagement: number; prixMensuelCentimes: number; engagementMois: number } | null;
  /** Null: SIM only. */
  mobile: ({ idArticle: number } & PhonePrices) | null;
  options: readonly { idOption: number; prixMensuelCentimes: number }[];
  /** Accessories of one line (each with its own quantity, default 1). */
  accessoires: readonly { idArticle: number; prixCentimes: number; quantite?: number }[];
  assurance: { idAssurance: number; prixMensuelCentimes: number } | null;
  /** Promotions taken for this line (typed codes and automatic ones); those that do not concern it are ignored. */
  promotions: readonly CataloguePromotion[];
}

/** A promotion as applied to one line. */
export interface AppliedPromotion {
  idPromotion: number;
  libelle: string;
  cible: PromotionCible;
  /** Discount per line, HT: once for MOBILE and ACCESSOIRE, per month for FORFAIT. */
  remiseCentimes: number;
  /** Months a monthly discount lasts; null: one-off, or as long as the line. */
  dureeMois: number | null;
  mensuelle: boolean;
}

/** One cart line's prices, HT: per line (`…Unitaire…`) and for its quantity. */
export interface CartLinePrice {
  quantite: number;
  mobileCentimes: number;
  accessoiresCentimes: number;
  remisePonctuelleCentimes: number;
  /** One-off per line: phone + accessories − one-off discounts. */
  ponctuelUnitaireCentimes: number;
  forfaitCentimes: number;
  optionsCentimes: number;
  assuranceCentimes: number;
  /** Monthly discounts of the first month, per line. */
  remiseMensuelleCentimes: number;
  /** First month per line: plan + options + insurance − monthly discounts. */
  mensuelUnitaireCentimes: number;
  /** Once every limited monthly discount has ended, per line. */
  mensuelUnitaireSansRemiseCentimes: number;
  ponctuelCentimes: number;
  mensuelCentimes: number;
  promotions: AppliedPromotion[];
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Prices one cart line. Discounts never take a part below zero: FORFAIT promotions lower the
 * plan's monthly price (one after the other, each on what is left), MOBILE ones the phone, and
 * ACCESSOIRE ones the accessories' total; a promotion that does not concern the line is left out.
 */
export function priceCartLine(line: CartLineInput): CartLinePrice {
  const quantite = Math.max(0, Math.trunc(line.quantite));
  const mobileCentimes = line.mobile ? phonePriceCentimes(line.mobile, line.forfait ? line.forfait.engagementMois : null) : 0;
  const accessoiresCentimes = sum(line.accessoires.map((a) => a.prixCentimes * Math.max(0, Math.trunc(a.quantite ?? 1))));
  const forfaitCentimes = line.forfait?.prixMensuelCentimes ?? 0;
  const optionsCentimes = sum(line.options.map((o) => o.prixMensuelCentimes));
  const assuranceCentimes = line.assurance?.prixMensuelCentimes ?? 0;
  const context: PromotionContext = {
    idOffreEngagement: line.forfait?.idOffreEngagement ?? null,
    idArticleMobile: line.mobile?.idArticle ?? null,
    avecAccessoires: line.accessoires.length > 0,
  };
  const left: Record<PromotionCible, number> = { FORFAIT: forfaitCentimes, MOBILE: mobileCentimes, ACCESSOIRE: accessoiresCentimes };
  const seen = new Set<number>();
  const promotions: AppliedPromotion[] = [];
  for (const promotion of line.promotions) {
    if (seen.has(promotion.idPromotion) || !promotionAppliesTo(promotion, context)) continue;
    seen.add(promotion.idPromotion);
    const remiseCentimes = promotionDiscountCentimes(promotion, left[promotion.cible]);
    left[promotion.cible] -= remiseCentimes;
    const mensuelle = promotion.cible === 'FORFAIT';
    promotions.push({ idPromotion: promotion.idPromotion, libelle: promotion.libelle, cible: promotion.cible, remiseCentimes, dureeMois: mensuelle ? promotion.dureeMois : null, mensuelle });
  }
  const remisePonctuelleCentimes = sum(promotions.filter((p) => !p.mensuelle).map((p) => p.remiseCentimes));
  const remiseMensuelleCentimes = sum(promotions.filter((p) => p.mensuelle).map((p) => p.remiseCentimes));
  const permanent = sum(promotions.filter((p) => p.mensuelle && p.dureeMois === null).map((p) => p.remiseCentimes));
  const ponctuelUnitaireCentimes = mobileCentimes + accessoiresCentimes - remisePonctuelleCentimes;
  const mensuelUnitaireSansRemiseCentimes = forfaitCentimes + optionsCentimes + assuranceCentimes - permanent;
  const mensuelUnitaireCentimes = forfaitCentimes + optionsCentimes + assuranceCentimes - remiseMensuelleCentimes;
  return {
    quantite,
    mobileCentimes,
    accessoiresCentimes,
    remisePonctuelleCentimes,
    ponctuelUnitaireCentimes,
    forfaitCentimes,
    optionsCentimes,
    assuranceCentimes,
    remiseMensuelleCentimes,
    mensuelUnitaireCentimes,
    mensuelUnitaireSansRemiseCentimes,
    ponctuelCentimes: ponctuelUnitaireCentimes * quantite,
    mensuelCentimes: mensuelUnitaireCentimes * quantite,
    promotions,
  };
}

/** A priced line's monthly amount HT (for its quantity) in month `mois` (1: the first month). */
export function lineMonthlyCentimesInMonth(line: CartLinePrice, mois: number): number {
  const base = line.forfaitCentimes + line.optionsCentimes + line.assuranceCentimes;
  const discounts = sum(line.promotions.filter((p) => p.mensuelle && (p.dureeMois === null || mois <= p.dureeMois)).map((p) => p.remiseCentimes));
  return (base - discounts) * line.quantite;
}

/** The totals of a cart: one-off, first month and after every limited discount, each HT, VAT and TTC. */
export interface CartPriceTotals {
  ponctuel: PriceAmounts;
  mensuel: PriceAmounts;
  mensuelSansRemise: PriceAmounts;
  /** Every discount of the cart, HT, for its quantity: one-off, and monthly of the first month. */
  remisePonctuelleCentimes: number;
  remiseMensuelleCentimes: number;
}

/** Sums priced lines; VAT once on each total (see the rounding rule at the top of this file). */
export function cartPriceTotals(lines: readonly CartLinePrice[], rateBp: number = VAT_RATE_BP): CartPriceTotals {
  return {
    ponctuel: amountsOf(sum(lines.map((l) => l.ponctuelCentimes)), rateBp),
    mensuel: amountsOf(sum(lines.map((l) => l.mensuelCentimes)), rateBp),
    mensuelSansRemise: amountsOf(sum(lines.map((l) => l.mensuelUnitaireSansRemiseCentimes * l.quantite)), rateBp),
    remisePonctuelleCentimes: sum(lines.map((l) => l.remisePonctuelleCentimes * l.quantite)),
    remiseMensuelleCentimes: sum(lines.map((l) => l.remiseMensuelleCentimes * l.quantite)),
  };
}
