import { and, asc, count as countRows, desc, eq, gt, ilike, inArray, isNull, like, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  nationalLineDigits,
  type DirectoryListing,
  type Line,
  type LineBarrings,
  type LineFilters,
  type LinePageQuery,
  type LineSort,
  type LineStatus,
  type LineUserEntry,
} from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import type { ReadDatabase } from '../../db/replica.ts';
import { contracts, costCentres, lossTheftDeclarations, offers } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';
import { FOLD_FROM, FOLD_TO, LIGATURES, foldForSearch } from './lines-search.ts';

const lineColumns = {
  idContrat: contracts.idContrat,
  codeStatut: contracts.codeStatut,
  id_Gamme: contracts.idGamme,
  numeroLigne: contracts.numeroLigne,
  id_offre_engagement: contracts.idOffreEngagement,
  libelleOffre: offers.libelle,
  // Null when the line has no centre (left join): drizzle gives null for the whole object.
  centre: { idCentre: costCentres.idCentre, code: costCentres.code, libelle: costCentres.libelle },
  etiquettes: contracts.etiquettes,
};

/** The centre's code, lines without a centre first (a text for the export's keyset, never null). */
const centreSortKey = sql<string>`coalesce(${costCentres.code}, '')`;

const sortColumns = {
  numeroLigne: contracts.numeroLigne,
  libelleOffre: offers.libelle,
  codeStatut: contracts.codeStatut,
  centre: centreSortKey,
} as const;

/** A centre and its sub-centres (three levels at most), of the account only. */
function centreAndBelow(idClientBscs: number, idCentre: number): SQL {
  return sql`${contracts.idCentre} in (
    select c1.id_centre from ${costCentres} c1 where c1.id_client_bscs = ${idClientBscs} and c1.id_centre = ${idCentre}
    union all select c2.id_centre from ${costCentres} c2 where c2.id_client_bscs = ${idClientBscs} and c2.id_parent = ${idCentre}
    union all select c3.id_centre from ${costCentres} c3 join ${costCentres} c2 on c3.id_parent = c2.id_centre
      where c3.id_client_bscs = ${idClientBscs} and c2.id_parent = ${idCentre}
  )`;
}

/** Escapes LIKE wildcards so a search is always a plain substring match. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A text column folded as `foldForSearch` folds the typed text (accents, ligatures, apostrophes, hyphens). */
function folded(column: SQL | AnyColumn): SQL {
  let expression = sql`translate(${column}, ${FOLD_FROM}, ${FOLD_TO})`;
  for (const [from, to] of LIGATURES) expression = sql`replace(${expression}, ${from}, ${to})`;
  return expression;
}

/**
 * The line user's names as one text, first name on both sides, so that "prénom nom" and
 * "nom prénom" are substrings of it as well as each name alone.
 */
const lineUserNames = sql`coalesce(${contracts.utilisateurPrenom}, '') || ' ' || coalesce(${contracts.utilisateurNom}, '') || ' ' || coalesce(${contracts.utilisateurPrenom}, '')`;

/** The lines of an account the filters select (they all apply; the search matches any of its targets). */
function whereLines(idClientBscs: number, filters: LineFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(contracts.idClientBscs, idClientBscs)];
  if (filters.statut?.length) conditions.push(inArray(contracts.codeStatut, filters.statut));
  if (filters.idOffreEngagement?.length) conditions.push(inArray(contracts.idOffreEngagement, filters.idOffreEngagement));
  if (filters.ids?.length) conditions.push(inArray(contracts.idContrat, filters.ids));
  if (filters.idCentre === 'aucun') conditions.push(isNull(contracts.idCentre));
  else if (filters.idCentre !== undefined) conditions.push(centreAndBelow(idClientBscs, filters.idCentre));
  if (filters.etiquette) {
    conditions.push(sql`exists (select 1 from unnest(${contracts.etiquettes}) as e(etiquette) where lower(e.etiquette) = lower(${filters.etiquette}))`);
  }
  const text = filters.recherche ? foldForSearch(filters.recherche) : '';
  if (text !== '') {
    const pattern = likePattern(text);
    const digits = filters.recherche ? nationalLineDigits(filters.recherche) : null;
    conditions.push(
      or(
        ilike(folded(offers.libelle), pattern),
        ilike(folded(lineUserNames), pattern),
        ...(digits ? [like(contracts.numeroLigne, likePattern(digits))] : []),
      ),
    );
  }
  return and(...conditions);
}

const openDeclaration = sql<boolean>`exists (
  select 1 from ${lossTheftDeclarations}
  where ${lossTheftDeclarations.idContrat} = ${contracts.idContrat} and ${lossTheftDeclarations.restoredAt} is null
)`;

/** What the export writes of a line; the line page reads these and a few more. */
const exportColumns = {
  ...lineColumns,
  prixMensuelCentimes: offers.prixMensuelCentimes,
  options: contracts.options,
  dateActivation: contracts.dateActivation,
  dateFinEngagement: contracts.dateFinEngagement,
  utilisateurPrenom: contracts.utilisateurPrenom,
  utilisateurNom: contracts.utilisateurNom,
  utilisateurEmail: contracts.utilisateurEmail,
  typeSim: contracts.typeSim,
  barrageItinerance: contracts.barrageItinerance,
  barrageInternational: contracts.barrageInternational,
};

/** A row of the fleet export. */
export interface LineExportRow {
  idContrat: number;
  codeStatut: LineStatus;
  numeroLigne: string;
  libelleOffre: string;
  prixMensuelCentimes: number;
  options: string[];
  dateActivation: Date;
  dateFinEngagement: string | null;
  utilisateurPrenom: string | null;
  utilisateurNom: string | null;
  utilisateurEmail: string | null;
  typeSim: 'SIM' | 'ESIM';
  centre: { idCentre: number; code: string; libelle: string } | null;
  etiquettes: string[];
  barrageItinerance: boolean;
  barrageInternational: boolean;
}

/** The value of the row's sort column, as the keyset of the export resumes after it. */
function sortKeyOf(row: LineExportRow, tri: LineSort['tri']): string {
  return tri === 'centre' ? (row.centre?.code ?? '') : row[tri];
}

/** Rows an export reads per query: a few hundred kilobytes in memory at most. */
export const EXPORT_BATCH_SIZE = 1_000;

/** A new loss or theft declaration, as stored. */
export type LossTheftRow = typeof lossTheftDeclarations.$inferInsert;

/** What the fleet and the line page say of a line's user. */
const lineUserColumns = {
  idContrat: contracts.idContrat,
  prenom: contracts.utilisateurPrenom,
  nom: contracts.utilisateurNom,
  email: contracts.utilisateurEmail,
  inscriptionAnnuaire: contracts.inscriptionAnnuaire,
};

/** A change of a line's user: the names and e-mail together, or the directory listing alone, or both. */
export type LineUserWrite =
  | { utilisateurPrenom: string; utilisateurNom: string; utilisateurEmail: string | null; inscriptionAnnuaire?: DirectoryListing }
  /** Only to put back what a line had (a bulk action's undo): a line may have had no user named. */
  | { utilisateurPrenom: string | null; utilisateurNom: string | null; utilisateurEmail: string | null }
  | { inscriptionAnnuaire: DirectoryListing };

/** A line's barrings as the API names them (decision 053). */
const barringColumns = { itinerance: contracts.barrageItinerance, international: contracts.barrageInternational };

/**
 * Writes take the transaction they belong to (core.transaction); reads run on their own, the
 * list's and the export's on `reads` (core.reads: the read replica when the request may use it).
 */
export function createLinesRepository(db: Database, reads: ReadDatabase = db) {
  const count = async (idClientBscs: number, filters: LineFilters): Promise<number> => {
    const [row] = await reads
      .select({ total: countRows() })
      .from(contracts)
      .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
      .leftJoin(costCentres, eq(costCentres.idCentre, contracts.idCentre))
      .where(whereLines(idClientBscs, filters));
    return row?.total ?? 0;
  };

  return {
    /** One page of the list in the list's order, with how many lines the filters select in all. */
    async page(idClientBscs: number, query: LinePageQuery): Promise<{ contrats: Line[]; total: number }> {
      const direction = query.ordre === 'desc' ? desc : asc;
      const [rows, total] = await Promise.all([
        reads
          .select(lineColumns)
          .from(contracts)
          .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
          .leftJoin(costCentres, eq(costCentres.idCentre, contracts.idCentre))
          .where(whereLines(idClientBscs, query))
          .orderBy(direction(sortColumns[query.tri]), asc(contracts.idContrat))
          .limit(query.taille)
          .offset((query.page - 1) * query.taille),
        count(idClientBscs, query),
      ]);
      return { contrats: rows, total };
    },

    count,

    /**
     * Every line the filters select, in the list's order, `batchSize` rows per query: each query
     * resumes after the last row of the previous one (keyset), so memory stays that of one batch
     * and no query skips over the rows already read. Rows changed between two batches may be
     * read twice or missed, as in any list read page by page.
     */
    async *exportBatches(idClientBscs: number, filters: LineFilters, sort: LineSort, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<LineExportRow[]> {
      const sortColumn = sortColumns[sort.tri];
      const direction = sort.ordre === 'desc' ? desc : asc;
      const where = whereLines(idClientBscs, filters);
      let after: { key: string; idContrat: number } | null = null;
      for (;;) {
        const resume: SQL | undefined = after
          ? or(
              sort.ordre === 'desc' ? sql`${sortColumn} < ${after.key}` : sql`${sortColumn} > ${after.key}`,
              and(sql`${sortColumn} = ${after.key}`, gt(contracts.idContrat, after.idContrat)),
            )
          : undefined;
        const rows: LineExportRow[] = await reads
          .select(exportColumns)
          .from(contracts)
          .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
          .leftJoin(costCentres, eq(costCentres.idCentre, contracts.idCentre))
          .where(and(where, resume))
          .orderBy(direction(sortColumn), asc(contracts.idContrat))
          .limit(batchSize);
        const last = rows.at(-1);
        if (!last) return;
        yield rows;
        if (rows.length < batchSize) return;
        after = { key: sortKeyOf(last, sort.tri), idContrat: last.idContrat };
      }
    },

    /** Whether the centre is one of the account's (a filter of the list names it). */
    async centreOfAccount(idClientBscs: number, idCentre: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(costCentres)
        .where(and(eq(costCentres.idCentre, idCentre), eq(costCentres.idClientBscs, idClientBscs)))
        .limit(1);
      return Boolean(row);
    },

    async find(idContrat: number): Promise<Line | undefined> {
      const [row] = await db
        .select(lineColumns)
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .leftJoin(costCentres, eq(costCentres.idCentre, contracts.idCentre))
        .where(eq(contracts.idContrat, idContrat))
        .limit(1);
      return row;
    },

    /** Everything the line page shows, with whether an open loss or theft declaration suspends it. */
    async detail(idContrat: number) {
      const [row] = await db
        .select({
          ...exportColumns,
          idClientBscs: contracts.idClientBscs,
          inscriptionAnnuaire: contracts.inscriptionAnnuaire,
          iccid: contracts.iccid,
          suspenduPourPerteOuVol: openDeclaration,
        })
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .leftJoin(costCentres, eq(costCentres.idCentre, contracts.idCentre))
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

    /**
     * Closes the open declaration and gives the line its status back: the status given back (null
     * when the line was no longer suspended), or undefined when no declaration was open.
     */
    async restore(idContrat: number, by: { userId: number; at: Date }, tx: Transaction): Promise<{ restoredTo: LineStatus | null } | undefined> {
      const closed = await tx.db
        .update(lossTheftDeclarations)
        .set({ restoredBy: by.userId, restoredAt: by.at })
        .where(and(eq(lossTheftDeclarations.idContrat, idContrat), isNull(lossTheftDeclarations.restoredAt)))
        .returning({ statutPrecedent: lossTheftDeclarations.statutPrecedent });
      const [declaration] = closed;
      if (!declaration) return undefined;
      const restored = await tx.db
        .update(contracts)
        .set({ codeStatut: declaration.statutPrecedent })
        .where(and(eq(contracts.idContrat, idContrat), eq(contracts.codeStatut, 'SUSPENDU')))
        .returning({ codeStatut: contracts.codeStatut });
      return { restoredTo: restored[0]?.codeStatut ?? null };
    },

    /** The line user of each contract (in no particular order); ids that do not exist are left out. */
    async lineUsers(idContrats: readonly number[]): Promise<LineUserEntry[]> {
      if (idContrats.length === 0) return [];
      return db.select(lineUserColumns).from(contracts).where(inArray(contracts.idContrat, [...idContrats]));
    },

    /**
     * Names the line's user (and its directory listing, when given), unless the line has been
     * terminated meanwhile: then nothing is written and the answer is undefined.
     */
    /** The line's user as it is, its row locked until the transaction ends: what a change replaces. */
    async lineUserForUpdate(idContrat: number, tx: Transaction): Promise<LineUserEntry | undefined> {
      const [row] = await tx.db.select(lineUserColumns).from(contracts).where(eq(contracts.idContrat, idContrat)).for('update');
      return row;
    },

    async setLineUser(idContrat: number, user: LineUserWrite, tx: Transaction): Promise<LineUserEntry | undefined> {
      const [row] = await tx.db
        .update(contracts)
        .set(user)
        .where(and(eq(contracts.idContrat, idContrat), ne(contracts.codeStatut, 'RESILIE')))
        .returning(lineUserColumns);
      return row;
    },

    /** The line's barrings as they are, its row locked until the transaction ends: what a change replaces. */
    async barringsForUpdate(idContrat: number, tx: Transaction): Promise<LineBarrings | undefined> {
      const [row] = await tx.db.select(barringColumns).from(contracts).where(eq(contracts.idContrat, idContrat)).for('update');
      return row;
    },

    /** Sets the line's barrings, unless it has been terminated meanwhile: then nothing is written and the answer is undefined. */
    async setBarrings(idContrat: number, barrings: LineBarrings, tx: Transaction): Promise<LineBarrings | undefined> {
      const [row] = await tx.db
        .update(contracts)
        .set({ barrageItinerance: barrings.itinerance, barrageInternational: barrings.international })
        .where(and(eq(contracts.idContrat, idContrat), ne(contracts.codeStatut, 'RESILIE')))
        .returning(barringColumns);
      return row;
    },
  };
}
export type LinesRepository = ReturnType<typeof createLinesRepository>;
export type LineDetailRow = NonNullable<Awaited<ReturnType<LinesRepository['detail']>>>;
