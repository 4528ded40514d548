import type { FastifyBaseLogger } from 'fastify';
import { FLOW_STEP, ORDER_STATUS, SUBSCRIPTION_STATUS } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { layoutMail, type MailService } from '../../platform/mail/index.ts';
import type { OrdersModule } from '../orders/index.ts';
import type { OrderPayments, OrderSettlement } from '../payment/index.ts';
import { createAddLineRepository, type OrderRow } from './add-line.repository.ts';
import { amountDueNow, awaitsCard, createContracts } from './add-line-contracts.ts';

export interface AddLineCardPaymentDeps {
  db: Database;
  orders: OrdersModule;
  mail: MailService;
  log: FastifyBaseLogger;
  brandName: string;
  publicUrl: string;
}


const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

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

  async function accepted(order: OrderRow, settlement: OrderSettlement, tx: Transaction): Promise<void> {
    const { now } = settlement;
    const idSouscription = order.idSouscription ?? 0;
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

  const repository = (tx?: Transaction) => (tx ? createAddLineRepository(tx.db) : repo);
  return orderWrites.cardOrderPayments<OrderRow>(
    {
      name: 'order of new lines',
      byNumber: (numero, tx) => repository(tx).addLineOrder(numero, tx !== undefined),
      byTransaction: (transactionReference, tx) => repository(tx).addLineOrderPaidBy(transactionReference, tx !== undefined),
      byId: (id, tx) => repository(tx).order(id),
      setTransaction: (id, transactionReference, now, tx) => repository(tx).setOrderPayment(id, { referenceTransaction: transactionReference }, now),
      // Its cart (subscription) makes the lines: an order without one is not paid by card.
      awaitsCard: (order) => awaitsCard(order) && order.idSouscription !== null,
      amountDue: amountDueNow,
      accepted,
      retried: (order, now, tx) => repository(tx).setCartStep(order.idSouscription ?? 0, FLOW_STEP.PaiementEnCours, now),
      refused: (order, settlement, tx) => repository(tx).setCartStep(order.idSouscription ?? 0, FLOW_STEP.PaiementAnnulee, settlement.now),
    },
    log,
  );
}
