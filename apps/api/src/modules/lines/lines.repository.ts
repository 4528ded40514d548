import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Line, LinePageQuery, LineStatus } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { contracts, lossTheftDeclarations, offers, userBillingAccounts, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

const lineColumns = {
  idContrat: contracts.idContrat,
  codeStatut: contracts.codeStatut,
  id_Gamme: contracts.idGamme,
  numeroLigne: contracts.numeroLigne,
  id_offre_engagement: contracts.idOffreEngagement,
  libelleOffre: offers.libelle,
};

const sortColumns = {
  numeroLigne: contracts.numeroLigne,
  libelleOffre: offers.libelle,
  codeStatut: contracts.codeStatut,
} as const;

/** Escapes LIKE wildcards so a search is always a plain substring match. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const openDeclaration = sql<boolean>`exists (
  select 1 from ${lossTheftDeclarations}
  where ${lossTheftDeclarations.idContrat} = ${contracts.idContrat} and ${lossTheftDeclarations.restoredAt} is null
)`;

/** A new loss or theft declaration, as stored. */
export type LossTheftRow = typeof lossTheftDeclarations.$inferInsert;

/** Writes take the transaction they belong to (core.transaction); reads run on their own. */
export function createLinesRepository(db: Database) {
  return {
    async page(idClientBscs: number, query: LinePageQuery): Promise<{ contrats: Line[]; total: number }> {
      const filters: SQL[] = [eq(contracts.idClientBscs, idClientBscs)];
      if (query.recherche) {
        const digits = query.recherche.replace(/[\s.+-]/g, '');
        const pattern = likePattern(query.recherche);
        const matches = or(ilike(offers.libelle, pattern), ilike(contracts.numeroLigne, likePattern(digits)));
        if (matches) filters.push(matches);
      }
      const where = and(...filters);
      const direction = query.ordre === 'desc' ? desc : asc;
      const [rows, totals] = await Promise.all([
        db
          .select(lineColumns)
          .from(contracts)
          .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
          .where(where)
          .orderBy(direction(sortColumns[query.tri]), asc(contracts.idContrat))
          .limit(query.taille)
          .offset((query.page - 1) * query.taille),
        db
          .select({ total: count() })
          .from(contracts)
          .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
          .where(where),
      ]);
      return { contrats: rows, total: totals[0]?.total ?? 0 };
    },

    async find(idContrat: number): Promise<Line | undefined> {
      const [row] = await db
        .select(lineColumns)
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .where(eq(contracts.idContrat, idContrat))
        .limit(1);
      return row;
    },

    /** Everything the line page shows, with whether an open loss or theft declaration suspends it. */
    async detail(idContrat: number) {
      const [row] = await db
        .select({
          ...lineColumns,
          idClientBscs: contracts.idClientBscs,
          prixMensuelCentimes: offers.prixMensuelCentimes,
          options: contracts.options,
          dateActivation: contracts.dateActivation,
          dateFinEngagement: contracts.dateFinEngagement,
          utilisateurPrenom: contracts.utilisateurPrenom,
          utilisateurNom: contracts.utilisateurNom,
          utilisateurEmail: contracts.utilisateurEmail,
          inscriptionAnnuaire: contracts.inscriptionAnnuaire,
          typeSim: contracts.typeSim,
          iccid: contracts.iccid,
          suspenduPourPerteOuVol: openDeclaration,
        })
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .where(eq(contracts.idContrat, idContrat))
        .limit(1);
      return row;
    },

    /** The state the line actions are decided on. */
    async state(idContrat: number): Promise<{ numeroLigne: string; codeStatut: LineStatus; iccid: string | null; suspenduPourPerteOuVol: boolean } | undefined> {
      const [row] = await db
        .select({
          numeroLigne: contracts.numeroLigne,
          codeStatut: contracts.codeStatut,
          iccid: contracts.iccid,
          suspenduPourPerteOuVol: openDeclaration,
        })
        .from(contracts)
        .where(eq(contracts.idContrat, idContrat))
        .limit(1);
      return row;
    },

    async puk(idContrat: number): Promise<{ puk: string | null; puk2: string | null } | undefined> {
      const [row] = await db.select({ puk: contracts.puk, puk2: contracts.puk2 }).from(contracts).where(eq(contracts.idContrat, idContrat)).limit(1);
      return row;
    },

    /** Whether another contract than `idContrat` holds this ICCID. */
    async iccidUsedElsewhere(iccid: string, idContrat: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(contracts)
        .where(and(eq(contracts.iccid, iccid), ne(contracts.idContrat, idContrat)))
        .limit(1);
      return Boolean(row);
    },

    /**
     * Puts a new physical SIM card on the line, with the PUK codes that come with it; an eSIM
     * profile is dropped, and a line still being set up becomes active. The unique index on the
     * ICCID refuses a card another line took meanwhile.
     */
    async setSim(idContrat: number, sim: { iccid: string; puk: string; puk2: string }, tx: Transaction): Promise<void> {
      await tx.db
        .update(contracts)
        .set({
          ...sim,
          typeSim: 'SIM',
          esimCodeActivation: null,
          esimAdresseSmdp: null,
          codeStatut: sql`case when ${contracts.codeStatut} = 'EN_COURS' then 'ACTIF' else ${contracts.codeStatut} end`,
        })
        .where(eq(contracts.idContrat, idContrat));
    },

    /**
     * Suspends an active line and records why, or does nothing and answers false when the line
     * is no longer active (a declaration that raced this one).
     */
    async suspendForLossTheft(declaration: Omit<LossTheftRow, 'statutPrecedent'>, tx: Transaction): Promise<boolean> {
      const suspended = await tx.db
        .update(contracts)
        .set({ codeStatut: 'SUSPENDU' })
        .where(and(eq(contracts.idContrat, declaration.idContrat), eq(contracts.codeStatut, 'ACTIF')))
        .returning({ idContrat: contracts.idContrat });
      if (suspended.length === 0) return false;
      await tx.db.insert(lossTheftDeclarations).values({ ...declaration, statutPrecedent: 'ACTIF' });
      return true;
    },

    /** Closes the open declaration and gives the line its status back; false when none was open. */
    async restore(idContrat: number, by: { userId: number; at: Date }, tx: Transaction): Promise<boolean> {
      const closed = await tx.db
        .update(lossTheftDeclarations)
        .set({ restoredBy: by.userId, restoredAt: by.at })
        .where(and(eq(lossTheftDeclarations.idContrat, idContrat), isNull(lossTheftDeclarations.restoredAt)))
        .returning({ statutPrecedent: lossTheftDeclarations.statutPrecedent });
      const [declaration] = closed;
      if (!declaration) return false;
      await tx.db
        .update(contracts)
        .set({ codeStatut: declaration.statutPrecedent })
        .where(and(eq(contracts.idContrat, idContrat), eq(contracts.codeStatut, 'SUSPENDU')));
      return true;
    },

    /** The e-mail addresses of the users who manage an account. */
    async managerEmails(idClientBscs: number): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(userBillingAccounts)
        .innerJoin(users, eq(users.id, userBillingAccounts.userId))
        .where(and(eq(userBillingAccounts.idClientBscs, idClientBscs), eq(userBillingAccounts.isGestionnaire, true)))
        .orderBy(asc(users.id));
      return rows.map((row) => row.email);
    },
  };
}
export type LinesRepository = ReturnType<typeof createLinesRepository>;
export type LineDetailRow = NonNullable<Awaited<ReturnType<LinesRepository['detail']>>>;
