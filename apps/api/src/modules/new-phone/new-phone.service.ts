import {
  ADDRESS_TYPE,
  amountsOf,
  catalogueImageUrl,
  phoneName,
  errorMessage,
  FLOW_STEP,
  lineBlock,
  needsApproval,
  newPhonePriceCentimes,
  newPhonePricing,
  OPERATOR_TRANSFER_ACCOUNT,
  ORDER_PAYMENT_MODE,
  orderContent,
  orderMoney,
  ORDER_STATUS,
  ORDER_TYPE,
  renewalDate,
  type NewPhoneBlock,
  type NewPhoneEligibility,
  type NewPhoneOfferList,
  type NewPhoneOrder,
  type NewPhonePricing,
  type newPhoneOrderRequestSchema,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import type { z } from 'zod';
import type { Actor as CoreActor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import type { Transaction } from '../../db/transaction.ts';
import { checkedAddress, type AddressBase } from '../../lib/addresses/address-base.ts';
import { fail } from '../../lib/errors.ts';
import { actingAgent, assertMayOrderNewPhone, type ContractAccess } from '../../policy/access-policy.ts';
import { layoutMail } from '../../platform/mail/index.ts';
import type { FleetPolicyModule } from '../fleet-policy/index.ts';
import type { OrdersModule } from '../orders/index.ts';
import type { UnpaidModule } from '../unpaid/index.ts';
import { afterTransferSentence, type CollectionShop } from './new-phone-delivery.ts';
import { createNewPhoneRepository, type NewPhoneLine, type NewPhoneRepository, type OrderRow, type PhoneRow } from './new-phone.repository.ts';

/** Who acts (core/actor.ts), with the address the confirmation goes to. */
export interface Actor extends CoreActor {
  email: string;
}

export interface NewPhoneDeps extends ServiceCore {
  repo: NewPhoneRepository;
  /** Where another delivery address is checked (the offline table of communes by default, decision 038). */
  addressBase: AddressBase;
  orders: OrdersModule;
  unpaid: UnpaidModule;
  /** The company's policy: an order above the threshold held for a second manager's approval (decision 051). */
  fleetPolicy: Pick<FleetPolicyModule, 'policyOf' | 'hold'>;
}

/** Orders sent per user and hour: a few lines renewed, never a script. */
export const NEW_PHONE_ORDER_QUOTA = { max: 20, windowMs: 60 * 60_000 } as const;

const BLOCK_ERRORS = {
  GESTIONNAIRE_SEUL: 'NEW_PHONE_MANAGER_ONLY',
  LIGNE_INACTIVE: 'NEW_PHONE_LINE_INACTIVE',
  RESILIATION_PROGRAMMEE: 'NEW_PHONE_TERMINATION_SCHEDULED',
} as const satisfies Partial<Record<NewPhoneBlock, string>>;

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
export const formatEuros = (centimes: number) => money.format(centimes / 100);

export const phoneLabel = (phone: Pick<PhoneRow, 'marque' | 'modele' | 'stockageGo'>) => phoneName(phone);

/** What the order's recap keeps of the new phone (besides the lines the orders module reads). */
export interface NewPhoneRecap {
  idContrat: number;
  numeroLigne: string;
  idArticle: number;
  libelle: string;
  couleur: string;
  tarif: NewPhonePricing;
  prixHtCentimes: number;
  /** When the phone became the line's (payment accepted); absent until then. */
  attribueLe?: string;
}

/** The new phone of an order, as the recap froze it. */
export function recapOf(order: Pick<OrderRow, 'recapitulatif'>): NewPhoneRecap | undefined {
  const recap = order.recapitulatif as { nouveauTelephone?: NewPhoneRecap } | null;
  return recap?.nouveauTelephone;
}

/** Statuses of an RM order held for approval or cancelled by it: nothing to pay. */
const NOTHING_TO_PAY: readonly number[] = [ORDER_STATUS.EnAttenteValidation, ORDER_STATUS.ValidationRefusee, ORDER_STATUS.ValidationExpiree];

/** The refusal of a second order while the line's first waits for its payment or for its approval. */
const pendingFailure = (pending: Pick<OrderRow, 'numero' | 'statut'>) =>
  fail(pending.statut === ORDER_STATUS.EnAttenteValidation ? 'NEW_PHONE_ORDER_AWAITING_APPROVAL' : 'NEW_PHONE_ORDER_PENDING', { values: { numero: pending.numero } });

/** What an RM order has due now by card or transfer: its one-off total incl. VAT. */
export const amountDueNow = (order: Pick<OrderRow, 'totalUniqueHtCentimes' | 'tvaUniqueCentimes'>) => order.totalUniqueHtCentimes + order.tvaUniqueCentimes;

export function createNewPhoneService(deps: NewPhoneDeps) {
  const { repo, policy, audit, orders, unpaid, mail, transaction, brandName, publicUrl, fleetPolicy } = deps;
  const today = () => parisDay(deps.clock.now());

  async function withinQuota(userId: number): Promise<void> {
    const { max, windowMs } = NEW_PHONE_ORDER_QUOTA;
    const verdict = await deps.limits.quota(`new-phone-order:user:${userId}`, max, windowMs);
    if (!verdict.allowed) {
      throw fail('NEW_PHONE_TOO_MANY', { values: { minutes: Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60)) }, retryAfterSeconds: verdict.retryAfterSeconds });
    }
  }

  /** The line, once the caller is known to reach it (FORBIDDEN_CONTRACT otherwise, unknown ids alike). */
  async function reachedLine(userId: number, idContrat: number): Promise<{ access: ContractAccess; line: NewPhoneLine }> {
    const access = await policy.contractAccess(userId, idContrat);
    const line = await repo.line(idContrat);
    if (!line) throw fail('FORBIDDEN_CONTRACT');
    return { access, line };
  }

  async function managedLine(userId: number, idContrat: number): Promise<NewPhoneLine> {
    const { access, line } = await reachedLine(userId, idContrat);
    assertMayOrderNewPhone(access);
    return line;
  }

  /** What stops the line now, first found: manager only, unpaid balance (RM), the line's state, an order not paid yet. */
  async function blockOf(access: ContractAccess, line: NewPhoneLine, r: NewPhoneRepository = repo): Promise<{ code: NewPhoneBlock; message: string; pending?: OrderRow } | null> {
    if (access.role !== 'GESTIONNAIRE') return { code: 'GESTIONNAIRE_SEUL', message: errorMessage('NEW_PHONE_MANAGER_ONLY') };
    const verdict = await unpaid.verdictFor(line.idClientBscs, 'RM');
    if (verdict.arretParcours) return { code: 'IMPAYES', message: verdict.message };
    const pending = await r.pendingOrder(line.idContrat);
    const code = lineBlock({ codeStatut: line.codeStatut, terminationScheduled: await r.terminationScheduled(line.idContrat), pendingOrder: pending !== undefined });
    if (code === null) return null;
    if (code === 'COMMANDE_EN_COURS' && pending) {
      const message =
        pending.statut === ORDER_STATUS.EnAttenteValidation ? errorMessage('NEW_PHONE_ORDER_AWAITING_APPROVAL', { numero: pending.numero }) : errorMessage('NEW_PHONE_ORDER_PENDING', { numero: pending.numero });
      return { code, message, pending };
    }
    return { code, message: errorMessage(BLOCK_ERRORS[code as keyof typeof BLOCK_ERRORS]) };
  }

  function refusal(block: { code: NewPhoneBlock; message: string; pending?: OrderRow }): never {
    switch (block.code) {
      case 'IMPAYES':
        throw fail('NEW_PHONE_UNPAID', { values: { message: block.message } });
      case 'COMMANDE_EN_COURS':
        if (block.pending) throw pendingFailure(block.pending);
        throw fail('NEW_PHONE_ORDER_PENDING', { values: { numero: '' } });
      default:
        throw fail(BLOCK_ERRORS[block.code]);
    }
  }

  function transferMail(numero: string, libelle: string, montantCentimes: number, reference: string, shop: CollectionShop | undefined) {
    return layoutMail(brandName, {
      title: `Votre commande ${numero} est enregistrée`,
      paragraphs: [
        `Nous avons bien reçu votre commande de nouveau téléphone (${libelle}), numéro ${numero}.`,
        `Pour la régler, faites un virement de ${formatEuros(montantCentimes)} à ${OPERATOR_TRANSFER_ACCOUNT.titulaire}, IBAN ${OPERATOR_TRANSFER_ACCOUNT.iban}, BIC ${OPERATOR_TRANSFER_ACCOUNT.bic}, avec la référence ${reference}.`,
        afterTransferSentence(shop),
      ],
      action: 'Suivre ma commande',
      link: `${publicUrl}/ecare/mon-compte/commandes`,
      footer: 'Vous recevez ce message parce qu’une commande a été passée depuis votre espace client.',
    });
  }

  /**
   * An order paid by transfer, at its submission or once approved (decision 051): its transfer
   * reference and the instructions e-mailed, with the shop where the phone is collected, if any.
   */
  async function completeByTransfer(
    r: NewPhoneRepository,
    tx: Transaction,
    order: Pick<OrderRow, 'id' | 'numero' | 'idPointDeVente'>,
    libelle: string,
    montantTtcCentimes: number,
    email: string | undefined,
    now: Date,
  ): Promise<void> {
    const reference = `VIR-${order.numero}`;
    await r.setOrder(order.id, { referenceVirement: reference }, now);
    const shop = order.idPointDeVente === null ? undefined : await r.pointOfSale(order.idPointDeVente);
    if (email) await mail.send(email, transferMail(order.numero, libelle, montantTtcCentimes, reference, shop), { tx });
  }

  /** The answer for an order, from the stored row. */
  function answerOf(order: OrderRow): NewPhoneOrder {
    const recap = recapOf(order);
    const aPayerCentimes = amountDueNow(order);
    return {
      numero: order.numero,
      idContrat: order.idContrat ?? 0,
      statut: order.statut,
      etape: order.etape,
      modePaiement: order.modePaiement ?? 0,
      tarif: recap?.tarif ?? 'MOBILE_SEUL',
      mobile: { idArticle: recap?.idArticle ?? 0, libelle: recap?.libelle ?? '', couleur: recap?.couleur ?? '' },
      total: amountsOf(order.totalUniqueHtCentimes),
      aPayerCentimes,
      virement:
        order.modePaiement === ORDER_PAYMENT_MODE.Virement && !NOTHING_TO_PAY.includes(order.statut)
          ? { ...OPERATOR_TRANSFER_ACCOUNT, reference: order.referenceVirement ?? `VIR-${order.numero}`, montantCentimes: aPayerCentimes }
          : null,
    };
  }

  /** The delivery address: the account's own, or another one checked against its postal code's communes; none at a shop. */
  async function deliveryOf(livraison: z.output<typeof newPhoneOrderRequestSchema>['Livraison'], idClientBscs: number) {
    if (livraison.mode === 'POINT_DE_VENTE') {
      if (!(await repo.pointOfSale(livraison.idPointDeVente))) throw fail('NEW_PHONE_POINT_OF_SALE_UNKNOWN');
      return null;
    }
    // Checked like the add-line flow's: the city among the postal code's communes, named as the commune is.
    if (livraison.mode === 'AUTRE_ADRESSE') return checkedAddress(deps.addressBase, livraison.adresse);
    const account = await repo.account(idClientBscs);
    if (!account) throw fail('FORBIDDEN_ACCOUNT');
    return {
      destinataire: account.raisonSociale,
      numero: account.adresseNumero,
      voie: account.adresseVoie,
      complement: '',
      codePostal: account.adresseCodePostal,
      ville: account.adresseVille,
      codeInsee: null,
    };
  }

  return {
    /**
     * An order held for approval, approved (decision 051): it proceeds as its submission would
     * have, in the decision's transaction — by transfer its reference and instructions e-mailed
     * to the requester, by card the payment the requester now makes from the order's page.
     */
    async approvedOrder(tx: Transaction, order: OrderRow, email: string | undefined, now: Date): Promise<void> {
      const r = createNewPhoneRepository(tx.db);
      if (order.modePaiement === ORDER_PAYMENT_MODE.Virement) {
        await orders.recordOrderEvent(tx, order.id, { statut: ORDER_STATUS.PaiementSurFactureAttenteValidation, etape: FLOW_STEP.TermineeConfirmation, libelle: 'Commande validée par un gestionnaire' }, now);
        await completeByTransfer(r, tx, order, recapOf(order)?.libelle ?? 'téléphone', amountDueNow(order), email, now);
      } else {
        await orders.recordOrderEvent(tx, order.id, { statut: ORDER_STATUS.Validee, etape: FLOW_STEP.PaiementEnCours, libelle: 'Commande validée par un gestionnaire : paiement par carte attendu' }, now);
      }
    },

    /** An order held for approval, refused or expired (decision 051): the phone reserved for it goes back to the stock. */
    async cancelledOrder(tx: Transaction, order: OrderRow): Promise<void> {
      const recap = recapOf(order);
      if (recap) await createNewPhoneRepository(tx.db).returnToStock(recap.idArticle);
    },

    /** The line, its commitment end, whether it may order a new phone and why not, and the price it pays. */
    async eligibility(userId: number, idContrat: number): Promise<NewPhoneEligibility> {
      const { access, line } = await reachedLine(userId, idContrat);
      const block = await blockOf(access, line);
      const pending = await repo.pendingOrder(line.idContrat);
      return {
        ligne: {
          idContrat: line.idContrat,
          idClientBscs: line.idClientBscs,
          numeroLigne: line.numeroLigne,
          codeStatut: line.codeStatut,
          offre: { idOffreEngagement: line.idOffreEngagement, libelle: line.offre },
          dateFinEngagement: line.dateFinEngagement,
        },
        eligible: block === null,
        motif: block?.code ?? null,
        message: block?.message ?? '',
        tarif: newPhonePricing(line.dateFinEngagement, today()),
        dateRenouvellement: renewalDate(line.dateFinEngagement),
        commandeEnCours: access.role === 'GESTIONNAIRE' ? (pending?.numero ?? null) : null,
      };
    },

    /** The phones on sale with the price this line pays (renewal or alone), HT, VAT and TTC. */
    async phones(userId: number, idContrat: number): Promise<NewPhoneOfferList> {
      const line = await managedLine(userId, idContrat);
      const tarif = newPhonePricing(line.dateFinEngagement, today());
      const rows = await repo.phones();
      return {
        tarif,
        mobiles: rows.map((phone) => ({
          idArticle: phone.idArticle,
          marque: phone.marque,
          modele: phone.modele,
          description: phone.description,
          couleurs: phone.couleurs,
          stockageGo: phone.stockageGo,
          esim: phone.esim,
          cinqG: phone.cinqG,
          image: catalogueImageUrl(phone.image),
          disponible: phone.stock > 0,
          prixNu: amountsOf(phone.prixNuCentimes),
          prix: amountsOf(newPhonePriceCentimes(phone, tarif)),
        })),
      };
    },

    /**
     * Orders a new phone for the line (decision 039): access, the same key answers the same order;
     * then the unpaid check (RM), the line's state and its order not paid yet, before anything is
     * written; the price from the catalogue; then in one transaction under the line's lock the
     * order (RM), a phone taken from the stock, the delivery address, the audit entry and, by
     * transfer, the instructions e-mailed.
     */
    async submit(actor: Actor, idContrat: number, key: string, input: z.output<typeof newPhoneOrderRequestSchema>): Promise<NewPhoneOrder> {
      const { access, line } = await reachedLine(actor.userId, idContrat);
      assertMayOrderNewPhone(access);
      /** The order this key made on the account, if any (another line's or another kind of order: refused). */
      const replayed = async () => {
        const replay = await repo.orderByKey(line.idClientBscs, key);
        if (replay && (replay.type !== ORDER_TYPE.RM || replay.idContrat !== idContrat)) throw fail('NEW_PHONE_KEY_REUSED');
        return replay;
      };
      const replay = await replayed();
      if (replay) return answerOf(replay);
      await withinQuota(actor.userId);
      const block = await blockOf(access, line);
      if (block) {
        // The same key's submission committed meanwhile (a double click): its order, not a refusal.
        const committed = await replayed();
        if (committed) return answerOf(committed);
        refusal(block);
      }

      const phone = await repo.phone(input.IdArticleMobile);
      if (!phone?.commercialise) throw fail('NEW_PHONE_PHONE_UNAVAILABLE');
      if (!phone.couleurs.includes(input.Couleur)) throw fail('NEW_PHONE_COLOUR_UNKNOWN');
      const address = await deliveryOf(input.Livraison, line.idClientBscs);

      const now = deps.clock.now();
      const tarif = newPhonePricing(line.dateFinEngagement, parisDay(now));
      const prixHtCentimes = newPhonePriceCentimes(phone, tarif);
      const libelle = phoneLabel(phone);
      // The order's content from the price model every order uses (decision 036): one line, the phone.
      const prices = orderMoney([
        {
          libelle: `Nouveau téléphone ${libelle}`,
          quantite: 1,
          forfait: null,
          mobile: { idArticle: phone.idArticle, libelle: `${libelle}, ${input.Couleur}`, prixNuCentimes: prixHtCentimes, prixAvecForfaitCentimes: prixHtCentimes },
          options: [],
          accessoires: [],
          assurance: null,
          promotions: [],
        },
      ]);
      const total = prices.totaux.commande;
      const byTransfer = input.ModePaiement === ORDER_PAYMENT_MODE.Virement;
      const numeroLigne = formatPhone(line.numeroLigne);
      const recap: NewPhoneRecap = { idContrat, numeroLigne: line.numeroLigne, idArticle: phone.idArticle, libelle, couleur: input.Couleur, tarif, prixHtCentimes };
      const content = orderContent(prices, [[`Ligne ${numeroLigne}`, `Couleur : ${input.Couleur}`, tarif === 'RENOUVELLEMENT' ? 'Prix de renouvellement' : 'Prix du téléphone seul']]);
      // The company's policy (decision 051): above its threshold (the one-off total HT), the order waits for another manager.
      const { seuilValidationHtCentimes } = await fleetPolicy.policyOf(line.idClientBscs);
      const held = needsApproval(total.htCentimes, seuilValidationHtCentimes) ? seuilValidationHtCentimes : null;

      const order = await transaction(async (tx) => {
        const r = createNewPhoneRepository(tx.db);
        await r.lockLine(idContrat);
        // A submission with the same key that committed while this one waited for the line: its order.
        const again = await r.orderByKey(line.idClientBscs, key);
        if (again) return again;
        const pending = await r.pendingOrder(idContrat);
        if (pending) throw pendingFailure(pending);
        if (!(await r.takeFromStock(phone.idArticle))) throw fail('NEW_PHONE_OUT_OF_STOCK');
        const created = await orders.createOrder(
          tx,
          {
            idClientBscs: line.idClientBscs,
            userId: actor.userId,
            agentId: actingAgent()?.agentId ?? null,
            type: ORDER_TYPE.RM,
            statut: held !== null ? ORDER_STATUS.EnAttenteValidation : byTransfer ? ORDER_STATUS.PaiementSurFactureAttenteValidation : ORDER_STATUS.Validee,
            etape: held !== null ? FLOW_STEP.RécapitulatifDeLaCommande : byTransfer ? FLOW_STEP.TermineeConfirmation : FLOW_STEP.PaiementEnCours,
            idContrat,
            modePaiement: input.ModePaiement,
            totalUniqueHtCentimes: total.htCentimes,
            totalMensuelHtCentimes: 0,
            tvaUniqueCentimes: total.tvaCentimes,
            idPointDeVente: input.Livraison.mode === 'POINT_DE_VENTE' ? input.Livraison.idPointDeVente : null,
            idempotencyKey: key,
            recapitulatif: {
              ...content,
              nouveauTelephone: recap,
              livraison: input.Livraison,
            },
          },
          now,
        );
        if (!created.created) {
          const existing = await r.orderById(created.id);
          if (!existing) throw new Error('order not found');
          return existing;
        }
        if (address) await r.insertAddress({ orderId: created.id, type: ADDRESS_TYPE.LIVRAISON, ...address });
        if (held !== null) {
          // Nothing proceeds (no transfer reference, no payment) until another manager approves (approvedOrder below).
          await fleetPolicy.hold(
            tx,
            { orderId: created.id, numero: created.numero, idClientBscs: line.idClientBscs, demandeurId: actor.userId, montantHtCentimes: total.htCentimes, seuilHtCentimes: held, sourceAddress: actor.sourceAddress },
            now,
          );
        } else if (byTransfer) await completeByTransfer(r, tx, { id: created.id, numero: created.numero, idPointDeVente: input.Livraison.mode === 'POINT_DE_VENTE' ? input.Livraison.idPointDeVente : null }, libelle, total.ttcCentimes, actor.email, now);
        await audit.record(
          {
            userId: actor.userId,
            action: 'COMMANDE_NOUVEAU_TELEPHONE',
            idClientBscs: line.idClientBscs,
            idContrat,
            sourceAddress: actor.sourceAddress,
            details: { numero: created.numero, idArticle: phone.idArticle, couleur: input.Couleur, tarif, montantTtcCentimes: total.ttcCentimes, modePaiement: input.ModePaiement, enAttenteValidation: held !== null },
          },
          { tx },
        );
        const row = await r.orderById(created.id);
        if (!row) throw new Error('order not found after creation');
        return row;
      });
      return answerOf(order);
    },
  };
}
export type NewPhoneService = ReturnType<typeof createNewPhoneService>;
