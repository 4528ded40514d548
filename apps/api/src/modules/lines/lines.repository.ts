import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Line, LineDetail, LinePageQuery } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { contracts, offers, users } from '../../db/schema.ts';

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

    async detail(idContrat: number): Promise<LineDetail | undefined> {
      const [row] = await db
        .select({
          ...lineColumns,
          idClientBscs: contracts.idClientBscs,
          dateActivation: contracts.dateActivation,
          prenom: users.prenom,
          nom: users.nom,
        })
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .leftJoin(users, eq(users.id, contracts.userId))
        .where(eq(contracts.idContrat, idContrat))
        .limit(1);
      if (!row) return undefined;
      const { prenom, nom, dateActivation, ...line } = row;
      return {
        ...line,
        dateActivation: dateActivation.toISOString(),
        utilisateur: prenom !== null && nom !== null ? { prenom, nom } : null,
      };
    },
  };
}
export type LinesRepository = ReturnType<typeof createLinesRepository>;
