import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { closedReason } from './appointments-calendar.ts';
import { PROMOTION_TARGET_VALUES, priceAmountsSchema } from './catalogue.ts';
import { orderMoneySchema } from './order-money.ts';
import { addDays } from './paris-time.ts';
import { isValidRio } from './rio.ts';
import { idSchema as id } from './ids.ts';
import { savedCartAddressSchema } from './add-line-addresses.ts';

/**
 * The add-line cart (spec §1 "Add a line", §3 subscription and portability payloads, §7
 * "Catalogue and add line"; decision 038): a subscription of status Incomplet for one billing
 * account, its lines (plan, phone or SIM only, colour, SIM or eSIM, quantity, options,
 * accessories, promotions, number). Prices come from the catalogue on the server and are frozen
 * in the cart; what the browser sends as a price is never read. The cart's addresses and its
 * submission as an order have their files, exported from here.
 */

export * from './add-line-addresses.ts';
export * from './add-line-order.ts';

/** Lines (groups of identical lines) in one cart, and identical lines in one group (the table's check). */
export const CART_MAX_LINES = 20;
export const LINE_MAX_QUANTITY = 100;
export const LINE_MAX_ACCESSORIES = 10;
export const ACCESSORY_MAX_QUANTITY = 20;

export const SIM_TYPES = ['SIM', 'ESIM'] as const;
export const simTypeSchema = lazySchema(() => z.enum(SIM_TYPES));
export type SimType = z.infer<typeof simTypeSchema>;

export const NUMBER_MODES = ['NOUVEAU', 'PORTABILITE', 'CONSERVATION'] as const;
export type NumberMode = (typeof NUMBER_MODES)[number];
export const NUMBER_MODE_LABELS: Record<NumberMode, string> = {
  NOUVEAU: 'Nouveau numéro',
  PORTABILITE: 'Portabilité du numéro',
  CONSERVATION: 'Conservation du numéro',
};

const quantity = lazySchema(() =>
  z.coerce.number().int().min(1).max(LINE_MAX_QUANTITY).describe(`Nombre de lignes identiques (1 à ${LINE_MAX_QUANTITY})`),
);

/** A 10-digit French mobile number (06 or 07), spaces and dots allowed as typed. */
export const mobileNumberSchema = lazySchema(() =>
  z
    .string()
    .max(20)
    .transform((value) => value.replace(/[\s.]/g, ''))
    .pipe(z.string().regex(/^0[67]\d{8}$/, 'Le numéro doit compter 10 chiffres et commencer par 06 ou 07.')),
);

export const rioSchema = lazySchema(() =>
  z
    .string()
    .max(20)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[0-9A-Z+]{12}$/, 'Le RIO compte 12 caractères (chiffres et lettres).')),
);

const day = lazySchema(() => z.iso.date('La date doit être au format AAAA-MM-JJ.'));

// ---------------------------------------------------------------------------------------------
// Requests

/** `POST /api/ajout-lignes/enregistrer-ligne`: a new line of the cart, or a line changed (`IdLigne`). */
export const saveLineRequestSchema = lazySchema(() =>
  z.object({
    IdClientBscs: id('Le compte de facturation qui reçoit les lignes'),
    IdLigne: id('La ligne du panier à modifier ; absent pour en ajouter une').optional(),
    IdOffreEngagement: id('Le forfait mobile de la ligne'),
    IdArticleMobile: id('Le téléphone ; null pour une carte SIM seule').nullable(),
    Couleur: z.string().trim().max(40).nullable().describe('La couleur du téléphone, parmi celles du catalogue'),
    TypeSim: simTypeSchema.describe('Carte SIM ou eSIM'),
    Quantite: quantity,
    Options: z
      .array(z.object({ IdOption: id('Une option du catalogue') }))
      .max(20)
      .default([])
      .describe('Les options choisies (leur prix est celui du catalogue)'),
  }),
);
export type SaveLineRequest = z.input<typeof saveLineRequestSchema>;

/** `GET /api/ajout-lignes/maj-quantite?idLigne=&quantite=`. */
export const quantityQuerySchema = lazySchema(() =>
  z.object({ idLigne: id('La ligne du panier (groupe de lignes identiques)'), quantite: quantity }),
);

export const lineRefSchema = lazySchema(() => z.object({ IdLigne: id('La ligne du panier') }));
export type LineRef = z.input<typeof lineRefSchema>;

export const accessoryRequestSchema = lazySchema(() =>
  z.object({
    IdLigne: id('La ligne du panier'),
    IdArticle: id('L’accessoire du catalogue'),
    Quantite: z.coerce.number().int().min(0).max(ACCESSORY_MAX_QUANTITY).describe('0 retire l’accessoire'),
  }),
);
export type AccessoryRequest = z.input<typeof accessoryRequestSchema>;

export const esimRequestSchema = lazySchema(() =>
  z.object({ IdLigne: id('La ligne du panier'), TypeSim: simTypeSchema }),
);

export const optionRequestSchema = lazySchema(() =>
  z.object({
    IdLigne: id('La ligne du panier'),
    IdOption: id('L’option du catalogue'),
    Active: z.boolean().describe('true ajoute l’option, false la retire'),
  }),
);
export type OptionRequest = z.input<typeof optionRequestSchema>;

export const promotionRequestSchema = lazySchema(() =>
  z.object({
    IdLigne: id('La ligne du panier'),
    CodePromo: z.string().trim().min(1, 'Saisissez un code promotionnel.').max(30).regex(/^[A-Za-z0-9_-]+$/, 'Ce code promotionnel n’est pas valable.'),
  }),
);
export type PromotionRequest = z.input<typeof promotionRequestSchema>;

export const removePromotionRequestSchema = lazySchema(() =>
  z.object({ IdLigne: id('La ligne du panier'), IdPromotion: id('La promotion à retirer') }),
);

export const cartAccountParamSchema = lazySchema(() => z.object({ idClientBscs: id('Le compte de facturation') }));

/** Spec §3 "RIO validation payload". */
export const rioValidationRequestSchema = lazySchema(() =>
  z.object({ rio: z.string().max(40), numero: z.string().max(40) }),
);
export const rioValidationResponseSchema = lazySchema(() => z.object({ valide: z.boolean(), message: z.string() }));

/** Spec §3 "Number portability payload". */
export const portabilityRequestSchema = lazySchema(() =>
  z.object({
    IdSouscription: id('Le panier'),
    IdLigne: id('La ligne du panier'),
    LignePNM: z.object({
      DatePortage: day.describe('Le jour du portage (AAAA-MM-JJ), au plus tôt le premier jour ouvré suivant'),
      Msisdn: mobileNumberSchema.describe('Le numéro à porter'),
      Rio: rioSchema.describe('Le RIO du numéro chez l’opérateur actuel'),
    }),
  }),
);
export type PortabilityRequest = z.input<typeof portabilityRequestSchema>;

/** Spec §3 "Free-number variant": the number kept, with or without a directory listing. */
export const numberKeepingRequestSchema = lazySchema(() =>
  z.object({
    IdLigne: id('La ligne du panier'),
    Msisdn: mobileNumberSchema,
    Rio: rioSchema,
    InscriptionAnnuaire: z.boolean(),
  }),
);
export type NumberKeepingRequest = z.input<typeof numberKeepingRequestSchema>;

export const portingDateQuerySchema = lazySchema(() => z.object({ date: day }));
export const portingDateResponseSchema = lazySchema(() =>
  z.object({
    valide: z.boolean(),
    message: z.string(),
    datePortageMin: day,
    datePortageMax: day,
  }),
);
export type PortingDateResponse = z.infer<typeof portingDateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The cart as answered

const cents = lazySchema(() => z.number().int());

export const cartLineSchema = lazySchema(() =>
  z.object({
    IdLigne: z.number().int(),
    Quantite: z.number().int(),
    IdOffreEngagement: z.number().int(),
    LibelleOffre: z.string(),
    PrixMensuelCentimes: cents.describe('Prix mensuel du forfait HT, figé à l’ajout'),
    IdArticleMobile: z.number().int().nullable(),
    LibelleMobile: z.string().nullable(),
    Couleur: z.string().nullable(),
    PrixMobileCentimes: cents.describe('Prix du téléphone HT avec le forfait, figé à l’ajout'),
    TypeSim: simTypeSchema,
    ModeNumero: z.enum(NUMBER_MODES),
    Msisdn: z.string().nullable(),
    DatePortage: z.string().nullable(),
    InscriptionAnnuaire: z.boolean(),
    Options: z.array(z.object({ IdOption: z.number().int(), Libelle: z.string(), PrixOptionCentimes: cents })),
    Accessoires: z.array(
      z.object({ IdArticle: z.number().int(), Libelle: z.string(), PrixArticleCentimes: cents, Quantite: z.number().int(), EstAccessoire: z.boolean() }),
    ),
    Promotions: z.array(
      z.object({
        IdPromotion: z.number().int(),
        Libelle: z.string(),
        Cible: z.enum(PROMOTION_TARGET_VALUES),
        DureeMois: z.number().int().nullable(),
        PrixPromotionCentimes: cents,
        RemisePromotionCentimes: cents,
        CodePromo: z.string().nullable(),
      }),
    ),
    /** The phone's insurance, if chosen: its monthly price HT, frozen when chosen. */
    IdAssurance: z.number().int().nullable(),
    LibelleAssurance: z.string().nullable(),
    PrixAssuranceCentimes: cents,
    /** One line of the group: one-off and first month, HT, promotions applied. */
    PonctuelUnitaireHtCentimes: cents,
    MensuelUnitaireHtCentimes: cents,
  }),
);
export type CartLine = z.infer<typeof cartLineSchema>;

/** `Forfait Pro 50 Go avec Google Pixel 9a 128 Go (Obsidienne)`, or `… – carte SIM seule`: what a line of the cart is. */
export function cartLineTitle(line: Pick<CartLine, 'LibelleOffre' | 'LibelleMobile' | 'Couleur'>): string {
  return line.LibelleMobile ? `${line.LibelleOffre} avec ${line.LibelleMobile}${line.Couleur ? ` (${line.Couleur})` : ''}` : `${line.LibelleOffre} – carte SIM seule`;
}

/** The cart's totals, as the catalogue's `cartPriceTotals` makes them, and how many lines it adds. */
export const cartTotalsSchema = lazySchema(() =>
  z.object({
    /** Phones and accessories, one-off promotions applied. */
    ponctuel: priceAmountsSchema,
    /** Plans, options and insurance of the first month, monthly promotions applied. */
    mensuel: priceAmountsSchema,
    /** The monthly amount once every limited-time promotion has ended. */
    mensuelSansRemise: priceAmountsSchema,
    remisePonctuelleCentimes: cents,
    remiseMensuelleCentimes: cents,
    nombreLignes: z.number().int(),
  }),
);
export type CartTotals = z.infer<typeof cartTotalsSchema>;

// ---------------------------------------------------------------------------------------------
// Pure rules

/** Porting dates: from the first working day after today, up to 59 days after it (decision 038). */
export const PORTING_MAX_DAYS = 59;

/** The next working day (not a Sunday, not a French public holiday) strictly after `day`. */
export function nextWorkingDay(day: string): string {
  let next = addDays(day, 1);
  while (closedReason(next)) next = addDays(next, 1);
  return next;
}

export type PortingDateVerdict =
  | { ok: true }
  | { ok: false; reason: 'TOO_SOON' | 'TOO_LATE'; date: string }
  | { ok: false; reason: 'CLOSED'; libelle: string };

/** Whether a porting date may be asked for on `today` (Paris): at least one working day ahead, on a working day. */
export function portingDateVerdict(date: string, today: string): PortingDateVerdict {
  const min = nextWorkingDay(today);
  const max = addDays(today, PORTING_MAX_DAYS);
  if (date < min) return { ok: false, reason: 'TOO_SOON', date: min };
  if (date > max) return { ok: false, reason: 'TOO_LATE', date: max };
  const closed = closedReason(date);
  if (closed) return { ok: false, reason: 'CLOSED', libelle: closed.libelle };
  return { ok: true };
}

/** The RIO check of the free-number and portability payloads: the key must match the number. */
export function rioMatchesNumber(rio: string, numero: string): boolean {
  return isValidRio(rio, numero.replace(/[\s.]/g, ''));
}

/** The Coordonnées step's answers kept with the cart (null: not given yet). */
export const cartCoordinatesSchema = lazySchema(() =>
  z.object({
    LIVRAISON: savedCartAddressSchema.nullable(),
    INSTALLATION: savedCartAddressSchema.nullable(),
    ELIGIBILITE: savedCartAddressSchema.nullable(),
  }),
);
export type CartCoordinates = z.infer<typeof cartCoordinatesSchema>;

export const cartSchema = lazySchema(() =>
  z.object({
    IdSouscription: z.number().int().nullable().describe('null tant que le panier est vide'),
    IdClientBscs: z.number().int(),
    StatutSouscription: z.number().int(),
    Etape: z.number().int(),
    Lignes: z.array(cartLineSchema),
    Totaux: cartTotalsSchema,
    /**
     * What the cart charges, item by item with its label, and every total before and after
     * promotions (`orderMoney`): the page, both recap PDFs and the order are rendered from it.
     * `Montants.lignes[i]` is `Lignes[i]`.
     */
    Montants: orderMoneySchema,
    Coordonnees: cartCoordinatesSchema.describe('Les adresses de livraison, d’installation et d’éligibilité gardées avec le panier'),
  }),
);
export type Cart = z.infer<typeof cartSchema>;
