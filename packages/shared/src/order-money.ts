import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { amountsOf, cartPriceTotals, priceCartLine, priceAmountsSchema, type CartLineInput } from './catalogue.ts';
import { VAT_RATE_BP } from './invoices.ts';

/**
 * What an order charges, item by item (decisions 036, 038, 039): the one pure function from which
 * the add-line recap page, both recap PDFs and every order's stored content are rendered, so
 * that they cannot disagree. Each amount the customer pays is an item with its label; promotions
 * are items too (negative); every total is the sum of the items listed above it, to the cent:
 * per line of a group, per group (its quantity), for the order, at order and per month, before
 * and after promotions, and per month once the limited promotions have ended. VAT is computed
 * once on each order total (see `catalogue.ts`).
 */

export const CHARGE_NATURES = ['FORFAIT', 'OPTION', 'ASSURANCE', 'MOBILE', 'ACCESSOIRE', 'PROMOTION'] as const;
export type ChargeNature = (typeof CHARGE_NATURES)[number];
export const CHARGE_NATURE_LABELS: Record<ChargeNature, string> = {
  FORFAIT: 'Forfait',
  OPTION: 'Option',
  ASSURANCE: 'Assurance',
  MOBILE: 'Téléphone',
  ACCESSOIRE: 'Accessoire',
  PROMOTION: 'Promotion',
};

/** When an item is paid: once at the order, or every month. */
export const CHARGE_MOMENTS = ['COMMANDE', 'MENSUEL'] as const;
export type ChargeMoment = (typeof CHARGE_MOMENTS)[number];

/** A line to price, each part with the label the customer reads (the frozen prices of a cart line, or a new phone). */
export interface MoneyLineInput extends CartLineInput {
  /** What the line is: `Forfait Pro 50 Go avec Google Pixel 9a 128 Go (Obsidienne)`. */
  libelle: string;
  forfait: (NonNullable<CartLineInput['forfait']> & { libelle: string }) | null;
  mobile: (NonNullable<CartLineInput['mobile']> & { libelle: string }) | null;
  options: readonly (CartLineInput['options'][number] & { libelle: string })[];
  accessoires: readonly (CartLineInput['accessoires'][number] & { libelle: string })[];
  /** The phone's insurance, with its excess per claim (HT). */
  assurance: (NonNullable<CartLineInput['assurance']> & { libelle: string; franchiseCentimes: number }) | null;
}

const cents = lazySchema(() => z.number().int());

export const chargeItemSchema = lazySchema(() =>
  z.object({
    nature: z.enum(CHARGE_NATURES),
    moment: z.enum(CHARGE_MOMENTS),
    libelle: z.string(),
    /** HT, for one line of the group; negative for a promotion. */
    montantCentimes: cents,
    /** How many of the article (accessories), the amount being for all of them. */
    quantite: z.number().int(),
    /** A monthly promotion: the months it lasts (null: as long as the line); null for anything else. */
    dureeMois: z.number().int().nullable(),
    /** The insurance: its excess per claim, HT; null for anything else. */
    franchiseCentimes: cents.nullable(),
  }),
);
export type ChargeItem = z.infer<typeof chargeItemSchema>;

/** An amount before promotions, the promotions taken off (positive), and what is left (HT). */
export const discountedSchema = lazySchema(() =>
  z.object({ avantPromotionsCentimes: cents, remisesCentimes: cents, htCentimes: cents }),
);
export type Discounted = z.infer<typeof discountedSchema>;

const amountsSchema = lazySchema(() =>
  z.object({
    commande: discountedSchema,
    mensuel: discountedSchema,
    /** Per month once every limited promotion has ended. */
    mensuelFinPromotionsCentimes: cents,
  }),
);

export const moneyLineSchema = lazySchema(() =>
  z.object({
    libelle: z.string(),
    quantite: z.number().int(),
    /** At order first, then monthly; for one line of the group. */
    elements: z.array(chargeItemSchema),
    /** One line of the group: the sums of its items. */
    unitaire: amountsSchema,
    /** The group: one line's amounts times its quantity. */
    total: amountsSchema,
  }),
);
export type MoneyLine = z.infer<typeof moneyLineSchema>;

const discountedTotalSchema = lazySchema(() => discountedSchema.extend({ tvaCentimes: cents, ttcCentimes: cents }));

export const orderMoneyTotalsSchema = lazySchema(() =>
  z.object({
    /** The groups' totals at order added up; VAT 20 % once on the total. */
    commande: discountedTotalSchema,
    /** The first month. */
    mensuel: discountedTotalSchema,
    /** Per month once every limited promotion has ended. */
    mensuelFinPromotions: priceAmountsSchema,
  }),
);
export type OrderMoneyTotals = z.infer<typeof orderMoneyTotalsSchema>;

export const orderMoneySchema = lazySchema(() => z.object({ lignes: z.array(moneyLineSchema), totaux: orderMoneyTotalsSchema }));
export type OrderMoney = z.infer<typeof orderMoneySchema>;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function discounted(avantPromotionsCentimes: number, htCentimes: number): Discounted {
  return { avantPromotionsCentimes, remisesCentimes: avantPromotionsCentimes - htCentimes, htCentimes };
}

function withVat(amount: Discounted, rateBp: number): z.infer<typeof discountedTotalSchema> {
  const { tvaCentimes, ttcCentimes } = amountsOf(amount.htCentimes, rateBp);
  return { ...amount, tvaCentimes, ttcCentimes };
}

const item = (nature: ChargeNature, moment: ChargeMoment, libelle: string, montantCentimes: number, extra: Partial<Pick<ChargeItem, 'quantite' | 'dureeMois' | 'franchiseCentimes'>> = {}): ChargeItem => ({
  nature,
  moment,
  libelle,
  montantCentimes,
  quantite: extra.quantite ?? 1,
  dureeMois: extra.dureeMois ?? null,
  franchiseCentimes: extra.franchiseCentimes ?? null,
});

/**
 * Prices the lines of an order (the catalogue's `priceCartLine`: promotions, phone price by
 * commitment) and lists what each one charges. The totals are the price function's; the property
 * test checks that the items listed add up to each of them.
 */
export function orderMoney(lines: readonly MoneyLineInput[], rateBp: number = VAT_RATE_BP): OrderMoney {
  const priced = lines.map((line) => priceCartLine(line));
  const lignes = lines.map((line, index): MoneyLine => {
    const price = priced[index] ?? priceCartLine(line);
    const elements: ChargeItem[] = [];
    if (line.mobile) elements.push(item('MOBILE', 'COMMANDE', line.mobile.libelle, price.mobileCentimes));
    for (const accessory of line.accessoires) {
      const quantite = Math.max(0, Math.trunc(accessory.quantite ?? 1));
      elements.push(item('ACCESSOIRE', 'COMMANDE', accessory.libelle, accessory.prixCentimes * quantite, { quantite }));
    }
    for (const promotion of price.promotions.filter((p) => !p.mensuelle)) elements.push(item('PROMOTION', 'COMMANDE', promotion.libelle, 0 - promotion.remiseCentimes));
    if (line.forfait) elements.push(item('FORFAIT', 'MENSUEL', line.forfait.libelle, price.forfaitCentimes));
    for (const option of line.options) elements.push(item('OPTION', 'MENSUEL', option.libelle, option.prixMensuelCentimes));
    if (line.assurance) elements.push(item('ASSURANCE', 'MENSUEL', line.assurance.libelle, price.assuranceCentimes, { franchiseCentimes: line.assurance.franchiseCentimes }));
    for (const promotion of price.promotions.filter((p) => p.mensuelle)) {
      elements.push(item('PROMOTION', 'MENSUEL', promotion.libelle, 0 - promotion.remiseCentimes, { dureeMois: promotion.dureeMois }));
    }
    const unitaire = {
      commande: discounted(price.mobileCentimes + price.accessoiresCentimes, price.ponctuelUnitaireCentimes),
      mensuel: discounted(price.forfaitCentimes + price.optionsCentimes + price.assuranceCentimes, price.mensuelUnitaireCentimes),
      mensuelFinPromotionsCentimes: price.mensuelUnitaireSansRemiseCentimes,
    };
    const times = (amount: Discounted) => discounted(amount.avantPromotionsCentimes * price.quantite, amount.htCentimes * price.quantite);
    return {
      libelle: line.libelle,
      quantite: price.quantite,
      elements,
      unitaire,
      total: { commande: times(unitaire.commande), mensuel: times(unitaire.mensuel), mensuelFinPromotionsCentimes: unitaire.mensuelFinPromotionsCentimes * price.quantite },
    };
  });
  const totals = cartPriceTotals(priced, rateBp);
  return {
    lignes,
    totaux: {
      commande: withVat(discounted(sum(lignes.map((l) => l.total.commande.avantPromotionsCentimes)), totals.ponctuel.htCentimes), rateBp),
      mensuel: withVat(discounted(sum(lignes.map((l) => l.total.mensuel.avantPromotionsCentimes)), totals.mensuel.htCentimes), rateBp),
      mensuelFinPromotions: totals.mensuelSansRemise,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Words, the same on the page and in the PDFs

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** `1 234,56 €` from cents; a negative amount with the minus sign (U+2212). */
export const formatCentimes = (centimes: number): string => `${centimes < 0 ? '−' : ''}${money.format(Math.abs(centimes) / 100)}`;

/** `Assurance Casse et Vol`, `2 × Coque transparente`: an item as named in a list. */
export const chargeItemLabel = (charge: ChargeItem): string => (charge.quantite > 1 ? `${charge.quantite} × ${charge.libelle}` : charge.libelle);

/** `8,32 € HT par mois`, `−5,00 € HT par mois pendant 6 mois`, `99,00 € HT`. */
export function chargeAmountText(charge: ChargeItem): string {
  const amount = `${formatCentimes(charge.montantCentimes)} HT`;
  if (charge.moment === 'COMMANDE') return amount;
  return charge.dureeMois === null ? `${amount} par mois` : `${amount} par mois pendant ${charge.dureeMois} mois`;
}

/** What else an item binds the customer to: the insurance's excess per claim. */
export function chargeNote(charge: ChargeItem): string | null {
  if (charge.franchiseCentimes === null) return null;
  const { htCentimes, ttcCentimes } = amountsOf(charge.franchiseCentimes);
  return `Franchise de ${formatCentimes(htCentimes)} HT (${formatCentimes(ttcCentimes)} TTC) par sinistre`;
}


// ---------------------------------------------------------------------------------------------
// An order's content (decision 036), as every journey writes it at order time

/** A line of an order as its recap keeps it: the orders module reads these fields. */
export const orderRecapLineSchema = lazySchema(() =>
  z.object({
    libelle: z.string(),
    quantite: z.number().int().positive().default(1),
    /** One line of the group, HT, promotions taken off. */
    prixUniqueHtCentimes: z.number().int().default(0),
    prixMensuelHtCentimes: z.number().int().default(0),
    details: z.array(z.string()).default([]),
    /** Every amount it charges, with its label (none in orders written before them). */
    elements: z.array(chargeItemSchema).default([]),
  }),
);
export type OrderRecapLine = z.infer<typeof orderRecapLineSchema>;

/**
 * What an order keeps of its price model, frozen when it is placed: its lines with their items
 * and its totals. `details` says, per line, what is not money (SIM card, number, colour).
 */
export function orderContent(money: OrderMoney, details: readonly (readonly string[])[]): { lignes: OrderRecapLine[]; totaux: OrderMoneyTotals } {
  return {
    lignes: money.lignes.map((line, index) => ({
      libelle: line.libelle,
      quantite: line.quantite,
      prixUniqueHtCentimes: line.unitaire.commande.htCentimes,
      prixMensuelHtCentimes: line.unitaire.mensuel.htCentimes,
      details: [...(details[index] ?? [])],
      elements: line.elements,
    })),
    totaux: money.totaux,
  };
}
