import type { FastifyBaseLogger } from 'fastify';
import { FLOW_STEP, NEW_PHONE_AWAITING_CARD, ORDER_PAYMENT_MODE, ORDER_STATUS } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';
import { layoutMail, type MailService } from '../../platform/mail/index.ts';
import type { OrdersModule } from '../orders/index.ts';
import type { OrderPayments, OrderSettlement, PayableOrder } from '../payment/index.ts';
import { afterCardPaymentSentence, type CollectionShop } from './new-phone-delivery.ts';
import { createNewPhoneRepository, type OrderRow } from './new-phone.repository.ts';
import { amountDueNow, formatEuros, recapOf } from './new-phone.service.ts';

export interface NewPhoneCardPaymentDeps {
  db: Database;
  orders: OrdersModule;
  mail: MailService;
  log: FastifyBaseLogger;
  brandName: string;
  publicUrl: string;
}

/** An RM order paid by card that still waits for its payment. */
export const awaitsCard = (order: Pick<OrderRow, 'modePaiement' | 'statut'>) =>
  order.modePaiement === ORDER_PAYMENT_MODE.CarteBleue && NEW_PHONE_AWAITING_CARD.includes(order.statut as (typeof NEW_PHONE_AWAITING_CARD)[number]);

function payable(order: OrderRow): PayableOrder {
  const { id, numero, idClientBscs, referenceTransaction } = order;
  return { id, numero, idClientBscs, referenceTransaction, montantCentimes: amountDueNow(order) };
}

/**
 * The new-phone orders (type RM) paid by card (decision 039), as the payment module asks for them:
 * it answers only its own orders (`accountOf`, `lockByTransaction`, `numeroOf` answer undefined
 * for any other). An accepted payment confirms the order and records the phone as the line's on
 * the order (no contract changes); a refused or abandoned one leaves it to pay again.
 */
export function createNewPhoneCardPayments(deps: NewPhoneCardPaymentDeps): OrderPayments {
  const { orders: orderWrites, mail, log, brandName, publicUrl } = deps;
  const repo = createNewPhoneRepository(deps.db);

  function confirmationMail(numero: string, libelle: string, montantCentimes: number, shop: CollectionShop | undefined) {
    return layoutMail(brandName, {
      title: `Votre commande ${numero} est confirmée`,
      paragraphs: [
        `Votre paiement par carte de ${formatEuros(montantCentimes)} pour votre nouveau téléphone (${libelle}), commande numéro ${numero}, a été accepté.`,
        afterCardPaymentSentence(shop),
      ],
      action: 'Suivre ma commande',
      link: `${publicUrl}/ecare/mon-compte/commandes`,
      footer: 'Vous recevez ce message parce qu’une commande a été passée depuis votre espace client.',
    });
  }

  async function accepted(order: OrderRow, settlement: OrderSettlement, tx: Transaction): Promise<void> {
    const { now } = settlement;
    const paid = ORDER_STATUS.CbOfficeServerAcceptee;
    const r = createNewPhoneRepository(tx.db);
    await orderWrites.recordOrderEvent(tx, order.id, { statut: paid, etape: FLOW_STEP.PaiementEffectue, libelle: 'Paiement par carte accepté' }, now);
    const recap = recapOf(order);
    // The phone becomes the line's on the order itself: a new phone changes no contract.
    if (recap) await r.setOrder(order.id, { recapitulatif: { ...(order.recapitulatif as Record<string, unknown>), nouveauTelephone: { ...recap, attribueLe: now.toISOString() } } }, now);
    await orderWrites.recordOrderEvent(tx, order.id, { statut: paid, etape: FLOW_STEP.TermineeConfirmation, libelle: 'Commande confirmée' }, now);
    const email = await r.userEmail(settlement.payerUserId);
    const shop = order.idPointDeVente === null ? undefined : await r.pointOfSale(order.idPointDeVente);
    if (email) await mail.send(email, confirmationMail(order.numero, recap?.libelle ?? 'téléphone', settlement.montantCentimes, shop), { tx });
  }

  return {
    async accountOf(numero) {
      return (await repo.order(numero))?.idClientBscs;
    },

    async lockForPayment(numero, tx) {
      const order = await createNewPhoneRepository(tx.db).order(numero, true);
      if (!order) throw fail('PAYMENT_ORDER_FORBIDDEN');
      if (!awaitsCard(order) || amountDueNow(order) <= 0) throw fail('PAYMENT_ORDER_NOT_PAYABLE', { values: { numero } });
      return payable(order);
    },

    async paymentStarted(order, transactionReference, now, tx) {
      const row = await createNewPhoneRepository(tx.db).setOrder(order.id, { referenceTransaction: transactionReference }, now);
      // A try after a refusal: the order is back to the payment under way.
      if (row?.statut === ORDER_STATUS.CbOfficeServerRefusee) {
        await orderWrites.recordOrderEvent(tx, order.id, { statut: ORDER_STATUS.Validee, etape: FLOW_STEP.PaiementEnCours, libelle: 'Nouveau paiement par carte' }, now);
      }
    },

    async lockByTransaction(transactionReference, tx) {
      const order = await createNewPhoneRepository(tx.db).orderPaidBy(transactionReference, true);
      return order ? payable(order) : undefined;
    },

    async numeroOf(transactionReference) {
      return (await repo.orderPaidBy(transactionReference))?.numero;
    },

    async settle(order, settlement, tx) {
      const row = await createNewPhoneRepository(tx.db).orderById(order.id);
      // Only the order's current payment, while it waits for one, moves it (once: the transaction left EN_ATTENTE with this call).
      if (!row || !awaitsCard(row) || row.referenceTransaction !== settlement.transactionReference) {
        const context = { numero: order.numero, transactionReference: settlement.transactionReference, statut: row?.statut };
        if (settlement.outcome === 'ACCEPTED') log.error(context, 'card payment accepted for a new-phone order no longer waiting for it: the money is to refund');
        else log.warn(context, 'card payment decision for a new-phone order no longer waiting for it');
        return false;
      }
      if (settlement.outcome === 'ACCEPTED') {
        await accepted(row, settlement, tx);
        return true;
      }
      const libelle = settlement.outcome === 'REFUSED' ? 'Paiement par carte refusé' : 'Paiement par carte abandonné';
      await orderWrites.recordOrderEvent(tx, row.id, { statut: ORDER_STATUS.CbOfficeServerRefusee, etape: FLOW_STEP.PaiementAnnulee, libelle }, settlement.now);
      return true;
    },
  };
}
