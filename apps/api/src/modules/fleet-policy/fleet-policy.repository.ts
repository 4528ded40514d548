import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { costCentres, fleetPolicies, orderApprovals, orders, userBillingAccounts, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

export type ApprovalRow = typeof orderApprovals.$inferSelect;
export type ApprovalOrderRow = typeof orders.$inferSelect;
export interface PolicyRow {
  centreObligatoire: boolean;
  seuilValidationHtCentimes: number | null;
}
export interface Manager {
  id: number;
  email: string;
  nom: string;
}

const NO_POLICY: PolicyRow = { centreObligatoire: false, seuilValidationHtCentimes: null };

export function createFleetPolicyRepository(pool: Database) {
  const on = (tx?: Transaction) => tx?.db ?? pool;

  return {
    async policy(idClientBscs: number, tx?: Transaction): Promise<PolicyRow> {
      const [row] = await on(tx)
        .select({ centreObligatoire: fleetPolicies.centreObligatoire, seuilValidationHtCentimes: fleetPolicies.seuilValidationHtCentimes })
        .from(fleetPolicies)
        .where(eq(fleetPolicies.idClientBscs, idClientBscs));
      return row ?? NO_POLICY;
    },

    async savePolicy(tx: Transaction, idClientBscs: number, values: PolicyRow, now: Date): Promise<void> {
      await tx.db
        .insert(fleetPolicies)
        .values({ idClientBscs, ...values, modifieLe: now })
        .onConflictDoUpdate({ target: fleetPolicies.idClientBscs, set: { ...values, modifieLe: now } });
    },

    /** The account's managers, the one named by `except` left out. */
    async managers(idClientBscs: number, tx?: Transaction, except?: number | null): Promise<Manager[]> {
      return on(tx)
        .select({ id: users.id, email: users.email, nom: sql<string>`${users.prenom} || ' ' || ${users.nom}` })
        .from(userBillingAccounts)
        .innerJoin(users, eq(users.id, userBillingAccounts.userId))
        .where(
          and(
            eq(userBillingAccounts.idClientBscs, idClientBscs),
            eq(userBillingAccounts.isGestionnaire, true),
            except == null ? undefined : ne(users.id, except),
          ),
        )
        .orderBy(users.id);
    },

    async user(id: number | null, tx?: Transaction): Promise<Manager | undefined> {
      if (id === null) return undefined;
      const [row] = await on(tx)
        .select({ id: users.id, email: users.email, nom: sql<string>`${users.prenom} || ' ' || ${users.nom}` })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    async centreOfAccount(idClientBscs: number, idCentre: number, tx?: Transaction): Promise<boolean> {
      const [row] = await on(tx)
        .select({ idCentre: costCentres.idCentre })
        .from(costCentres)
        .where(and(eq(costCentres.idCentre, idCentre), eq(costCentres.idClientBscs, idClientBscs)));
      return row !== undefined;
    },

    async insertApproval(tx: Transaction, row: typeof orderApprovals.$inferInsert): Promise<void> {
      await tx.db.insert(orderApprovals).values(row);
    },

    async approvalOf(numero: string, tx?: Transaction): Promise<{ approval: ApprovalRow; order: ApprovalOrderRow } | undefined> {
      const [row] = await on(tx)
        .select({ approval: orderApprovals, order: orders })
        .from(orderApprovals)
        .innerJoin(orders, eq(orders.id, orderApprovals.orderId))
        .where(eq(orders.numero, numero));
      return row;
    },

    /**
     * Closes a waiting approval, only if it still waits: the one decision that finds it waiting
     * wins (the row's lock orders concurrent ones), any other gets false.
     */
    async decide(tx: Transaction, orderId: number, decision: { statut: 'APPROUVEE' | 'REFUSEE' | 'EXPIREE'; decideurId: number | null; motif: string | null; now: Date }): Promise<boolean> {
      const rows = await tx.db
        .update(orderApprovals)
        .set({ statut: decision.statut, decideurId: decision.decideurId, motif: decision.motif, decideLe: decision.now })
        .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.statut, 'EN_ATTENTE_VALIDATION')))
        .returning({ orderId: orderApprovals.orderId });
      return rows.length === 1;
    },

    /** The numbers of the orders whose approval waits past its date. */
    async expired(now: Date, limit: number): Promise<string[]> {
      const rows = await pool
        .select({ numero: orders.numero })
        .from(orderApprovals)
        .innerJoin(orders, eq(orders.id, orderApprovals.orderId))
        .where(and(eq(orderApprovals.statut, 'EN_ATTENTE_VALIDATION'), lte(orderApprovals.expireLe, now)))
        .orderBy(orderApprovals.expireLe)
        .limit(limit);
      return rows.map((row) => row.numero);
    },

    async order(id: number, tx?: Transaction): Promise<ApprovalOrderRow | undefined> {
      const [row] = await on(tx).select().from(orders).where(eq(orders.id, id));
      return row;
    },
  };
}
export type FleetPolicyRepository = ReturnType<typeof createFleetPolicyRepository>;
