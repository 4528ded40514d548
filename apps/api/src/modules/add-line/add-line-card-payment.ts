import type { FastifyBaseLogger } from 'fastify';
import { FLOW_STEP, ORDER_STATUS, SUBSCRIPTION_STATUS } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';
import { layoutMail, type MailService } from '../../platform/mail/index.ts';
import type { OrdersModule } from '../orders/index.ts';
import type { OrderPayments, OrderSettlement, PayableOrder } from '../payment/index.ts';
import { createAddLineRepository, type OrderRow } from './add-line.repository.ts';
import { amountDueNow, awaitsCard, createContracts } from './add-line.service.ts';

export interface AddLineCardPaymentDeps {
  db: Database;
  orders: OrdersModule;
  mail: MailService;
  log: FastifyBaseLogger;
  brandName: string;
  publicUrl: string;
}


const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

function payable(order: OrderRow): PayableOrder {
  const { id, numero, idClientBscs, referenceTransaction } = order;
  return { id, numero, idClientBscs, referenceTransaction, montantCentimes: amountDueNow(order) };
}

/**
 * Orders of new lines paid by card (decision 038), as the payment module asks for them: what is
 * due is read from the stored order; an accepted payment creates the lines (EN_COURS) with the
 * same function as a transfer, validates the subscription and confirms by e-mail; a refused or
 * abandoned one leaves the order to pay again by card.
 */
export function createAddLineCardPayments(deps: AddLineCardPaymentDeps): OrderPayments {
  const { orders: orderWrites, mail, log, brandName, publicUrl } = deps;
  const repo = createAddLineRepository(deps.db);

  function confirmationMail(numero: string, montantCentimes: number) {
    return layoutMail(brandName, {
      title: `Votre commande ${numero} est confirmée`,
      paragraphs: [
        `Votre paiement par carte de ${money.format(montantCentimes / 100)} pour votre commande de nouvelles lignes, numéro ${numero}, a été accepté.`,
        'Vos lignes apparaissent dès maintenant dans votre parc, en cours de mise en service.',
      ],
      action: 'Suivre ma commande',
      link: `${publicUrl}/ecare/pages/mes-lignes-mobiles`,
      footer: 'Vous recevez ce message parce qu’une commande a été passée depuis votre espace client.',
    });
  }

  async function accepted(order: OrderRow, idSouscription: number, settlement: OrderSettlement, tx: Transaction): Promise<void> {
    const { now } = settlement;
    const paid = ORDER_STATUS.CbOfficeServerAcceptee;
    await orderWrites.recordOrderEvent(tx, order.id, { statut: paid, etape: FLOW_STEP.PaiementEffectue, libelle: 'Paiement par carte accepté' }, now);
    const r = createAddLineRepository(tx.db);
    await createContracts(r, order.idClientBscs, idSouscription, now);
    await orderWrites.setSubscriptionStatus(tx, idSouscription, SUBSCRIPTION_STATUS.Ok, { now });
    await orderWrites.recordOrderEvent(tx, order.id, { statut: paid, etape: FLOW_STEP.TermineeConfirmation, libelle: 'Commande confirmée' }, now);
    await r.setCartStep(idSouscription, FLOW_STEP.TermineeConfirmation, now);
    const payer = await r.userEmail(settlement.payerUserId);
    if (payer) await mail.send(payer, confirmationMail(order.numero, settlement.montantCentimes), { tx });
  }

  return {
    async accountOf(numero) {
      return (await repo.addLineOrder(numero))?.idClientBscs;
    },

    async lockForPayment(numero, tx) {
      const order = await createAddLineRepository(tx.db).addLineOrder(numero, true);
      if (!order) throw fail('PAYMENT_ORDER_FORBIDDEN');
      if (!awaitsCard(order) || order.idSouscription === null || amountDueNow(order) <= 0) throw fail('PAYMENT_ORDER_NOT_PAYABLE', { values: { numero } });
      return payable(order);
    },

    async paymentStarted(order, transactionReference, now, tx) {
      const r = createAddLineRepository(tx.db);
      const row = await r.setOrderPayment(order.id, { referenceTransaction: transactionReference }, now);
      // A try after a refusal: the order and its cart are back to the payment under way.
      if (row?.statut === ORDER_STATUS.CbOfficeServerRefusee && row.idSouscription !== null) {
        await orderWrites.recordOrderEvent(tx, order.id, { statut: ORDER_STATUS.Validee, etape: FLOW_STEP.PaiementEnCours, libelle: 'Nouveau paiement par carte' }, now);
        await r.setCartStep(row.idSouscription, FLOW_STEP.PaiementEnCours, now);
      }
    },

    async lockByTransaction(transactionReference, tx) {
      const order = await createAddLineRepository(tx.db).addLineOrderPaidBy(transactionReference, true);
      return order ? payable(order) : undefined;
    },

    async numeroOf(transactionReference) {
      return (await repo.addLineOrderPaidBy(transactionReference))?.numero;
    },

    async settle(order, settlement, tx) {
      const row = await createAddLineRepository(tx.db).order(order.id);
      // Only the order's current payment, while it waits for one, moves it (once: the transaction left EN_ATTENTE with this call).
      if (!row || !awaitsCard(row) || row.referenceTransaction !== settlement.transactionReference || row.idSouscription === null) {
        const context = { numero: order.numero, transactionReference: settlement.transactionReference, statut: row?.statut };
        if (settlement.outcome === 'ACCEPTED') log.error(context, 'card payment accepted for an order no longer waiting for it: the money is to refund');
        else log.warn(context, 'card payment decision for an order no longer waiting for it');
        return false;
      }
      if (settlement.outcome === 'ACCEPTED') {
        await accepted(row, row.idSouscription, settlement, tx);
        return true;
      }
      const libelle = settlement.outcome === 'REFUSED' ? 'Paiement par carte refusé' : 'Paiement par carte abandonné';
      await orderWrites.recordOrderEvent(tx, row.id, { statut: ORDER_STATUS.CbOfficeServerRefusee, etape: FLOW_STEP.PaiementAnnulee, libelle }, settlement.now);
      await createAddLineRepository(tx.db).setCartStep(row.idSouscription, FLOW_STEP.PaiementAnnulee, settlement.now);
      return true;
    },
  };
}
