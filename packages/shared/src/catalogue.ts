import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { vatCentimes, VAT_RATE_BP } from './invoices.ts';

/**
 * The shop's catalogue (issue 12, decision 035): phones, plans, options by family, accessories,
 * insurances, promotions, points of sale, and the pure price functions every order creator
 * calls (add a line, new phone, tariff change).
 *
 * Money is integer cents excluding VAT (HT). Rounding rule: a percentage discount is rounded to
 * the cent half away from zero; VAT is computed once, on a total excluding VAT (one-off total,
 * monthly total), rounded to the cent half away from zero (`vatCentimes`, as invoices do), and
 * TTC = HT + VAT. So the TTC total is not the sum of rounded TTC unit prices, but always its
 * HT plus its VAT, and HT totals are exactly the sums of their parts.
 */

const MAX_ID = 2_147_483_647;
/** Prices above this (100 000 € HT) are refused as input: far above any article. */
export const MAX_PRICE_CENTIMES = 10_000_000;
/** Lines of one cart line (same plan, phone, options). */
export const MAX_LINE_QUANTITY = 100;

// ---------------------------------------------------------------------------------------------
// Enumerations

export const OPTION_FAMILY_SLUGS = {
  INTERNATIONAL: 'international',
  EUROPE: 'europe',
  SUISSE_ANDORRE: 'suisse-andorre',
  SATELLITE: 'satellite',
  ZONE_AFFAIRES: 'zone-affaires',
  ZONE_ETENDUE: 'zone-etendue',
  ZONE_NON_GROUPEE: 'zone-non-groupee',
  BLOCAGE_NUMEROS_SPECIAUX: 'blocage-numeros-speciaux',
  FACTURE_DETAILLEE: 'facture-detaillee',
  INTERNET_4G: 'internet-4g',
  INTERNET_5G: 'internet-5g',
  TARIF_MINUTE: 'tarif-minute',
} as const;
export type OptionFamily = keyof typeof OPTION_FAMILY_SLUGS;
export const OPTION_FAMILIES = Object.keys(OPTION_FAMILY_SLUGS) as OptionFamily[];
export type OptionFamilySlug = (typeof OPTION_FAMILY_SLUGS)[OptionFamily];
export const OPTION_FAMILY_LABELS: Record<OptionFamily, string> = {
  INTERNATIONAL: 'International',
  EUROPE: 'Europe',
  SUISSE_ANDORRE: 'Suisse et Andorre',
  SATELLITE: 'Satellite',
  ZONE_AFFAIRES: 'Zone Affaires',
  ZONE_ETENDUE: 'Zone étendue',
  ZONE_NON_GROUPEE: 'Zone non groupée',
  BLOCAGE_NUMEROS_SPECIAUX: 'Blocage des numéros spéciaux',
  FACTURE_DETAILLEE: 'Facture détaillée',
  INTERNET_4G: 'Internet 4G',
  INTERNET_5G: 'Internet 5G',
  TARIF_MINUTE: 'Tarif à la minute',
};
export const optionFamilyOfSlug = (slug: string): OptionFamily | undefined =>
  OPTION_FAMILIES.find((family) => OPTION_FAMILY_SLUGS[family] === slug);

export const PROMOTION_TARGET_VALUES = ['FORFAIT', 'MOBILE', 'ACCESSOIRE'] as const;
export type PromotionCible = (typeof PROMOTION_TARGET_VALUES)[number];
export const PROMOTION_TYPES = ['MONTANT', 'POURCENTAGE'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** Plan commitments the catalogue sells. */
export const COMMITMENT_MONTHS = [0, 12, 24] as const;

/** Third segment of `GET /api/mobiles/{idClientBscs}/{idOffreEngagement}/{disponibilite}`. */
export const PHONE_AVAILABILITY = ['tous', 'en-stock'] as const;
export const PHONE_SORTS = ['prix-croissant', 'prix-decroissant', 'nom'] as const;
export type PhoneSort = (typeof PHONE_SORTS)[number];
export const PHONE_SORT_LABELS: Record<PhoneSort, string> = {
  'prix-croissant': 'Prix croissant',
  'prix-decroissant': 'Prix décroissant',
  nom: 'Marque et modèle',
};

/**
 * A phone's name as people say it: the brand, then the model, the brand once only when the model
 * already carries it ("Xiaomi 15T", "Honor 400", not "Xiaomi Xiaomi 15T"); with its storage when given.
 */
export function phoneName(phone: { marque: string; modele: string; stockageGo?: number | null }): string {
  const { marque, modele, stockageGo } = phone;
  const name = modele.toLocaleLowerCase('fr').startsWith(`${marque.toLocaleLowerCase('fr')} `) ? modele : `${marque} ${modele}`;
  return stockageGo === undefined || stockageGo === null ? name : `${name} ${stockageGo} Go`;
}

/** Web path of a catalogue picture (served with the web app, drawn SVG). */
export const catalogueImageUrl = (file: string): string => `/catalogue/${file}`;
export const PHONE_IMAGE_SIZE = { width: 160, height: 240 } as const;
export const ACCESSORY_IMAGE_SIZE = { width: 160, height: 160 } as const;

// ---------------------------------------------------------------------------------------------
// Prices (pure functions)

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

// ---------------------------------------------------------------------------------------------
// API answers

export const priceAmountsSchema = lazySchema(() =>
  z.object({ htCentimes: z.number().int(), tvaCentimes: z.number().int(), ttcCentimes: z.number().int() }),
);

export const cataloguePhoneSchema = lazySchema(() =>
  z.object({
    idArticle: z.number().int(),
    marque: z.string(),
    modele: z.string(),
    description: z.string(),
    couleurs: z.array(z.string()),
    stockageGo: z.number().int(),
    esim: z.boolean(),
    cinqG: z.boolean(),
    /** Price alone. */
    prixNu: priceAmountsSchema,
    /** Price with a plan under a 24-month commitment. */
    prixAvecForfait: priceAmountsSchema,
    /** Price in the context asked (the plan of the path, or alone). */
    prix: priceAmountsSchema,
    stock: z.number().int(),
    disponible: z.boolean(),
    image: z.string(),
  }),
);
export type CataloguePhone = z.infer<typeof cataloguePhoneSchema>;

export const phoneListSchema = lazySchema(() =>
  z.object({
    /** Every brand of the catalogue (for the filter), whatever the filters. */
    marques: z.array(z.string()),
    /** The plan the prices are for; null: phones alone. */
    idOffreEngagement: z.number().int().nullable(),
    engagementMois: z.number().int().nullable(),
    mobiles: z.array(cataloguePhoneSchema),
  }),
);
export type PhoneList = z.infer<typeof phoneListSchema>;

export const cataloguePlanSchema = lazySchema(() =>
  z.object({
    idOffreEngagement: z.number().int(),
    libelle: z.string(),
    description: z.string(),
    id_Gamme: z.number().int(),
    engagementMois: z.number().int(),
    zones: z.array(z.string()),
    dataMo: z.number().int().nullable(),
    dataIllimitee: z.boolean(),
    optionsIncluses: z.array(z.string()),
    prixMensuel: priceAmountsSchema,
    commercialise: z.boolean(),
  }),
);
export type CataloguePlan = z.infer<typeof cataloguePlanSchema>;
export const planListSchema = lazySchema(() => z.array(cataloguePlanSchema));

export const planTargetSchema = lazySchema(() =>
  cataloguePlanSchema.extend({
    /** New monthly price minus the current one, HT (negative: cheaper). */
    differenceMensuelleCentimes: z.number().int(),
  }),
);
export const planChangeTargetsSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    actuel: cataloguePlanSchema,
    cibles: z.array(planTargetSchema),
  }),
);
export type PlanChangeTargets = z.infer<typeof planChangeTargetsSchema>;

export const catalogueOptionSchema = lazySchema(() =>
  z.object({
    idOption: z.number().int(),
    famille: z.enum(OPTION_FAMILIES as [OptionFamily, ...OptionFamily[]]),
    libelle: z.string(),
    description: z.string(),
    prixMensuel: priceAmountsSchema,
  }),
);
export type CatalogueOption = z.infer<typeof catalogueOptionSchema>;
export const optionFamilyListSchema = lazySchema(() =>
  z.array(
    z.object({ famille: z.enum(OPTION_FAMILIES as [OptionFamily, ...OptionFamily[]]), slug: z.string(), libelle: z.string(), options: z.array(catalogueOptionSchema) }),
  ),
);
export const optionListSchema = lazySchema(() => z.array(catalogueOptionSchema));

export const catalogueAccessorySchema = lazySchema(() =>
  z.object({
    idArticle: z.number().int(),
    libelle: z.string(),
    categorie: z.string(),
    description: z.string(),
    prix: priceAmountsSchema,
    stock: z.number().int(),
    disponible: z.boolean(),
    image: z.string(),
    compatibles: z.array(z.number().int()),
  }),
);
export type CatalogueAccessory = z.infer<typeof catalogueAccessorySchema>;
export const accessoryListSchema = lazySchema(() => z.array(catalogueAccessorySchema));

export const catalogueInsuranceSchema = lazySchema(() =>
  z.object({
    idAssurance: z.number().int(),
    libelle: z.string(),
    description: z.string(),
    prixMensuel: priceAmountsSchema,
    franchise: priceAmountsSchema,
    plafondPrixMobileCentimes: z.number().int(),
  }),
);
export type CatalogueInsurance = z.infer<typeof catalogueInsuranceSchema>;
export const insuranceListSchema = lazySchema(() => z.array(catalogueInsuranceSchema));

/** A promotion as listed: its code is not given away (`avecCode`). */
export const promotionSchema = lazySchema(() =>
  z.object({
    idPromotion: z.number().int(),
    libelle: z.string(),
    conditions: z.string(),
    avecCode: z.boolean(),
    cible: z.enum(PROMOTION_TARGET_VALUES),
    type: z.enum(PROMOTION_TYPES),
    valeur: z.number().int(),
    dureeMois: z.number().int().nullable(),
    idOffreEngagement: z.number().int().nullable(),
    idArticle: z.number().int().nullable(),
    debut: z.string(),
    fin: z.string().nullable(),
  }),
);
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionListSchema = lazySchema(() => z.array(promotionSchema));
export const promoCodeCheckSchema = lazySchema(() => promotionSchema.extend({ codePromo: z.string() }));

export const phonePriceSchema = lazySchema(() =>
  z.object({
    idArticle: z.number().int(),
    idContrat: z.number().int().nullable(),
    idOffreEngActuelle: z.number().int().nullable(),
    idOffreEngCible: z.number().int().nullable(),
    engagementMois: z.number().int().nullable(),
    prixNu: priceAmountsSchema,
    /** Before the promotion. */
    prix: priceAmountsSchema,
    remiseCentimes: z.number().int(),
    /** What the customer pays. */
    prixRemise: priceAmountsSchema,
    promotion: promotionSchema.nullable(),
  }),
);
export type PhonePrice = z.infer<typeof phonePriceSchema>;

export const nonWorkingDaySchema = lazySchema(() =>
  z.object({ date: z.string(), raison: z.enum(['DIMANCHE', 'JOUR_FERIE']), libelle: z.string() }),
);
export const nonWorkingDayListSchema = lazySchema(() => z.array(nonWorkingDaySchema));

export const pointOfSaleSchema = lazySchema(() =>
  z.object({
    idPointDeVente: z.number().int(),
    nom: z.string(),
    adresse: z.string(),
    codePostal: z.string(),
    ville: z.string(),
    horaires: z.string(),
    /** Distance from the account's address in whole kilometres, when the list is asked for an account (`idClientBscs`). */
    distanceKm: z.number().int().optional(),
  }),
);
export type PointOfSale = z.infer<typeof pointOfSaleSchema>;

/** A shop as orders, mails and pages name it: name, street, postal code and city. */
export const pointOfSalePlace = (shop: Pick<PointOfSale, 'nom' | 'adresse' | 'codePostal' | 'ville'>): string =>
  `${shop.nom}, ${shop.adresse}, ${shop.codePostal} ${shop.ville}`;
export const pointOfSaleListSchema = lazySchema(() => z.array(pointOfSaleSchema));

// ---------------------------------------------------------------------------------------------
// Requests

const idParam = (message: string) => z.coerce.number<string>(message).int(message).positive(message).max(MAX_ID, message);
const accountMessage = 'Le compte de facturation doit être désigné par son identifiant numérique.';
const contractMessage = 'La ligne doit être désignée par son identifiant numérique.';
const offerMessage = 'Le forfait doit être désigné par son identifiant numérique.';
const articleMessage = 'L’article doit être désigné par son identifiant numérique.';
const booleanParam = (message: string) => z.enum(['true', 'false'], message).transform((value) => value === 'true');
const euroParam = (message: string) => z.coerce.number<string>(message).int(message).min(0, message).max(MAX_PRICE_CENTIMES / 100, message);
const promoCode = lazySchema(() =>
  z
    .string('Le code promotionnel doit être un texte.')
    .trim()
    .min(1, 'Veuillez saisir un code promotionnel.')
    .max(30, 'Un code promotionnel compte 30 caractères au plus.')
    .regex(/^[A-Za-z0-9 -]+$/, 'Un code promotionnel ne contient que des lettres, des chiffres et des tirets.'),
);

export const phoneListParamsSchema = lazySchema(() =>
  z.object({
    idClientBscs: idParam(accountMessage),
    /** 0: phones alone. */
    idOffreEngagement: z.coerce.number<string>(offerMessage).int(offerMessage).min(0, offerMessage).max(MAX_ID, offerMessage),
    disponibilite: z.enum(PHONE_AVAILABILITY, 'La disponibilité doit être « tous » ou « en-stock ».'),
  }),
);

export const phoneListQuerySchema = lazySchema(() =>
  z.object({
    /** Brands, separated by commas. */
    marque: z.string().max(200, 'Trop de marques demandées.').optional(),
    /** Bounds of the price shown, in whole euros excluding VAT. */
    prixMin: euroParam('Le prix minimum doit être un nombre entier d’euros.').optional(),
    prixMax: euroParam('Le prix maximum doit être un nombre entier d’euros.').optional(),
    cinqG: booleanParam('Le filtre 5G vaut true ou false.').optional(),
    esim: booleanParam('Le filtre eSIM vaut true ou false.').optional(),
    tri: z.enum(PHONE_SORTS, 'Tri inconnu : prix-croissant, prix-decroissant ou nom.').optional(),
  }),
);
export type PhoneListQuery = z.infer<typeof phoneListQuerySchema>;

export const planListParamsSchema = lazySchema(() =>
  z.object({
    idClientBscs: idParam(accountMessage),
    idGamme: z.coerce.number<string>('La gamme vaut 1 (mobile) ou 2 (internet fixe).').int().min(1, 'La gamme vaut 1 (mobile) ou 2 (internet fixe).').max(2, 'La gamme vaut 1 (mobile) ou 2 (internet fixe).'),
  }),
);
export const planListQuerySchema = lazySchema(() =>
  z.object({
    engagement: z.enum(['0', '12', '24'], 'L’engagement vaut 0, 12 ou 24 mois.').transform(Number).optional(),
  }),
);

export const planChangeParamsSchema = lazySchema(() =>
  z.object({ idClientBscs: idParam(accountMessage), idContrat: idParam(contractMessage) }),
);

/** Price query (spec §3): IdArticle, IdOffreEngActuelle, IdOffreEngCible, CodePromo, IdContrat. */
export const phonePriceQuerySchema = lazySchema(() =>
  z.object({
    IdArticle: idParam(articleMessage),
    IdOffreEngActuelle: idParam(offerMessage).optional(),
    IdOffreEngCible: idParam(offerMessage).optional(),
    CodePromo: promoCode.optional(),
    IdContrat: idParam(contractMessage).optional(),
  }),
);
export type PhonePriceQuery = z.infer<typeof phonePriceQuerySchema>;

export const accessoryQuerySchema = lazySchema(() => z.object({ idArticle: idParam(articleMessage).optional() }));
export const insuranceQuerySchema = lazySchema(() => z.object({ idArticle: idParam(articleMessage).optional() }));
export const optionFamilyParamsSchema = lazySchema(() =>
  z.object({
    famille: z.enum(Object.values(OPTION_FAMILY_SLUGS) as [OptionFamilySlug, ...OptionFamilySlug[]], 'Cette famille d’options n’existe pas.'),
  }),
);
export const promotionQuerySchema = lazySchema(() =>
  z.object({
    cible: z.enum(PROMOTION_TARGET_VALUES, 'La cible vaut FORFAIT, MOBILE ou ACCESSOIRE.').optional(),
    idOffreEngagement: idParam(offerMessage).optional(),
    idArticle: idParam(articleMessage).optional(),
  }),
);
export const promoCodeParamsSchema = lazySchema(() => z.object({ code: promoCode }));
export const promoCodeQuerySchema = lazySchema(() =>
  z.object({
    idOffreEngagement: idParam(offerMessage).optional(),
    idArticle: idParam(articleMessage).optional(),
  }),
);

const dayParam = lazySchema(() => z.iso.date('La date doit être au format AAAA-MM-JJ.'));
export const nonWorkingDaysQuerySchema = lazySchema(() => z.object({ debut: dayParam, fin: dayParam }));
export const MAX_NON_WORKING_DAYS_SPAN = 366;

export const pointOfSaleQuerySchema = lazySchema(() =>
  z.object({
    codePostal: z
      .string()
      .regex(/^\d{2,5}$/, 'Le code postal (ou son début) ne contient que 2 à 5 chiffres.')
      .optional(),
    /** The customer's account: the shops come nearest first from its address, each with its distance. */
    idClientBscs: idParam(accountMessage).optional(),
  }),
);
