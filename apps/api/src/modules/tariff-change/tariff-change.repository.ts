import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lineTerminationScheduled, readLineWithOfferAndAccount } from '../../db/line-reader.ts';
import { billingAccounts, contracts, offers, tariffChanges } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

export type TariffChangeRow = typeof tariffChanges.$inferSelect;
export type PlanRow = typeof offers.$inferSelect;

/** What a tariff change needs to know of a line. */
export interface TariffLine {
  idContrat: number;
  idClientBscs: number;
  numeroLigne: string;
  codeStatut: 'ACTIF' | 'SUSPENDU' | 'RESILIE' | 'EN_COURS';
  idGamme: number;
  idOffreEngagement: number;
  dateFinEngagement: string | null;
  raisonSociale: string;
  codeClientBscs: string;
}

/** Pending changes applied by the scheduled job per run, each in its own transaction. */
export const DUE_BATCH_SIZE = 200;

export function createTariffChangeRepository(db: Database) {
  return {
    line(idContrat: number): Promise<TariffLine | undefined> {
      return readLineWithOfferAndAccount(db, idContrat, {
        idContrat: contracts.idContrat,
        idClientBscs: contracts.idClientBscs,
        numeroLigne: contracts.numeroLigne,
        codeStatut: contracts.codeStatut,
        idGamme: contracts.idGamme,
        idOffreEngagement: contracts.idOffreEngagement,
        dateFinEngagement: contracts.dateFinEngagement,
        raisonSociale: billingAccounts.raisonSociale,
        codeClientBscs: billingAccounts.codeClientBscs,
      });
    },

    async plan(idOffreEngagement: number): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(offers).where(eq(offers.idOffreEngagement, idOffreEngagement)).limit(1);
      return row;
    },

    /** Plans still sold in the range, other than `current`, cheapest first. */
    async targets(idGamme: number, current: number): Promise<PlanRow[]> {
      return db
        .select()
        .from(offers)
        .where(and(eq(offers.idGamme, idGamme), eq(offers.commercialise, true), ne(offers.idOffreEngagement, current)))
        .orderBy(asc(offers.prixMensuelCentimes), asc(offers.idOffreEngagement));
    },

    /** Plans still sold in the ranges of the account's lines not terminated, by range then price. */
    async accountTargets(idClientBscs: number): Promise<PlanRow[]> {
      const ranges = db
        .selectDistinct({ idGamme: contracts.idGamme })
        .from(contracts)
        .where(and(eq(contracts.idClientBscs, idClientBscs), ne(contracts.codeStatut, 'RESILIE')));
      return db
        .select()
        .from(offers)
        .where(and(eq(offers.commercialise, true), inArray(offers.idGamme, ranges)))
        .orderBy(asc(offers.idGamme), asc(offers.prixMensuelCentimes), asc(offers.idOffreEngagement));
    },

    async pendingFor(idContrat: number): Promise<TariffChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(tariffChanges)
        .where(and(eq(tariffChanges.idContrat, idContrat), eq(tariffChanges.statut, 'EN_ATTENTE')))
        .limit(1);
      return row;
    },

    terminationScheduled: (idContrat: number): Promise<boolean> => lineTerminationScheduled(db, idContrat),

    async find(id: number): Promise<TariffChangeRow | undefined> {
      const [row] = await db.select().from(tariffChanges).where(eq(tariffChanges.id, id)).limit(1);
      return row;
    },

    /** Records a change; undefined when the line has a pending one already (one at a time, unique index). */
    async insert(row: typeof tariffChanges.$inferInsert, tx: Transaction): Promise<TariffChangeRow | undefined> {
      const [created] = await tx.db.insert(tariffChanges).values(row).onConflictDoNothing().returning();
      return created;
    },

    /**
     * Moves the line from `from` to `to`, only if it is still on `from` (a concurrent change
     * made first leaves it elsewhere): whether it moved.
     */
    async moveLine(idContrat: number, from: number, to: number, dateFinEngagement: string | null, tx: Transaction): Promise<boolean> {
      const rows = await tx.db
        .update(contracts)
        .set({ idOffreEngagement: to, dateFinEngagement })
        .where(and(eq(contracts.idContrat, idContrat), eq(contracts.idOffreEngagement, from), ne(contracts.codeStatut, 'RESILIE')))
        .returning({ id: contracts.idContrat });
      return rows.length === 1;
    },

    /** Cancels a pending change, once: false when it was no longer pending. */
    async cancel(id: number, at: Date, tx: Transaction): Promise<boolean> {
      const rows = await tx.db
        .update(tariffChanges)
        .set({ statut: 'ANNULE', annuleLe: at })
        .where(and(eq(tariffChanges.id, id), eq(tariffChanges.statut, 'EN_ATTENTE')))
        .returning({ id: tariffChanges.id });
      return rows.length === 1;
    },

    /** Pending changes whose effective date is `today` or past, oldest first. */
    async due(today: string, limit = DUE_BATCH_SIZE): Promise<TariffChangeRow[]> {
      return db
        .select()
        .from(tariffChanges)
        .where(and(eq(tariffChanges.statut, 'EN_ATTENTE'), lte(tariffChanges.dateEffet, today)))
        .orderBy(asc(tariffChanges.dateEffet), asc(tariffChanges.id))
        .limit(limit);
    },

    /** Marks a due change applied, once (a concurrent run finds it done): the row, or undefined. */
    async markApplied(id: number, today: string, at: Date, tx: Transaction): Promise<TariffChangeRow | undefined> {
      const [done] = await tx.db
        .update(tariffChanges)
        .set({ statut: 'APPLIQUE', appliqueLe: at })
        .where(and(eq(tariffChanges.id, id), eq(tariffChanges.statut, 'EN_ATTENTE'), lte(tariffChanges.dateEffet, today)))
        .returning();
      return done;
    },

    /** A due change that could not apply (the line left its plan or ended meanwhile): cancelled instead. */
    async abandon(id: number, at: Date, tx: Transaction): Promise<void> {
      await tx.db.update(tariffChanges).set({ statut: 'ANNULE', annuleLe: at, appliqueLe: null }).where(eq(tariffChanges.id, id));
    },

    /** The line's commitment end as it stands, read inside the job's transaction. */
    async commitmentEnd(idContrat: number, tx: Transaction): Promise<string | null> {
      const [row] = await tx.db.select({ end: contracts.dateFinEngagement }).from(contracts).where(eq(contracts.idContrat, idContrat)).limit(1);
      return row?.end ?? null;
    },
  };
}
export type TariffChangeRepository = ReturnType<typeof createTariffChangeRepository>;
