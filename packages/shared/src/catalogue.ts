import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { MAX_ID } from './constants.ts';

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

export * from './catalogue-prices.ts';

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
