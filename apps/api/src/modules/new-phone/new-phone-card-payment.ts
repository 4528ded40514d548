import type { FastifyBaseLogger } from 'fastify';
import { FLOW_STEP, NEW_PHONE_AWAITING_CARD, ORDER_PAYMENT_MODE, ORDER_STATUS } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { layoutMail, type MailService } from '../../platform/mail/index.ts';
import type { OrdersModule } from '../orders/index.ts';
import type { OrderPayments, OrderSettlement } from '../payment/index.ts';
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

  const repository = (tx?: Transaction) => (tx ? createNewPhoneRepository(tx.db) : repo);
  return orderWrites.cardOrderPayments<OrderRow>(
    {
      name: 'new-phone order',
      byNumber: (numero, tx) => repository(tx).order(numero, tx !== undefined),
      byTransaction: (transactionReference, tx) => repository(tx).orderPaidBy(transactionReference, tx !== undefined),
      byId: (id, tx) => repository(tx).orderById(id),
      setTransaction: (id, transactionReference, now, tx) => repository(tx).setOrder(id, { referenceTransaction: transactionReference }, now),
      awaitsCard,
      amountDue: amountDueNow,
      accepted,
    },
    log,
  );
}
