import type { submitOrderRequestSchema } from '@ecare/shared';
import {
  FLOW_STEP,
  orderContent,
  SUBSCRIPTION_STATUS,
  DEPOSIT_SHARE_BP,
  OPERATOR_TRANSFER_ACCOUNT,
  ORDER_PAYMENT_MODE,
  ORDER_STATUS,
  ORDER_TYPE,
  needsApproval,
  riskScore,
  type SubmittedOrder,
  RECAP_DOCUMENTS,
  type RecapDocument,
  type OrderValidation,
} from '@ecare/shared';
import { addDays, parisDay } from '@ecare/shared/paris-time';
import type { z } from 'zod';
import { layoutMail } from '../../platform/mail/index.ts';
import type { Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';
import { renderCartRecap } from './add-line.document.ts';
import { createAddLineRepository, type AddLineRepository, type OrderRow } from './add-line.repository.ts';
import { lineDetails, coordinatesOf } from './add-line-lines.ts';
import { amountDueNow, awaitsCard, createContracts } from './add-line-contracts.ts';
import { type Actor, CART_WRITE_QUOTA, type CartContext } from './add-line-context.ts';

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const formatEuros = (centimes: number) => money.format(centimes / 100);

/** The cart sent as an order: unpaid and risk checks, payment by transfer or card, its state and recap PDFs. */
export function submissionMethods(ctx: CartContext) {
  const { repo, policy, audit, clock, transaction, orders, unpaid, payment, mail, brandName, publicUrl, withinQuota, assertEditable, deliveryAddress, view, fleetPolicy } = ctx;

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

  return {
    /**
     * An order held for approval, approved (decision 051): it proceeds as its submission would
     * have, in the decision's transaction — by transfer its lines and instructions, by card the
     * payment the requester now makes from the flow.
     */
    async approvedOrder(tx: Transaction, order: Pick<OrderRow, 'id' | 'numero' | 'idClientBscs' | 'modePaiement' | 'idSouscription' | 'acompteCentimes' | 'totalUniqueHtCentimes' | 'tvaUniqueCentimes'>, email: string | undefined, now: Date): Promise<void> {
      const { idSouscription } = order;
      if (idSouscription === null) throw new Error('an order of new lines without its subscription');
      const r = createAddLineRepository(tx.db);
      if (order.modePaiement === ORDER_PAYMENT_MODE.Virement) {
        await orders.recordOrderEvent(tx, order.id, { statut: ORDER_STATUS.PaiementSurFactureAttenteValidation, etape: FLOW_STEP.TermineeConfirmation, libelle: 'Commande validée par un gestionnaire' }, now);
        await r.setCartStep(idSouscription, FLOW_STEP.TermineeConfirmation, now);
        const reference = `VIR-${order.numero}`;
        await createContracts(r, order.idClientBscs, idSouscription, now);
        await r.setOrderPayment(order.id, { modePaiement: ORDER_PAYMENT_MODE.Virement, referenceVirement: reference }, now);
        if (email) await mail.send(email, orderMail(order.numero, amountDueNow(order), reference), { tx });
      } else {
        await orders.recordOrderEvent(tx, order.id, { statut: ORDER_STATUS.Validee, etape: FLOW_STEP.PaiementEnCours, libelle: 'Commande validée par un gestionnaire : paiement par carte attendu' }, now);
        await r.setCartStep(idSouscription, FLOW_STEP.PaiementEnCours, now);
      }
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
      // The company's policy (decision 051): the lines' centre, and an order above the threshold held for a second manager.
      const idCentre = await fleetPolicy.assertCentre(cart.idClientBscs, input.IdCentre);
      const { seuilValidationHtCentimes } = await fleetPolicy.policyOf(cart.idClientBscs);
      const held = seuilValidationHtCentimes !== null && needsApproval(shown.Totaux.ponctuel.htCentimes, seuilValidationHtCentimes) ? seuilValidationHtCentimes : null;
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
            statut: held !== null ? ORDER_STATUS.EnAttenteValidation : byTransfer ? ORDER_STATUS.PaiementSurFactureAttenteValidation : ORDER_STATUS.Validee,
            etape: held !== null ? FLOW_STEP.RécapitulatifDeLaCommande : byTransfer ? FLOW_STEP.TermineeConfirmation : FLOW_STEP.PaiementEnCours,
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
        await r.setCartCentre(cart.idSouscription, idCentre);
        if (held !== null) {
          // Nothing proceeds (no payment, no line) until another manager approves (approvedOrder below).
          await r.setCartStep(cart.idSouscription, FLOW_STEP.RécapitulatifDeLaCommande, now);
          await fleetPolicy.hold(
            tx,
            { orderId: created.id, numero: created.numero, idClientBscs: cart.idClientBscs, demandeurId: actor.userId, montantHtCentimes: shown.Totaux.ponctuel.htCentimes, seuilHtCentimes: held, sourceAddress: actor.sourceAddress },
            now,
          );
        } else await r.setCartStep(cart.idSouscription, byTransfer ? FLOW_STEP.TermineeConfirmation : FLOW_STEP.PaiementEnCours, now);
        if (byTransfer && held === null) {
          const totals = { acompteCentimes, totalUniqueHtCentimes: shown.Totaux.ponctuel.htCentimes, tvaUniqueCentimes: shown.Totaux.ponctuel.tvaCentimes };
          await completeByTransfer(r, tx, { ...created, ...totals, idClientBscs: cart.idClientBscs, idSouscription: cart.idSouscription }, actor.email, now);
        }
        await audit.record(
          { userId: actor.userId, action: 'COMMANDE_AJOUT_LIGNES', idClientBscs: cart.idClientBscs, sourceAddress: actor.sourceAddress, details: { numero: created.numero, modePaiement: input.ModePaiement, risque: risk, idCentre, enAttenteValidation: held !== null } },
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
