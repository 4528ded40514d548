import {
  FLOW_STEP,
  SUBSCRIPTION_STATUS,
  cartLineTitle,
  orderMoney,
  type MoneyLineInput,
  phoneName,
  priceCartLine,
  promotionAppliesTo,
  promotionStanding,
  type Cart,
  type CartAddress,
  type SavedCartAddress,
  type CartLine,
  type CataloguePromotion,
  type PromotionCible,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import type { ServiceCore } from '../../core/core.ts';
import type { Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';
import { checkedAddress, type AddressBase } from '../../lib/addresses/address-base.ts';
import type { FleetPolicyModule } from '../fleet-policy/index.ts';
import type { OrdersModule } from '../orders/index.ts';
import type { PaymentModule } from '../payment/index.ts';
import type { UnpaidModule } from '../unpaid/index.ts';
import {
  createAddLineRepository,
  type AddLineRepository,
  type CartLineRow,
  type SubscriptionRow,
} from './add-line.repository.ts';
import {
  type StoredLine,
  frozenInput,
  coordinatesOf,
  frozenPromotion,
  promotionBase,
  contextOf,
} from './add-line-lines.ts';

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
  /** The company's policy: a required cost centre, orders held for approval above a threshold (decision 051). */
  fleetPolicy: Pick<FleetPolicyModule, 'policyOf' | 'assertCentre' | 'hold'>;
}

/** Cart writes per user: a person fills a cart with a few dozen clicks; a script far more. */
export const CART_WRITE_QUOTA = { max: 300, windowMs: 10 * 60_000 } as const;
/** RIO checks per user: each one tells whether a RIO belongs to a number, so they are counted. */
export const RIO_CHECK_QUOTA = { max: 30, windowMs: 10 * 60_000 } as const;

/** Postal-code look-ups per user: a form typed by hand, never thousands. */
export const ADDRESS_QUOTA = { max: 200, windowMs: 10 * 60_000 } as const;

/** The last step at which the cart may still change: once sent for payment it is the order's. */
export const LAST_EDITABLE_STEP = FLOW_STEP.RécapitulatifDeLaCommande;

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

/**
 * What every part of the add-line service works with: its dependencies, the quota, the cart's
 * locks and audit of a change, and the cart as the customer sees it, priced by the one price
 * model (decision 038).
 */
export function createCartContext(deps: AddLineDeps) {
  const { repo, policy, audit, limits, clock, transaction, addressBase } = deps;
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

  return { ...deps, withinQuota, today, assertEditable, assertLineAccess, lineWrite, reprice, deliveryAddress, write, recordChange, view, cartOf };
}

export type CartContext = ReturnType<typeof createCartContext>;
