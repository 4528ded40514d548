import type { submitOrderRequestSchema } from '@ecare/shared';
import {
  CART_MAX_LINES,
  FLOW_STEP,
  LINE_MAX_ACCESSORIES,
  NUMBER_MODE_LABELS,
  PORTING_MAX_DAYS,
  SUBSCRIPTION_STATUS,
  cartLineTitle,
  orderContent,
  orderMoney,
  type MoneyLineInput,
  checkPromoCode,
  normalizePromoCode,
  errorMessage,
  nextWorkingDay,
  phoneName,
  phonePriceCentimes,
  portingDateVerdict,
  priceCartLine,
  promotionAppliesTo,
  promotionStanding,
  DEPOSIT_SHARE_BP,
  OPERATOR_TRANSFER_ACCOUNT,
  ORDER_PAYMENT_MODE,
  ORDER_STATUS,
  ORDER_TYPE,
  riskScore,
  addMonths,
  type SubmittedOrder,
  RECAP_DOCUMENTS,
  type RecapDocument,
  rioMatchesNumber,
  type ShopAddress,
  type Cart,
  type CartAddress,
  type CartAddressType,
  type CartCoordinates,
  type OrderValidation,
  type SavedCartAddress,
  savedCartAddressSchema,
  type CheckedAddress,
  type Commune,
  type CartLine,
  type CartLineInput,
  type CataloguePromotion,
  type PortingDateResponse,
  type PromotionCible,
} from '@ecare/shared';
import { addDays, parisDay } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import type { z } from 'zod';
import type { ServiceCore } from '../../core/core.ts';
import { layoutMail } from '../../platform/mail/index.ts';

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const formatEuros = (centimes: number) => money.format(centimes / 100);
import type { Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';
import type { OrdersModule } from '../orders/index.ts';
import type { PaymentModule } from '../payment/index.ts';
import type { UnpaidModule } from '../unpaid/index.ts';
import { checkedAddress, type AddressBase } from '../../lib/addresses/address-base.ts';
import { renderCartRecap } from './add-line.document.ts';
import {
  createAddLineRepository,
  type AddLineRepository,
  type CartLineRow,
  type LineValues,
  type NewContract,
  type OrderRow,
  type SubscriptionRow,
} from './add-line.repository.ts';

/** The signed-in caller (the customer an agent acts for, in agent mode) and where they call from. */
export interface Actor {
  userId: number;
  sourceAddress: string;
}

export interface AddLineDeps extends ServiceCore {
  repo: AddLineRepository;
  addressBase: AddressBase;
  /** The orders module's write side (createOrder, recordOrderEvent, setSubscriptionStatus). */
  orders: OrdersModule;
  /** The unpaid-balance check of the journey's server side. */
  unpaid: UnpaidModule;
  /** An order's card payment given up when it is paid by transfer instead. */
  payment: Pick<PaymentModule, 'giveUpOrderPayment'>;
}

/** The range new numbers are taken from (decision 038). */
export const NEW_NUMBER_RANGE = { start: '0780000000', end: '0789999999' } as const;

/** Cart writes per user: a person fills a cart with a few dozen clicks; a script far more. */
export const CART_WRITE_QUOTA = { max: 300, windowMs: 10 * 60_000 } as const;
/** RIO checks per user: each one tells whether a RIO belongs to a number, so they are counted. */
export const RIO_CHECK_QUOTA = { max: 30, windowMs: 10 * 60_000 } as const;

/** Postal-code look-ups per user: a form typed by hand, never thousands. */
export const ADDRESS_QUOTA = { max: 200, windowMs: 10 * 60_000 } as const;

/** The last step at which the cart may still change: once sent for payment it is the order's. */
const LAST_EDITABLE_STEP = FLOW_STEP.RécapitulatifDeLaCommande;

export interface SaveLineInput {
  IdClientBscs: number;
  IdLigne?: number | undefined;
  IdOffreEngagement: number;
  IdArticleMobile: number | null;
  Couleur: string | null;
  TypeSim: 'SIM' | 'ESIM';
  Quantite: number;
  Options: { IdOption: number }[];
}

/** What a line is, for the audit entry's before and after. */
function auditView(line: CartLineRow | undefined) {
  if (!line) return null;
  const { idLigne, quantite, idOffreEngagement, idArticleMobile, couleur, typeSim, modeNumero, msisdn, datePortage } = line;
  return { idLigne, quantite, idOffreEngagement, idArticleMobile, couleur, typeSim, modeNumero, msisdn, datePortage };
}

/** What one line of a cart holds, as stored: its frozen prices and what was chosen. */
interface StoredLine {
  line: CartLineRow;
  options: readonly { prixOptionCentimes: number; idOption: number }[];
  articles: readonly { idArticle: number; quantite: number; prixArticleCentimes: number }[];
}

/**
 * The line as the catalogue's price function reads it, at its frozen prices: the phone's price is
 * the one frozen (alone and with a plan alike), whatever the plan's commitment.
 */
function frozenInput({ line, options, articles }: StoredLine, promotions: readonly CataloguePromotion[]): CartLineInput {
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
function lineDetails(line: CartLine): string[] {
  const numero = line.Msisdn ? `${NUMBER_MODE_LABELS[line.ModeNumero]} : ${formatPhone(line.Msisdn)}${line.DatePortage ? `, le ${line.DatePortage.split('-').reverse().join('/')}` : ''}` : NUMBER_MODE_LABELS[line.ModeNumero];
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
function frozenPromotion(promotion: CataloguePromotion, remiseCentimes: number): CataloguePromotion {
  return { ...promotion, type: 'MONTANT', valeur: remiseCentimes };
}

/** The price a promotion lowers on a line (before any discount), what it is weighed against. */
function promotionBase(cible: PromotionCible, { line, articles }: StoredLine): number {
  if (cible === 'FORFAIT') return line.prixMensuelCentimes;
  if (cible === 'MOBILE') return line.prixMobileCentimes;
  return articles.reduce((sum, item) => sum + item.prixArticleCentimes * item.quantite, 0);
}

const contextOf = ({ line, articles }: StoredLine) => ({ idOffreEngagement: line.idOffreEngagement, idArticleMobile: line.idArticleMobile, avecAccessoires: articles.length > 0 });

/** What an order asks to be paid now: the deposit the risk asked for, or else its one-off total incl. VAT. */
export function amountDueNow(order: Pick<OrderRow, 'acompteCentimes' | 'totalUniqueHtCentimes' | 'tvaUniqueCentimes'>): number {
  return order.acompteCentimes > 0 ? order.acompteCentimes : order.totalUniqueHtCentimes + order.tvaUniqueCentimes;
}

/** The statuses of an order paid by card that still waits for its money: sent for payment, or refused and to pay again. */
const AWAITING_CARD: readonly number[] = [ORDER_STATUS.Validee, ORDER_STATUS.CbOfficeServerRefusee];

/** An order of new lines to pay by card that has not been paid yet (its payment waited for, or refused). */
export function awaitsCard(order: Pick<OrderRow, 'type' | 'modePaiement' | 'statut'>): boolean {
  return order.type === ORDER_TYPE.ExtensionParc && order.modePaiement === ORDER_PAYMENT_MODE.CarteBleue && AWAITING_CARD.includes(order.statut);
}

/**
 * The cart's lines as new contracts, EN_COURS, with new numbers from the shop's range or the numbers
 * ported or kept: an order paid by transfer at once, one paid by card when the payment is accepted.
 */
export async function createContracts(r: AddLineRepository, idClientBscs: number, idSouscription: number, now: Date): Promise<void> {
  const lines = await r.linesForContracts(idSouscription);
  const count = lines.reduce((sum, row) => sum + row.line.quantite, 0);
  const fresh = lines.reduce((sum, row) => sum + (row.line.modeNumero === 'NOUVEAU' ? row.line.quantite : 0), 0);
  const { ids, numbers } = await r.allocate(count, NEW_NUMBER_RANGE.start, NEW_NUMBER_RANGE.end);
  if (numbers.slice(0, fresh).some((numero) => numero > NEW_NUMBER_RANGE.end)) throw fail('ADD_LINE_NO_NUMBER_LEFT');
  let next = 0;
  let nextNumber = 0;
  for (const { line, engagementMois, idGamme, options } of lines) {
    const made: NewContract[] = [];
    for (let i = 0; i < line.quantite; i += 1) {
      const idContrat = ids[next];
      next += 1;
      const numero = line.modeNumero === 'NOUVEAU' ? numbers[nextNumber++] : line.msisdn;
      if (idContrat === undefined || !numero) throw new Error('allocation shorter than the cart');
      made.push({
        idContrat,
        idClientBscs,
        numeroLigne: numero,
        codeStatut: 'EN_COURS',
        idGamme,
        idOffreEngagement: line.idOffreEngagement,
        dateActivation: now,
        options,
        dateFinEngagement: engagementMois > 0 ? addMonths(parisDay(now), engagementMois) : null,
        typeSim: line.typeSim,
        inscriptionAnnuaire: line.inscriptionAnnuaire ? 'PARUTION' : 'LISTE_ROUGE',
      });
    }
    await r.insertContracts(made);
    await r.setLineContracts(line.idLigne, made.map((row) => row.idContrat));
  }
}

/**
 * The add-line cart (decision 038): one cart (subscription, status Incomplet) per billing account,
 * filled line by line, priced from the catalogue on the server.
 */
export function createAddLineService(deps: AddLineDeps) {
  const { repo, policy, audit, limits, clock, transaction, addressBase, orders, unpaid, payment, mail, brandName, publicUrl } = deps;

  async function withinQuota(key: string, quota: { max: number; windowMs: number }): Promise<void> {
    const verdict = await limits.quota(key, quota.max, quota.windowMs);
    if (!verdict.allowed) {
      const { retryAfterSeconds } = verdict;
      throw fail('ADD_LINE_TOO_MANY', { values: { minutes: Math.ceil(retryAfterSeconds / 60) }, retryAfterSeconds });
    }
  }

  const today = () => parisDay(clock.now());

  function assertEditable(cart: SubscriptionRow): void {
    if (cart.statut !== SUBSCRIPTION_STATUS.Incomplet || cart.etape > LAST_EDITABLE_STEP) throw fail('ADD_LINE_CART_LOCKED');
  }

  /** The caller must manage the account of the line's cart; unknown ids answer like foreign ones. */
  async function assertLineAccess(actor: Actor, idLigne: number): Promise<number> {
    const found = await repo.lineWithCart(idLigne);
    if (!found) throw fail('FORBIDDEN_ACCOUNT');
    await policy.assertAccount(actor.userId, found.cart.idClientBscs);
    return found.cart.idSouscription;
  }

  /**
   * A write on one line of a cart: access checked first (outside the transaction, which may use
   * only its own connection), then the line and its cart read again, locked, and the work done.
   */
  async function lineWrite(
    actor: Actor,
    idLigne: number,
    work: (r: AddLineRepository, tx: Transaction, found: { line: CartLineRow; cart: SubscriptionRow }) => Promise<void>,
  ): Promise<Cart> {
    const idSouscription = await assertLineAccess(actor, idLigne);
    await write(actor, async (r, tx) => {
      const locked = await r.lineWithCart(idLigne, true);
      if (!locked || locked.cart.idSouscription !== idSouscription) throw fail('FORBIDDEN_ACCOUNT');
      assertEditable(locked.cart);
      await work(r, tx, locked);
    });
    return cartOf(idSouscription);
  }

  /**
   * Recomputes the line's promotions at its frozen prices (the catalogue's price function): coded
   * ones kept while they still apply, automatic ones (no code) added where they apply, one per kind
   * of price lowered, each discount frozen with the line.
   */
  async function reprice(r: AddLineRepository, line: CartLineRow, extraCoded?: CataloguePromotion): Promise<void> {
    const day = today();
    // One after the other: `r` reads in the cart's transaction, on one connection.
    const applied = await r.linePromotions(line.idLigne);
    const articles = await r.lineArticles(line.idLigne);
    const options = await r.lineOptions(line.idLigne);
    const automatic = await r.automaticPromotions(day);
    const stored: StoredLine = { line, options, articles };
    const context = contextOf(stored);
    const candidates: CataloguePromotion[] = [...(extraCoded ? [extraCoded] : []), ...applied.map((row) => row.promotion).filter((p) => p.codePromo !== null), ...automatic];
    const taken = new Map<PromotionCible, CataloguePromotion>();
    for (const promotion of candidates) {
      if (taken.has(promotion.cible) || promotionStanding(promotion, day) !== 'EN_COURS' || !promotionAppliesTo(promotion, context)) continue;
      if (promotionBase(promotion.cible, stored) > 0) taken.set(promotion.cible, promotion);
    }
    const priced = priceCartLine(frozenInput(stored, [...taken.values()]));
    await r.setPromotions(
      line.idLigne,
      priced.promotions.map((promotion) => ({
        idPromotion: promotion.idPromotion,
        prixPromotionCentimes: promotionBase(promotion.cible, stored),
        remisePromotionCentimes: promotion.remiseCentimes,
      })),
    );
  }

  /** The delivery address of the order, checked; none when the order is collected at a shop. */
  async function deliveryAddress(livraison: SavedCartAddress | CartAddress, account: { raisonSociale: string; adresseNumero: string; adresseVoie: string; adresseCodePostal: string; adresseVille: string }) {
    if (livraison.mode === 'POINT_DE_VENTE') {
      if (!(await repo.pointOfSale(livraison.idPointDeVente))) throw fail('ADD_LINE_POINT_OF_SALE_UNKNOWN');
      return null;
    }
    const typed =
      livraison.mode === 'AUTRE_ADRESSE'
        ? livraison.adresse
        : { destinataire: account.raisonSociale, numero: account.adresseNumero, voie: account.adresseVoie, complement: '', codePostal: account.adresseCodePostal, ville: account.adresseVille };
    const checked = await checkedAddress(addressBase, typed);
    return { destinataire: checked.destinataire, numero: checked.numero, voie: checked.voie, complement: checked.complement, codePostal: checked.codePostal, ville: checked.ville, codeInsee: checked.codeInsee };
  }

  function orderMail(numero: string, montantCentimes: number, reference: string) {
    const amount = formatEuros(montantCentimes);
    return layoutMail(brandName, {
      title: `Votre commande ${numero} est enregistrée`,
      paragraphs: [
        `Nous avons bien reçu votre commande de nouvelles lignes, numéro ${numero}.`,
        `Pour la régler, faites un virement de ${amount} à ${OPERATOR_TRANSFER_ACCOUNT.titulaire}, IBAN ${OPERATOR_TRANSFER_ACCOUNT.iban}, BIC ${OPERATOR_TRANSFER_ACCOUNT.bic}, avec la référence ${reference}.`,
        'Vos lignes apparaissent dès maintenant dans votre parc, en cours de mise en service.',
      ],
      action: 'Suivre ma commande',
      link: `${publicUrl}/ecare/pages/mes-lignes-mobiles`,
      footer: 'Vous recevez ce message parce qu’une commande a été passée depuis votre espace client.',
    });
  }

  /**
   * An order paid by transfer, at its submission or instead of a card payment: its transfer
   * reference, the new lines (EN_COURS) and the transfer instructions e-mailed with its number.
   */
  async function completeByTransfer(
    r: AddLineRepository,
    tx: Transaction,
    order: Pick<OrderRow, 'id' | 'numero' | 'idClientBscs' | 'acompteCentimes' | 'totalUniqueHtCentimes' | 'tvaUniqueCentimes'> & { idSouscription: number },
    email: string,
    now: Date,
  ): Promise<void> {
    const reference = `VIR-${order.numero}`;
    await createContracts(r, order.idClientBscs, order.idSouscription, now);
    await r.setOrderPayment(order.id, { modePaiement: ORDER_PAYMENT_MODE.Virement, referenceVirement: reference }, now);
    await mail.send(email, orderMail(order.numero, amountDueNow(order), reference), { tx });
  }

  async function submittedOf(order: OrderRow): Promise<SubmittedOrder> {
    const [risk] = await repo.latestRisk(order.idClientBscs, order.idSouscription ?? 0);
    const lines = await repo.linesForContracts(order.idSouscription ?? 0);
    const aPayerCentimes = amountDueNow(order);
    return {
      numero: order.numero,
      idSouscription: order.idSouscription ?? 0,
      statut: order.statut,
      etape: order.etape,
      modePaiement: order.modePaiement ?? 0,
      risque: { score: risk?.score ?? 0, niveau: risk?.niveau ?? order.niveauRisque, decision: risk?.decision ?? 'ACCEPTE' },
      aPayerCentimes,
      acompteCentimes: order.acompteCentimes,
      virement:
        order.modePaiement === ORDER_PAYMENT_MODE.Virement
          ? { ...OPERATOR_TRANSFER_ACCOUNT, reference: order.referenceVirement ?? `VIR-${order.numero}`, montantCentimes: aPayerCentimes }
          : null,
      idContrats: lines.flatMap((row) => row.line.idContrats),
    };
  }

  async function write<T>(actor: Actor, work: (r: AddLineRepository, tx: Transaction) => Promise<T>): Promise<T> {
    await withinQuota(`add-line-cart:user:${actor.userId}`, CART_WRITE_QUOTA);
    return transaction((tx) => work(createAddLineRepository(tx.db), tx));
  }

  async function recordChange(
    actor: Actor,
    tx: Transaction,
    cart: SubscriptionRow,
    operation: string,
    avant: unknown,
    apres: unknown,
  ): Promise<void> {
    await createAddLineRepository(tx.db).touchCart(cart.idSouscription, clock.now());
    await audit.record(
      { userId: actor.userId, action: 'MODIFICATION_PANIER', idClientBscs: cart.idClientBscs, sourceAddress: actor.sourceAddress, details: { operation, idSouscription: cart.idSouscription, avant, apres } },
      { tx },
    );
  }

  async function view(idClientBscs: number, cart: SubscriptionRow | undefined): Promise<Cart> {
    const rows = cart ? await repo.cartLines(cart.idSouscription) : [];
    const lignes = rows.map(({ line, offre, marque, modele, stockageGo, assurance, options, articles, promotions }): Omit<CartLine, 'PonctuelUnitaireHtCentimes' | 'MensuelUnitaireHtCentimes'> => ({
      IdLigne: line.idLigne,
      Quantite: line.quantite,
      IdOffreEngagement: line.idOffreEngagement,
      LibelleOffre: offre,
      PrixMensuelCentimes: line.prixMensuelCentimes,
      IdArticleMobile: line.idArticleMobile,
      LibelleMobile: marque !== null && modele !== null ? phoneName({ marque, modele, stockageGo }) : null,
      Couleur: line.couleur,
      PrixMobileCentimes: line.prixMobileCentimes,
      TypeSim: line.typeSim,
      ModeNumero: line.modeNumero,
      Msisdn: line.msisdn,
      DatePortage: line.datePortage,
      InscriptionAnnuaire: line.inscriptionAnnuaire,
      Options: options.map((option) => ({ IdOption: option.idOption, Libelle: option.libelle, PrixOptionCentimes: option.prix })),
      Accessoires: articles.map(({ article, libelle }) => ({
        IdArticle: article.idArticle,
        Libelle: libelle ?? `Article ${article.idArticle}`,
        PrixArticleCentimes: article.prixArticleCentimes,
        Quantite: article.quantite,
        EstAccessoire: article.estAccessoire,
      })),
      Promotions: promotions.map(({ applied, promotion }) => ({
        IdPromotion: promotion.idPromotion,
        Libelle: promotion.libelle,
        Cible: promotion.cible,
        DureeMois: promotion.dureeMois,
        PrixPromotionCentimes: applied.prixPromotionCentimes,
        RemisePromotionCentimes: applied.remisePromotionCentimes,
        CodePromo: promotion.codePromo,
      })),
      IdAssurance: line.idAssurance,
      LibelleAssurance: line.idAssurance === null ? null : (assurance ?? 'Assurance du téléphone'),
      PrixAssuranceCentimes: line.idAssurance === null ? 0 : line.prixAssuranceCentimes,
    }));
    // Every amount of the cart, and its totals, from the one price model (decision 038).
    const money = orderMoney(
      rows.map((row, index): MoneyLineInput => {
        const shown = lignes[index];
        const frozen = frozenInput(
          { line: row.line, options: row.options.map((option) => ({ idOption: option.idOption, prixOptionCentimes: option.prix })), articles: row.articles.map(({ article }) => article) },
          row.promotions.map(({ applied, promotion }) => frozenPromotion(promotion, applied.remisePromotionCentimes)),
        );
        if (!shown) throw new Error('cart line without its view');
        return {
          ...frozen,
          libelle: cartLineTitle(shown),
          forfait: { idOffreEngagement: row.line.idOffreEngagement, prixMensuelCentimes: row.line.prixMensuelCentimes, engagementMois: 24, libelle: shown.LibelleOffre },
          mobile: frozen.mobile && { ...frozen.mobile, libelle: `${shown.LibelleMobile ?? `Article ${frozen.mobile.idArticle}`}${shown.Couleur ? `, ${shown.Couleur}` : ''}` },
          options: shown.Options.map((option) => ({ idOption: option.IdOption, prixMensuelCentimes: option.PrixOptionCentimes, libelle: option.Libelle })),
          accessoires: shown.Accessoires.map((item) => ({ idArticle: item.IdArticle, prixCentimes: item.PrixArticleCentimes, quantite: item.Quantite, libelle: item.Libelle })),
          assurance:
            frozen.assurance && { ...frozen.assurance, libelle: shown.LibelleAssurance ?? 'Assurance du téléphone', franchiseCentimes: row.franchise ?? 0 },
        };
      }),
    );
    const { commande, mensuel, mensuelFinPromotions } = money.totaux;
    const amounts = ({ htCentimes, tvaCentimes, ttcCentimes }: { htCentimes: number; tvaCentimes: number; ttcCentimes: number }) => ({ htCentimes, tvaCentimes, ttcCentimes });
    return {
      IdSouscription: cart?.idSouscription ?? null,
      IdClientBscs: idClientBscs,
      StatutSouscription: cart?.statut ?? SUBSCRIPTION_STATUS.Incomplet,
      Etape: cart?.etape ?? FLOW_STEP.ChoixDesOptions,
      Lignes: lignes.map((line, index) => ({
        ...line,
        PonctuelUnitaireHtCentimes: money.lignes[index]?.unitaire.commande.htCentimes ?? 0,
        MensuelUnitaireHtCentimes: money.lignes[index]?.unitaire.mensuel.htCentimes ?? 0,
      })),
      Totaux: {
        ponctuel: amounts(commande),
        mensuel: amounts(mensuel),
        mensuelSansRemise: mensuelFinPromotions,
        remisePonctuelleCentimes: commande.remisesCentimes,
        remiseMensuelleCentimes: mensuel.remisesCentimes,
        nombreLignes: rows.reduce((sum, row) => sum + row.line.quantite, 0),
      },
      Montants: money,
      Coordonnees: coordinatesOf(cart),
    };
  }

  async function cartOf(idSouscription: number): Promise<Cart> {
    const cart = await repo.cart(idSouscription);
    if (!cart) throw fail('FORBIDDEN_ACCOUNT');
    return view(cart.idClientBscs, cart);
  }

  /** The catalogue's prices and checks for a line as asked: plan, phone, colour, SIM type, options. */
  async function priced(r: AddLineRepository, input: SaveLineInput): Promise<{ values: LineValues; options: { idOption: number; prixOptionCentimes: number }[] }> {
    const offer = await r.mobileOffer(input.IdOffreEngagement);
    if (!offer) throw fail('ADD_LINE_OFFER_UNAVAILABLE');
    let prixMobileCentimes = 0;
    let couleur: string | null = null;
    if (input.IdArticleMobile !== null) {
      const phone = await r.phone(input.IdArticleMobile);
      if (!phone) throw fail('ADD_LINE_PHONE_UNAVAILABLE');
      if (phone.stock < input.Quantite) throw fail('ADD_LINE_PHONE_OUT_OF_STOCK', { values: { stock: Math.max(0, phone.stock) } });
      if (phone.couleurs.length > 0) {
        const asked = input.Couleur?.toLocaleLowerCase('fr');
        const match = phone.couleurs.find((colour) => colour.toLocaleLowerCase('fr') === asked);
        if (!match) throw fail('ADD_LINE_COLOUR_UNKNOWN');
        couleur = match;
      }
      if (input.TypeSim === 'ESIM' && !phone.esim) throw fail('ADD_LINE_ESIM_UNSUPPORTED');
      prixMobileCentimes = phonePriceCentimes(phone, offer.engagementMois);
    }
    const wanted = [...new Set(input.Options.map((option) => option.IdOption))];
    const found = await r.options(wanted);
    if (found.length !== wanted.length) throw fail('ADD_LINE_OPTION_UNAVAILABLE');
    return {
      values: {
        quantite: input.Quantite,
        idOffreEngagement: offer.idOffreEngagement,
        idArticleMobile: input.IdArticleMobile,
        couleur,
        typeSim: input.TypeSim,
        prixMensuelCentimes: offer.prixMensuelCentimes,
        prixMobileCentimes,
      },
      options: found.map((option) => ({ idOption: option.idOption, prixOptionCentimes: option.prixMensuelCentimes })),
    };
  }

  /** Number portability and keeping: one number, its RIO's key matching it, not already a line of the account. */
  async function assertNumber(r: AddLineRepository, cart: SubscriptionRow, line: CartLineRow, msisdn: string, rio: string): Promise<void> {
    if (line.quantite !== 1) throw fail('ADD_LINE_PORTABILITY_SINGLE');
    if (!rioMatchesNumber(rio, msisdn)) throw fail('ADD_LINE_RIO_INVALID');
    if (await r.numberTaken(cart.idClientBscs, cart.idSouscription, line.idLigne, msisdn)) throw fail('ADD_LINE_NUMBER_IN_USE');
  }

  function assertPortingDate(date: string): void {
    const verdict = portingDateVerdict(date, today());
    if (verdict.ok) return;
    if (verdict.reason === 'CLOSED') throw fail('ADD_LINE_PORTING_DATE_CLOSED', { values: { libelle: verdict.libelle } });
    const values = { date: verdict.date };
    throw fail(verdict.reason === 'TOO_SOON' ? 'ADD_LINE_PORTING_DATE_TOO_SOON' : 'ADD_LINE_PORTING_DATE_TOO_LATE', { values });
  }

  /** Whether an insurance still sold covers a phone: its ceiling at least the phone's price alone (as the catalogue lists them). */
  async function insuranceCovers(r: AddLineRepository, idAssurance: number, idArticleMobile: number | null): Promise<boolean> {
    if (idArticleMobile === null) return false;
    const insurance = await r.insurance(idAssurance);
    const phone = await r.phone(idArticleMobile);
    return insurance !== undefined && phone !== undefined && phone.prixNuCentimes <= insurance.plafondPrixMobileCentimes;
  }

  return {
    /** The account's cart being filled (empty when there is none yet). */
    async cart(userId: number, idClientBscs: number): Promise<Cart> {
      await policy.assertAccount(userId, idClientBscs);
      return view(idClientBscs, await repo.openCart(idClientBscs, LAST_EDITABLE_STEP));
    },

    /** `POST /api/ajout-lignes/enregistrer-ligne`: adds a line to the account's cart (made on the first line), or changes one. */
    async saveLine(actor: Actor, input: SaveLineInput): Promise<Cart> {
      await policy.assertAccount(actor.userId, input.IdClientBscs);
      if (input.IdLigne !== undefined) {
        const existing = await repo.lineWithCart(input.IdLigne);
        if (!existing || existing.cart.idClientBscs !== input.IdClientBscs) throw fail('FORBIDDEN_ACCOUNT');
      }
      const idSouscription = await write(actor, async (r, tx) => {
        if (!(await r.lockAccount(input.IdClientBscs))) throw fail('FORBIDDEN_ACCOUNT');
        const { values, options } = await priced(r, input);
        if (input.IdLigne === undefined) {
          const cart = (await r.openCart(input.IdClientBscs, LAST_EDITABLE_STEP)) ?? (await r.createCart(input.IdClientBscs, actor.userId));
          if ((await r.lineCount(cart.idSouscription)) >= CART_MAX_LINES) throw fail('ADD_LINE_CART_FULL', { values: { max: CART_MAX_LINES } });
          const line = await r.insertLine(cart.idSouscription, values);
          await r.setOptions(line.idLigne, options);
          await reprice(r, line);
          await recordChange(actor, tx, cart, 'AJOUT_LIGNE', null, auditView(line));
          return cart.idSouscription;
        }
        const locked = await r.lineWithCart(input.IdLigne, true);
        if (!locked) throw fail('FORBIDDEN_ACCOUNT');
        assertEditable(locked.cart);
        if (values.quantite !== 1 && locked.line.modeNumero !== 'NOUVEAU') throw fail('ADD_LINE_PORTABILITY_SINGLE');
        // Another phone (or none): an insurance that does not cover it goes.
        if (locked.line.idAssurance !== null && values.idArticleMobile !== locked.line.idArticleMobile && !(await insuranceCovers(r, locked.line.idAssurance, values.idArticleMobile ?? null))) {
          Object.assign(values, { idAssurance: null, prixAssuranceCentimes: 0 });
        }
        await r.updateLine(locked.line.idLigne, values);
        await r.setOptions(locked.line.idLigne, options);
        const updated = { ...locked.line, ...values };
        await reprice(r, updated);
        await recordChange(actor, tx, locked.cart, 'MODIFICATION_LIGNE', auditView(locked.line), auditView(updated));
        return locked.cart.idSouscription;
      });
      return cartOf(idSouscription);
    },

    /** `GET /api/ajout-lignes/maj-quantite`: the number of identical lines of a group. */
    async setQuantity(actor: Actor, idLigne: number, quantite: number): Promise<Cart> {
      return lineWrite(actor, idLigne, async (r, tx, { line, cart }) => {
        if (quantite !== 1 && line.modeNumero !== 'NOUVEAU') throw fail('ADD_LINE_PORTABILITY_SINGLE');
        if (line.idArticleMobile !== null) {
          const phone = await r.phone(line.idArticleMobile);
          if (!phone) throw fail('ADD_LINE_PHONE_UNAVAILABLE');
          if (phone.stock < quantite) throw fail('ADD_LINE_PHONE_OUT_OF_STOCK', { values: { stock: Math.max(0, phone.stock) } });
        }
        await r.updateLine(idLigne, { quantite });
        await recordChange(actor, tx, cart, 'QUANTITE', { quantite: line.quantite }, { quantite });
      });
    },

    async setAccessory(actor: Actor, input: { IdLigne: number; IdArticle: number; Quantite: number }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        const before = (await r.lineArticles(line.idLigne)).find((item) => item.idArticle === input.IdArticle);
        if (input.Quantite === 0) {
          await r.removeArticle(line.idLigne, input.IdArticle);
        } else {
          const accessory = await r.accessory(input.IdArticle);
          if (!accessory) throw fail('ADD_LINE_ACCESSORY_UNAVAILABLE');
          const fits = accessory.compatibles.length === 0 || (line.idArticleMobile !== null && accessory.compatibles.includes(line.idArticleMobile));
          if (!fits) throw fail('ADD_LINE_ACCESSORY_INCOMPATIBLE');
          if (!before && (await r.articleCount(line.idLigne)) >= LINE_MAX_ACCESSORIES) throw fail('ADD_LINE_ACCESSORY_UNAVAILABLE');
          await r.setArticle(line.idLigne, input.IdArticle, input.Quantite, accessory.prixCentimes);
        }
        await reprice(r, line);
        await recordChange(actor, tx, cart, 'ACCESSOIRE', before ? { idArticle: before.idArticle, quantite: before.quantite } : null, { idArticle: input.IdArticle, quantite: input.Quantite });
      });
    },

    async setSimType(actor: Actor, idLigne: number, typeSim: 'SIM' | 'ESIM'): Promise<Cart> {
      return lineWrite(actor, idLigne, async (r, tx, { line, cart }) => {
        if (typeSim === 'ESIM' && line.idArticleMobile !== null) {
          const phone = await r.phone(line.idArticleMobile);
          if (!phone?.esim) throw fail('ADD_LINE_ESIM_UNSUPPORTED');
        }
        await r.updateLine(idLigne, { typeSim });
        await recordChange(actor, tx, cart, 'TYPE_SIM', { typeSim: line.typeSim }, { typeSim });
      });
    },

    async setOption(actor: Actor, input: { IdLigne: number; IdOption: number; Active: boolean }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { cart }) => {
        if (input.Active) {
          const [option] = await r.options([input.IdOption]);
          if (!option) throw fail('ADD_LINE_OPTION_UNAVAILABLE');
          await r.addOption(input.IdLigne, option.idOption, option.prixMensuelCentimes);
        } else {
          await r.removeOption(input.IdLigne, input.IdOption);
        }
        await recordChange(actor, tx, cart, input.Active ? 'AJOUT_OPTION' : 'RETRAIT_OPTION', null, { idOption: input.IdOption });
      });
    },

    /** A promo code typed for a line: valid today, for that line, one promotion per kind of price lowered. */
    async applyPromotion(actor: Actor, input: { IdLigne: number; CodePromo: string }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        const found = await r.promotionByCode(normalizePromoCode(input.CodePromo));
        const articles = await r.lineArticles(line.idLigne);
        const check = checkPromoCode(found ? [found] : [], input.CodePromo, today(), contextOf({ line, options: [], articles }));
        if (!check.ok) {
          if (check.raison === 'A_VENIR') throw fail('CATALOGUE_PROMO_CODE_NOT_STARTED', { values: { debut: check.debut } });
          if (check.raison === 'TERMINEE') throw fail('CATALOGUE_PROMO_CODE_EXPIRED', { values: { fin: check.fin } });
          throw fail(check.raison === 'INCONNU' ? 'CATALOGUE_PROMO_CODE_UNKNOWN' : 'CATALOGUE_PROMO_CODE_NOT_APPLICABLE');
        }
        const { promotion } = check;
        const applied = await r.linePromotions(line.idLigne);
        if (applied.some((row) => row.promotion.idPromotion === promotion.idPromotion)) return;
        if (applied.some((row) => row.promotion.cible === promotion.cible)) throw fail('ADD_LINE_PROMO_ALREADY');
        if (promotionBase(promotion.cible, { line, options: [], articles }) === 0) throw fail('CATALOGUE_PROMO_CODE_NOT_APPLICABLE');
        await reprice(r, line, promotion);
        await recordChange(actor, tx, cart, 'PROMOTION', null, { idPromotion: promotion.idPromotion });
      });
    },

    async removePromotion(actor: Actor, input: { IdLigne: number; IdPromotion: number }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        const applied = await r.linePromotions(line.idLigne);
        await r.setPromotions(
          line.idLigne,
          applied.filter((row) => row.promotion.idPromotion !== input.IdPromotion).map(({ applied: row }) => row),
        );
        await recordChange(actor, tx, cart, 'RETRAIT_PROMOTION', { idPromotion: input.IdPromotion }, null);
      });
    },

    async deleteLine(actor: Actor, idLigne: number): Promise<Cart> {
      return lineWrite(actor, idLigne, async (r, tx, { line, cart }) => {
        await r.deleteLine(idLigne);
        await recordChange(actor, tx, cart, 'SUPPRESSION_LIGNE', auditView(line), null);
      });
    },

    /** Spec §3 RIO validation `{ rio, numero }`: whether the RIO's key matches the number. */
    async validateRio(userId: number, rio: string, numero: string): Promise<{ valide: boolean; message: string }> {
      await withinQuota(`add-line-rio:user:${userId}`, RIO_CHECK_QUOTA);
      const valide = rioMatchesNumber(rio, numero);
      return { valide, message: valide ? '' : errorMessage('ADD_LINE_RIO_INVALID') };
    },

    /** Whether a porting date may be chosen today, with the window of dates that may. */
    portingDate(date: string): PortingDateResponse {
      const day = today();
      const window = { datePortageMin: nextWorkingDay(day), datePortageMax: addDays(day, PORTING_MAX_DAYS) };
      try {
        assertPortingDate(date);
        return { valide: true, message: '', ...window };
      } catch (error) {
        return { valide: false, message: error instanceof Error ? error.message : '', ...window };
      }
    },

    /** Spec §3 portability payload: the line takes the number on the date, RIO checked against it. */
    async setPortability(actor: Actor, input: { IdSouscription: number; IdLigne: number; LignePNM: { DatePortage: string; Msisdn: string; Rio: string } }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        if (cart.idSouscription !== input.IdSouscription) throw fail('FORBIDDEN_ACCOUNT');
        const { DatePortage, Msisdn, Rio } = input.LignePNM;
        await assertNumber(r, cart, line, Msisdn, Rio);
        assertPortingDate(DatePortage);
        const values = { modeNumero: 'PORTABILITE' as const, msisdn: Msisdn, rio: Rio, datePortage: DatePortage, inscriptionAnnuaire: false };
        await r.updateLine(line.idLigne, values);
        await recordChange(actor, tx, cart, 'PORTABILITE', auditView(line), auditView({ ...line, ...values }));
      });
    },

    /** Spec §3 free-number variant: the number kept (RIO checked), listed in the directory or not. */
    async setNumberKeeping(actor: Actor, input: { IdLigne: number; Msisdn: string; Rio: string; InscriptionAnnuaire: boolean }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        await assertNumber(r, cart, line, input.Msisdn, input.Rio);
        const values = { modeNumero: 'CONSERVATION' as const, msisdn: input.Msisdn, rio: input.Rio, datePortage: null, inscriptionAnnuaire: input.InscriptionAnnuaire };
        await r.updateLine(line.idLigne, values);
        await recordChange(actor, tx, cart, 'CONSERVATION_NUMERO', auditView(line), auditView({ ...line, ...values }));
      });
    },

    /** Back to a new number, allocated when the order is validated. */
    async setNewNumber(actor: Actor, idLigne: number): Promise<Cart> {
      return lineWrite(actor, idLigne, async (r, tx, { line, cart }) => {
        const values = { modeNumero: 'NOUVEAU' as const, msisdn: null, rio: null, datePortage: null, inscriptionAnnuaire: false };
        await r.updateLine(line.idLigne, values);
        await recordChange(actor, tx, cart, 'NOUVEAU_NUMERO', auditView(line), auditView({ ...line, ...values }));
      });
    },

    /** The communes a postal code serves (offline table by default, see address-base.ts). */
    async communes(userId: number, codePostal: string): Promise<Commune[]> {
      await withinQuota(`add-line-address:user:${userId}`, ADDRESS_QUOTA);
      return addressBase.communes(codePostal);
    },

    /** An address checked against the postal code's communes; the city answered as the commune is named. */
    async checkAddress(userId: number, address: ShopAddress): Promise<CheckedAddress> {
      await withinQuota(`add-line-address:user:${userId}`, ADDRESS_QUOTA);
      return checkedAddress(addressBase, address);
    },

    /**
     * Submits the cart as an order (decision 038): unpaid check (AJL) first, then the risk score,
     * then in one transaction the order (idempotent per account and key), its risk decision and
     * address, the cart's status and step, and by transfer the new lines (EN_COURS) and the
     * confirmation e-mail. The same key answers the same order, whatever happened since.
     */
    async submit(actor: Actor & { email: string }, key: string, input: z.output<typeof submitOrderRequestSchema>): Promise<SubmittedOrder> {
      const cart = await repo.cart(input.IdSouscription);
      if (!cart) throw fail('FORBIDDEN_ACCOUNT');
      await policy.assertAccount(actor.userId, cart.idClientBscs);
      const replay = await repo.orderByKey(cart.idClientBscs, key);
      if (replay) return submittedOf(replay);
      await withinQuota(`add-line-cart:user:${actor.userId}`, CART_WRITE_QUOTA);
      assertEditable(cart);
      const shown = await view(cart.idClientBscs, cart);
      if (shown.Lignes.length === 0) throw fail('ADD_LINE_CART_EMPTY');
      const opened = await repo.recapsOpenedSince(cart.idClientBscs, cart.idSouscription, cart.updatedAt);
      if (!RECAP_DOCUMENTS.every((document) => opened.includes(document))) throw fail('ADD_LINE_RECAPS_NOT_OPENED');

      const verdict = await unpaid.verdictFor(cart.idClientBscs, 'AJL');
      if (verdict.arretParcours) throw fail('ADD_LINE_UNPAID', { values: { message: verdict.message } });

      const account = await repo.account(cart.idClientBscs);
      if (!account) throw fail('FORBIDDEN_ACCOUNT');
      // The delivery the cart keeps (the Coordonnées step), checked again against today's address base.
      const livraison = coordinatesOf(cart).LIVRAISON;
      if (!livraison) throw fail('ADD_LINE_DELIVERY_MISSING');
      const address = await deliveryAddress(livraison, account);

      const now = clock.now();
      const day = parisDay(now);
      const inputs = await repo.riskInputs(cart.idClientBscs, addDays(day, -730), day);
      const ancienneteMois = inputs.premiereActivation === null ? null : Math.floor((now.getTime() - inputs.premiereActivation.getTime()) / (30.44 * 86_400_000));
      const risk = riskScore({ facturesImpayees24Mois: inputs.facturesImpayees, ancienneteMois, montantTtcCentimes: shown.Totaux.ponctuel.ttcCentimes });
      const byTransfer = input.ModePaiement === ORDER_PAYMENT_MODE.Virement;
      if (risk.decision === 'VIREMENT_OBLIGATOIRE' && !byTransfer) throw fail('ADD_LINE_TRANSFER_REQUIRED');
      const acompteCentimes = risk.decision === 'ACOMPTE' ? Math.floor((shown.Totaux.ponctuel.ttcCentimes * DEPOSIT_SHARE_BP + 5_000) / 10_000) : 0;

      const order = await transaction(async (tx) => {
        const r = createAddLineRepository(tx.db);
        const locked = await r.lockCart(cart.idSouscription);
        const again = await r.orderByKey(cart.idClientBscs, key);
        if (again) return again;
        if (!locked) throw fail('FORBIDDEN_ACCOUNT');
        assertEditable(locked);
        const created = await orders.createOrder(
          tx,
          {
            idClientBscs: cart.idClientBscs,
            userId: actor.userId,
            type: ORDER_TYPE.ExtensionParc,
            statut: byTransfer ? ORDER_STATUS.PaiementSurFactureAttenteValidation : ORDER_STATUS.Validee,
            etape: byTransfer ? FLOW_STEP.TermineeConfirmation : FLOW_STEP.PaiementEnCours,
            idSouscription: cart.idSouscription,
            modePaiement: input.ModePaiement,
            niveauRisque: risk.niveau as 0 | 1 | 2 | 3 | 4 | 5,
            acompteCentimes,
            totalUniqueHtCentimes: shown.Totaux.ponctuel.htCentimes,
            totalMensuelHtCentimes: shown.Totaux.mensuel.htCentimes,
            tvaUniqueCentimes: shown.Totaux.ponctuel.tvaCentimes,
            idPointDeVente: livraison.mode === 'POINT_DE_VENTE' ? livraison.idPointDeVente : null,
            idempotencyKey: key,
            // The order's content as the recap showed it, frozen (decision 036): every amount with its label, the totals.
            recapitulatif: { ...orderContent(shown.Montants, shown.Lignes.map(lineDetails)), livraison },
          },
          now,
        );
        await r.insertRisk({ idClientBscs: cart.idClientBscs, idSouscription: cart.idSouscription, score: risk.score, niveau: risk.niveau, decision: risk.decision, motifs: risk.motifs, createdAt: now });
        if (address) await r.insertOrderAddress({ orderId: created.id, type: 3, ...address });
        await orders.setSubscriptionStatus(tx, cart.idSouscription, SUBSCRIPTION_STATUS.EnAttentePaiement, { now });
        await r.setCartStep(cart.idSouscription, byTransfer ? FLOW_STEP.TermineeConfirmation : FLOW_STEP.PaiementEnCours, now);
        if (byTransfer) {
          const totals = { acompteCentimes, totalUniqueHtCentimes: shown.Totaux.ponctuel.htCentimes, tvaUniqueCentimes: shown.Totaux.ponctuel.tvaCentimes };
          await completeByTransfer(r, tx, { ...created, ...totals, idClientBscs: cart.idClientBscs, idSouscription: cart.idSouscription }, actor.email, now);
        }
        await audit.record(
          { userId: actor.userId, action: 'COMMANDE_AJOUT_LIGNES', idClientBscs: cart.idClientBscs, sourceAddress: actor.sourceAddress, details: { numero: created.numero, modePaiement: input.ModePaiement, risque: risk } },
          { tx },
        );
        const row = await r.order(created.id);
        if (!row) throw new Error('order not found after creation');
        return row;
      });
      return submittedOf(order);
    },

    /**
     * An order sent for a card payment, still waiting for it or refused, paid by transfer instead
     * (decision 038): its waiting card payment given up, then as a transfer order at its submission
     * (the new lines EN_COURS, the instructions e-mailed). Asked again, it answers the same order.
     */
    async payByTransfer(actor: Actor & { email: string }, numero: string): Promise<SubmittedOrder> {
      const found = await repo.addLineOrder(numero);
      if (!found) throw fail('FORBIDDEN_ACCOUNT');
      await policy.assertAccount(actor.userId, found.idClientBscs);
      await withinQuota(`add-line-cart:user:${actor.userId}`, CART_WRITE_QUOTA);
      const now = clock.now();
      const order = await transaction(async (tx) => {
        const r = createAddLineRepository(tx.db);
        // The order first, then its card transaction: the payment module's lock order.
        const locked = await r.addLineOrder(numero, true);
        if (!locked) throw fail('FORBIDDEN_ACCOUNT');
        if (locked.modePaiement === ORDER_PAYMENT_MODE.Virement) return locked;
        const { idSouscription } = locked;
        if (!awaitsCard(locked) || idSouscription === null) throw fail('ADD_LINE_ORDER_NOT_CARD');
        if (locked.referenceTransaction !== null) await payment.giveUpOrderPayment(locked.referenceTransaction, now, tx);
        await orders.recordOrderEvent(tx, locked.id, { statut: ORDER_STATUS.PaiementSurFactureAttenteValidation, etape: FLOW_STEP.TermineeConfirmation, libelle: 'Paiement par virement choisi' }, now);
        await completeByTransfer(r, tx, { ...locked, idSouscription }, actor.email, now);
        await r.setCartStep(idSouscription, FLOW_STEP.TermineeConfirmation, now);
        await audit.record(
          {
            userId: actor.userId,
            action: 'COMMANDE_AJOUT_LIGNES',
            idClientBscs: locked.idClientBscs,
            sourceAddress: actor.sourceAddress,
            details: { numero, avant: { modePaiement: locked.modePaiement, statut: locked.statut }, apres: { modePaiement: ORDER_PAYMENT_MODE.Virement, statut: ORDER_STATUS.PaiementSurFactureAttenteValidation } },
          },
          { tx },
        );
        const row = await r.order(locked.id);
        if (!row) throw new Error('order not found after the change');
        return row;
      });
      return submittedOf(order);
    },

    /**
     * `POST /api/commande/assurance`: the phone's insurance of a line, its monthly price frozen from
     * the catalogue; only for a phone whose price alone is within its ceiling. Null removes it.
     */
    async setInsurance(actor: Actor, input: { IdLigne: number; IdAssurance: number | null }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        const before = { idAssurance: line.idAssurance, prixAssuranceCentimes: line.prixAssuranceCentimes };
        if (input.IdAssurance === null) {
          await r.updateLine(line.idLigne, { idAssurance: null, prixAssuranceCentimes: 0 });
          await recordChange(actor, tx, cart, 'RETRAIT_ASSURANCE', before, null);
          return;
        }
        const insurance = await r.insurance(input.IdAssurance);
        if (!insurance) throw fail('ADD_LINE_INSURANCE_UNAVAILABLE');
        if (line.idArticleMobile === null) throw fail('ADD_LINE_INSURANCE_NO_PHONE');
        const phone = await r.phone(line.idArticleMobile);
        if (!phone) throw fail('ADD_LINE_PHONE_UNAVAILABLE');
        if (phone.prixNuCentimes > insurance.plafondPrixMobileCentimes) throw fail('ADD_LINE_INSURANCE_CEILING');
        const values = { idAssurance: insurance.idAssurance, prixAssuranceCentimes: insurance.prixMensuelCentimes };
        await r.updateLine(line.idLigne, values);
        await recordChange(actor, tx, cart, 'ASSURANCE', before, values);
      });
    },

    /**
     * `POST /api/commande/adresse/enregistrer/{type}`: one address of the cart (delivery,
     * installation, eligibility), checked as the submission checks it, kept with the cart so that a
     * reload or another device finds it. A shop is for the delivery only.
     */
    async saveAddress(actor: Actor, type: CartAddressType, input: { IdSouscription: number; Adresse: CartAddress }): Promise<Cart> {
      const cart = await repo.cart(input.IdSouscription);
      if (!cart) throw fail('FORBIDDEN_ACCOUNT');
      await policy.assertAccount(actor.userId, cart.idClientBscs);
      assertEditable(cart);
      await withinQuota(`add-line-address:user:${actor.userId}`, ADDRESS_QUOTA);
      const { Adresse } = input;
      if (Adresse.mode === 'POINT_DE_VENTE' && type !== 'LIVRAISON') throw fail('ADD_LINE_ADDRESS_SHOP_DELIVERY_ONLY');
      const account = await repo.account(cart.idClientBscs);
      if (!account) throw fail('FORBIDDEN_ACCOUNT');
      const checked = await deliveryAddress(Adresse, account);
      const saved: SavedCartAddress =
        Adresse.mode === 'AUTRE_ADRESSE' ? { mode: 'AUTRE_ADRESSE', adresse: { ...Adresse.adresse, ...checked, codeInsee: checked?.codeInsee ?? '' } } : Adresse;
      await write(actor, async (r, tx) => {
        const locked = await r.lockCart(cart.idSouscription);
        if (!locked) throw fail('FORBIDDEN_ACCOUNT');
        assertEditable(locked);
        const kept = coordinatesOf(locked);
        await r.setCoordinates(locked.idSouscription, { ...kept, [type]: saved });
        await audit.record(
          {
            userId: actor.userId,
            action: 'MODIFICATION_PANIER',
            idClientBscs: locked.idClientBscs,
            sourceAddress: actor.sourceAddress,
            details: { operation: `ADRESSE_${type}`, idSouscription: locked.idSouscription, avant: kept[type], apres: saved },
          },
          { tx },
        );
      });
      return cartOf(cart.idSouscription);
    },

    /**
     * `POST /api/commande/validee`: where an order of new lines stands, for a manager of its account
     * (read only). An order is validated by the transfer chosen or by the payment provider's signed
     * notification, never by what the browser says.
     */
    async validation(userId: number, numero: string): Promise<OrderValidation> {
      const order = await repo.addLineOrder(numero);
      if (!order) throw fail('FORBIDDEN_ACCOUNT');
      await policy.assertAccount(userId, order.idClientBscs);
      const aPayerCentimes = amountDueNow(order);
      return {
        numero: order.numero,
        statut: order.statut,
        etape: order.etape,
        modePaiement: order.modePaiement ?? 0,
        validee: order.etape === FLOW_STEP.TermineeConfirmation,
        paiementRefuse: order.statut === ORDER_STATUS.CbOfficeServerRefusee,
        payableParCarte: awaitsCard(order) && aPayerCentimes > 0,
        aPayerCentimes,
      };
    },

    /**
     * A recap PDF of the cart (pre-contract information, contractual recap), recorded as opened:
     * confirming needs both, opened after the cart's last change.
     */
    async recap(actor: Actor, idSouscription: number, document: RecapDocument): Promise<{ fileName: string; pdf: Uint8Array }> {
      const cart = await repo.cart(idSouscription);
      if (!cart) throw fail('FORBIDDEN_ACCOUNT');
      await policy.assertAccount(actor.userId, cart.idClientBscs);
      const account = await repo.account(cart.idClientBscs);
      if (!account) throw fail('FORBIDDEN_ACCOUNT');
      const shown = await view(cart.idClientBscs, cart);
      if (shown.Lignes.length === 0) throw fail('ADD_LINE_CART_EMPTY');
      const pdf = await renderCartRecap(document, { ...shown, IdSouscription: idSouscription }, account, brandName, clock.now());
      await audit.record({ userId: actor.userId, action: 'LECTURE_RECAPITULATIF_COMMANDE', idClientBscs: cart.idClientBscs, sourceAddress: actor.sourceAddress, details: { idSouscription, document } });
      return { fileName: `${document}-panier-${idSouscription}.pdf`, pdf };
    },
  };
}
export type AddLineService = ReturnType<typeof createAddLineService>;
