import {
  APPROVAL_DELAY_DAYS,
  APPROVAL_STATUS_LABELS,
  FLOW_STEP,
  ORDER_STATUS,
  type ApprovalDecision,
  type FleetPolicy,
  type FleetPolicyAnswer,
  type OrderApproval,
} from '@ecare/shared';
import type { Actor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import type { Transaction } from '../../db/transaction.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { actingAgent } from '../../policy/acting-agent.ts';
import type { OrdersModule } from '../orders/index.ts';
import type { FleetPolicyMails } from './fleet-policy.mails.ts';
import type { ApprovalOrderRow, ApprovalRow, FleetPolicyRepository, PolicyRow } from './fleet-policy.repository.ts';

/** Who the audit log names for what the expiry job does by itself. */
const SYSTEM = { userId: 0, sourceAddress: 'tache-planifiee' } as const;
/** Orders cancelled per run of the expiry job; the next run takes the rest. */
const EXPIRY_BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * What a kind of order does once approved (it proceeds as it would have without the policy) and
 * once refused or expired; in the decision's transaction. Registered by the module that takes
 * that kind of order (add-line, new-phone), so that this module never imports theirs.
 */
export interface ApprovalHandler {
  approved(tx: Transaction, order: ApprovalOrderRow, requester: { id: number; email: string } | undefined, now: Date): Promise<void>;
  cancelled?(tx: Transaction, order: ApprovalOrderRow, now: Date): Promise<void>;
}

/** An order about to be created, held for approval instead of proceeding. */
export interface HeldOrder {
  orderId: number;
  numero: string;
  idClientBscs: number;
  demandeurId: number;
  montantHtCentimes: number;
  seuilHtCentimes: number;
  /** The requester's address, for the audit log. */
  sourceAddress: string;
}

export interface FleetPolicyDeps extends Pick<ServiceCore, 'policy' | 'audit' | 'transaction' | 'clock'> {
  repo: FleetPolicyRepository;
  mails: FleetPolicyMails;
  orders: Pick<OrdersModule, 'recordOrderEvent'>;
}

export function createFleetPolicyService(deps: FleetPolicyDeps) {
  const { repo, policy, audit, transaction, clock, mails, orders } = deps;
  const handlers = new Map<number, ApprovalHandler>();

  async function answerOf(idClientBscs: number, row: PolicyRow): Promise<FleetPolicyAnswer> {
    const managers = await repo.managers(idClientBscs);
    return { ...row, nombreGestionnaires: managers.length };
  }

  async function viewOf(userId: number, approval: ApprovalRow, order: ApprovalOrderRow): Promise<OrderApproval> {
    const [demandeur, decideur] = await Promise.all([repo.user(approval.demandeurId), repo.user(approval.decideurId)]);
    return {
      numero: order.numero,
      statut: approval.statut,
      statutLibelle: APPROVAL_STATUS_LABELS[approval.statut],
      montantHtCentimes: approval.montantHtCentimes,
      seuilHtCentimes: approval.seuilHtCentimes,
      demandeur: demandeur?.nom ?? 'Un ancien gestionnaire',
      demandeLe: approval.demandeLe.toISOString(),
      expireLe: approval.expireLe.toISOString(),
      decidePar: approval.decideurId === null ? null : (decideur?.nom ?? 'Un ancien gestionnaire'),
      decideLe: approval.decideLe?.toISOString() ?? null,
      motif: approval.motif,
      peutDecider: approval.statut === 'EN_ATTENTE_VALIDATION' && !actingAgent() && approval.demandeurId !== userId,
    };
  }

  /** Closes a waiting approval (one decision wins; 409 for the others), moves its order, tells its requester. */
  async function close(
    tx: Transaction,
    found: { approval: ApprovalRow; order: ApprovalOrderRow },
    decision: { statut: 'APPROUVEE' | 'REFUSEE' | 'EXPIREE'; decideurId: number | null; decideur: string | null; motif: string | null },
    now: Date,
  ): Promise<void> {
    const { approval, order } = found;
    if (!(await repo.decide(tx, order.id, { ...decision, now }))) throw fail('APPROVAL_ALREADY_DECIDED');
    const requester = await repo.user(approval.demandeurId, tx);
    const handler = handlers.get(order.type);
    if (decision.statut === 'APPROUVEE') {
      if (!handler) throw new Error(`no approval handler for order type ${order.type}`);
      await handler.approved(tx, order, requester, now);
    } else {
      const statut = decision.statut === 'REFUSEE' ? ORDER_STATUS.ValidationRefusee : ORDER_STATUS.ValidationExpiree;
      const libelle = decision.statut === 'REFUSEE' ? `Refusée par ${decision.decideur ?? 'un gestionnaire'} : ${decision.motif ?? ''}` : 'Annulée : aucune validation sous 7 jours';
      await orders.recordOrderEvent(tx, order.id, { statut, etape: FLOW_STEP.PaiementAnnulee, libelle }, now);
      await handler?.cancelled?.(tx, order, now);
    }
    if (requester) {
      await mails.decided(tx, requester.email, { numero: order.numero, idClientBscs: order.idClientBscs, montantHtCentimes: approval.montantHtCentimes, ...decision });
    }
  }

  return {
    handle(type: number, handler: ApprovalHandler): void {
      if (handlers.has(type)) throw new Error(`approval handler for order type ${type} registered twice`);
      handlers.set(type, handler);
    },

    /** The policy of an account, for the modules that apply it (no access check: theirs comes first). */
    policyOf: (idClientBscs: number, tx?: Transaction) => repo.policy(idClientBscs, tx),

    /**
     * The centre a new line is ordered in: required when the policy says so, and always one of the
     * account's own (another account's answers like an unknown one).
     */
    async assertCentre(idClientBscs: number, idCentre: number | null | undefined, tx?: Transaction): Promise<number | null> {
      if (idCentre == null) {
        if ((await repo.policy(idClientBscs, tx)).centreObligatoire) throw fail('FLEET_POLICY_CENTRE_REQUIRED');
        return null;
      }
      if (!(await repo.centreOfAccount(idClientBscs, idCentre, tx))) throw fail('FLEET_POLICY_CENTRE_UNKNOWN');
      return idCentre;
    },

    /**
     * Holds an order just created for approval, in its creator's transaction: its status
     * EN_ATTENTE_VALIDATION, the approval waiting 7 days, an e-mail to every other manager.
     */
    async hold(tx: Transaction, held: HeldOrder, now: Date): Promise<void> {
      const expireLe = new Date(now.getTime() + APPROVAL_DELAY_DAYS * DAY_MS);
      await repo.insertApproval(tx, {
        orderId: held.orderId,
        idClientBscs: held.idClientBscs,
        demandeurId: held.demandeurId,
        montantHtCentimes: held.montantHtCentimes,
        seuilHtCentimes: held.seuilHtCentimes,
        demandeLe: now,
        expireLe,
      });
      const [requester, others] = await Promise.all([repo.user(held.demandeurId, tx), repo.managers(held.idClientBscs, tx, held.demandeurId)]);
      await mails.approvalRequested(
        tx,
        others.map((manager) => manager.email),
        { numero: held.numero, idClientBscs: held.idClientBscs, montantHtCentimes: held.montantHtCentimes, demandeur: requester?.nom ?? 'Un gestionnaire', expireLe },
      );
      await audit.record(
        { userId: held.demandeurId, action: 'COMMANDE_EN_ATTENTE_VALIDATION', idClientBscs: held.idClientBscs, sourceAddress: held.sourceAddress, details: { numero: held.numero, montantHtCentimes: held.montantHtCentimes, seuilHtCentimes: held.seuilHtCentimes } },
        { tx },
      );
    },

    async policy(userId: number, idClientBscs: number): Promise<FleetPolicyAnswer> {
      await policy.assertAccount(userId, idClientBscs);
      return answerOf(idClientBscs, await repo.policy(idClientBscs));
    },

    /** A threshold needs a second manager to approve: refused on an account with only one. */
    async savePolicy(acting: Actor, idClientBscs: number, values: FleetPolicy): Promise<FleetPolicyAnswer> {
      await policy.assertAccount(acting.userId, idClientBscs);
      const saved = await transaction(async (tx) => {
        const before = await repo.policy(idClientBscs, tx);
        if (values.seuilValidationHtCentimes !== null && (await repo.managers(idClientBscs, tx)).length < 2) throw fail('FLEET_POLICY_ONE_MANAGER');
        await repo.savePolicy(tx, idClientBscs, values, clock.now());
        await audit.record({ ...acting, action: 'MODIFICATION_POLITIQUE_FLOTTE', idClientBscs, details: { avant: before, apres: values } }, { tx });
        return values;
      });
      return answerOf(idClientBscs, saved);
    },

    /** An order's approval, for a manager of its account; an order of another account, or with none, 404. */
    async approval(userId: number, idClientBscs: number, numero: string): Promise<OrderApproval> {
      await policy.assertAccount(userId, idClientBscs);
      const found = await repo.approvalOf(numero);
      if (found?.order.idClientBscs !== idClientBscs) throw fail('APPROVAL_NOT_FOUND');
      return viewOf(userId, found.approval, found.order);
    },

    /**
     * A manager other than the requester approves or refuses; an agent may do neither (the
     * approval is the company's own control). Two decisions at once: one wins, the other 409.
     */
    async decide(acting: Actor, idClientBscs: number, numero: string, decision: ApprovalDecision): Promise<OrderApproval> {
      await policy.assertAccount(acting.userId, idClientBscs);
      if (actingAgent()) throw fail('APPROVAL_AGENT');
      const now = clock.now();
      await transaction(async (tx) => {
        const found = await repo.approvalOf(numero, tx);
        if (found?.order.idClientBscs !== idClientBscs) throw fail('APPROVAL_NOT_FOUND');
        if (found.approval.demandeurId === acting.userId) throw fail('APPROVAL_OWN_ORDER');
        if (found.approval.statut !== 'EN_ATTENTE_VALIDATION') throw fail('APPROVAL_ALREADY_DECIDED');
        const decideur = await repo.user(acting.userId, tx);
        const motif = decision.decision === 'REFUSEE' ? (decision.motif ?? null) : null;
        await close(tx, found, { statut: decision.decision, decideurId: acting.userId, decideur: decideur?.nom ?? null, motif }, now);
        await audit.record(
          { ...acting, action: decision.decision === 'APPROUVEE' ? 'VALIDATION_COMMANDE' : 'REFUS_COMMANDE', idClientBscs, details: { numero, montantHtCentimes: found.approval.montantHtCentimes, ...(motif ? { motifRefus: motif } : {}) } },
          { tx },
        );
      });
      const after = await repo.approvalOf(numero);
      if (!after) throw fail('APPROVAL_NOT_FOUND');
      return viewOf(acting.userId, after.approval, after.order);
    },

    /** The scheduled job: every approval waiting past its 7 days cancels its order and tells its requester. */
    async expireWaiting(): Promise<number> {
      const now = clock.now();
      let done = 0;
      for (const numero of await repo.expired(now, EXPIRY_BATCH)) {
        const closed = await transaction(async (tx) => {
          const found = await repo.approvalOf(numero, tx);
          if (found?.approval.statut !== 'EN_ATTENTE_VALIDATION') return false;
          try {
            await close(tx, found, { statut: 'EXPIREE', decideurId: null, decideur: null, motif: null }, now);
          } catch (error) {
            // Decided meanwhile by a manager: theirs stands.
            if (error instanceof AppError && error.code === 'APPROVAL_ALREADY_DECIDED') return false;
            throw error;
          }
          await audit.record({ ...SYSTEM, action: 'EXPIRATION_VALIDATION_COMMANDE', idClientBscs: found.order.idClientBscs, details: { numero } }, { tx });
          return true;
        });
        if (closed) done += 1;
      }
      return done;
    },
  };
}
export type FleetPolicyService = ReturnType<typeof createFleetPolicyService>;
