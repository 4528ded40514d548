import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { lineUserName } from '../../db/invoice-snapshot.ts';
import type { Database } from '../../db/client.ts';
import { billingAccounts, contracts, offers, userBillingAccounts, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';
import { NO_CODE_HASH } from '../password/index.ts';

/**
 * The people of an account: its managers (a managing link) and the users of its lines. Ids of
 * both, deduplicated, for `users.id in (…)`: the query starts from the account's own indexes.
 */
const memberIds = (idClientBscs: number) => sql`(
  select ${userBillingAccounts.userId} from ${userBillingAccounts}
  where ${userBillingAccounts.idClientBscs} = ${idClientBscs} and ${userBillingAccounts.isGestionnaire}
  union
  select ${contracts.userId} from ${contracts}
  where ${contracts.idClientBscs} = ${idClientBscs} and ${contracts.userId} is not null
)`;

const isManagerOf = (idClientBscs: number) => sql<boolean>`exists (
  select 1 from ${userBillingAccounts}
  where ${userBillingAccounts.userId} = ${users.id} and ${userBillingAccounts.idClientBscs} = ${idClientBscs} and ${userBillingAccounts.isGestionnaire}
)`;

export interface MemberRow {
  id: number;
  prenom: string;
  nom: string;
  email: string;
  /** They have created their confidential code. */
  active: boolean;
  manager: boolean;
}

/** A user as the writes need them: who they are and what keeps their flags. */
export interface TargetUser {
  id: number;
  email: string;
  prenom: string;
  nom: string;
  mandataire: boolean;
  serviceClient: boolean;
  administration: boolean;
  idClientBscs: number | null;
}

/** Reads run on their own; writes and the reads that decide them take the transaction (core.transaction). */
export function createAccountUsersRepository(db: Database) {
  async function members(idClientBscs: number, where: { limit: number; offset: number } | { userId: number }): Promise<MemberRow[]> {
    const manager = isManagerOf(idClientBscs);
    const query = db
      .select({ id: users.id, prenom: users.prenom, nom: users.nom, email: users.email, active: sql<boolean>`${users.passwordHash} <> ${NO_CODE_HASH}`, manager })
      .from(users)
      .where(and(sql`${users.id} in ${memberIds(idClientBscs)}`, 'userId' in where ? eq(users.id, where.userId) : undefined))
      .orderBy(desc(manager), asc(sql`lower(${users.nom})`), asc(sql`lower(${users.prenom})`), asc(users.id));
    return 'userId' in where ? query.limit(1) : query.limit(where.limit).offset(where.offset);
  }

  return {
    /** A page of the account's people: managers first, then by name. */
    page(idClientBscs: number, limit: number, offset: number): Promise<MemberRow[]> {
      return members(idClientBscs, { limit, offset });
    },

    async member(idClientBscs: number, userId: number): Promise<MemberRow | undefined> {
      const [row] = await members(idClientBscs, { userId });
      return row;
    },

    /** How many people the account has, and how many of them manage it. */
    async counts(idClientBscs: number): Promise<{ total: number; managers: number }> {
      const [people] = await db.select({ total: count() }).from(users).where(sql`${users.id} in ${memberIds(idClientBscs)}`);
      const [managers] = await db
        .select({ total: count() })
        .from(userBillingAccounts)
        .where(and(eq(userBillingAccounts.idClientBscs, idClientBscs), eq(userBillingAccounts.isGestionnaire, true)));
      return { total: people?.total ?? 0, managers: managers?.total ?? 0 };
    },

    /** The first line (by contract id) of each of these users on the account. */
    async firstLines(idClientBscs: number, userIds: readonly number[]): Promise<Map<number, { idContrat: number; numeroLigne: string }>> {
      const first = new Map<number, { idContrat: number; numeroLigne: string }>();
      if (userIds.length === 0) return first;
      const rows = await db
        .select({ userId: contracts.userId, idContrat: contracts.idContrat, numeroLigne: contracts.numeroLigne })
        .from(contracts)
        .where(and(eq(contracts.idClientBscs, idClientBscs), inArray(contracts.userId, [...userIds])))
        .orderBy(asc(contracts.idContrat));
      for (const { userId, ...line } of rows) if (userId !== null && !first.has(userId)) first.set(userId, line);
      return first;
    },

    /** Lines of the account without a portal user (terminated ones left out), in number order. */
    async freeLines(idClientBscs: number, limit: number) {
      const free = and(eq(contracts.idClientBscs, idClientBscs), isNull(contracts.userId), ne(contracts.codeStatut, 'RESILIE'));
      const lignes = await db
        .select({
          idContrat: contracts.idContrat,
          numeroLigne: contracts.numeroLigne,
          libelleOffre: offers.libelle,
          prenom: contracts.utilisateurPrenom,
          nom: contracts.utilisateurNom,
        })
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .where(free)
        .orderBy(asc(contracts.numeroLigne), asc(contracts.idContrat))
        .limit(limit);
      const [all] = await db.select({ total: count() }).from(contracts).where(free);
      return {
        lignes: lignes.map(({ prenom, nom, ...line }) => ({ ...line, utilisateur: lineUserName(prenom, nom) })),
        total: all?.total ?? 0,
      };
    },

    async emailTaken(email: string, tx?: Transaction): Promise<boolean> {
      const [row] = await (tx?.db ?? db).select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return row !== undefined;
    },

    async accountName(idClientBscs: number): Promise<string> {
      const [row] = await db
        .select({ raisonSociale: billingAccounts.raisonSociale })
        .from(billingAccounts)
        .where(eq(billingAccounts.idClientBscs, idClientBscs));
      return row?.raisonSociale ?? '';
    },

    /**
     * Takes the account's row lock: every change to an account's people runs behind it, so two
     * of them (two managers removing each other) run one after the other, the second one seeing
     * what the first did.
     */
    async lockAccount(idClientBscs: number, tx: Transaction): Promise<void> {
      await tx.db
        .select({ id: billingAccounts.idClientBscs })
        .from(billingAccounts)
        .where(eq(billingAccounts.idClientBscs, idClientBscs))
        .for('update');
    },

    async managers(idClientBscs: number, tx: Transaction): Promise<number[]> {
      const rows = await tx.db
        .select({ userId: userBillingAccounts.userId })
        .from(userBillingAccounts)
        .where(and(eq(userBillingAccounts.idClientBscs, idClientBscs), eq(userBillingAccounts.isGestionnaire, true)));
      return rows.map((row) => row.userId);
    },

    /**
     * A person of the account, locked (the user row: their flags are rewritten from all their
     * accounts), with their standing on it; undefined when they are not one of its people.
     */
    async lockMember(idClientBscs: number, userId: number, tx: Transaction) {
      const [user] = await tx.db
        .select({
          id: users.id,
          email: users.email,
          prenom: users.prenom,
          nom: users.nom,
          mandataire: users.mandataire,
          serviceClient: users.serviceClient,
          administration: users.administration,
          idClientBscs: users.idClientBscs,
        })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) return undefined;
      const [link] = await tx.db
        .select({ isGestionnaire: userBillingAccounts.isGestionnaire })
        .from(userBillingAccounts)
        .where(and(eq(userBillingAccounts.userId, userId), eq(userBillingAccounts.idClientBscs, idClientBscs)));
      const lines = await tx.db
        .select({ idContrat: contracts.idContrat })
        .from(contracts)
        .where(and(eq(contracts.userId, userId), eq(contracts.idClientBscs, idClientBscs)))
        .orderBy(asc(contracts.idContrat));
      const manager = link?.isGestionnaire === true;
      if (!manager && lines.length === 0) return undefined;
      return { user: user satisfies TargetUser, manager, lines: lines.map((line) => line.idContrat) };
    },

    /** A line of the account, locked until the transaction ends; undefined when it is not of the account. */
    async lockLine(idClientBscs: number, idContrat: number, tx: Transaction) {
      const [row] = await tx.db
        .select({
          idContrat: contracts.idContrat,
          userId: contracts.userId,
          codeStatut: contracts.codeStatut,
          numeroLigne: contracts.numeroLigne,
          prenom: contracts.utilisateurPrenom,
          nom: contracts.utilisateurNom,
        })
        .from(contracts)
        .where(and(eq(contracts.idContrat, idContrat), eq(contracts.idClientBscs, idClientBscs)))
        .for('update');
      return row;
    },

    /** A new portal user without a confidential code (`passwordHash` says so); returns their id. */
    async createUser(values: Omit<typeof users.$inferInsert, 'id' | 'createdAt'>, tx: Transaction): Promise<number> {
      const [row] = await tx.db.insert(users).values(values).returning({ id: users.id });
      if (!row) throw new Error('user not created');
      return row.id;
    },

    async setManager(userId: number, idClientBscs: number, tx: Transaction): Promise<void> {
      await tx.db
        .insert(userBillingAccounts)
        .values({ userId, idClientBscs, isGestionnaire: true })
        .onConflictDoUpdate({ target: [userBillingAccounts.userId, userBillingAccounts.idClientBscs], set: { isGestionnaire: true } });
    },

    /** Removes the user's link to the account, managing or not. */
    async unlink(userId: number, idClientBscs: number, tx: Transaction): Promise<void> {
      await tx.db
        .delete(userBillingAccounts)
        .where(and(eq(userBillingAccounts.userId, userId), eq(userBillingAccounts.idClientBscs, idClientBscs)));
    },

    /** Makes the user the line's portal user, and the person the line names. */
    async assignLine(idContrat: number, user: { id: number; prenom: string; nom: string; email: string }, tx: Transaction): Promise<void> {
      await tx.db
        .update(contracts)
        .set({ userId: user.id, utilisateurPrenom: user.prenom, utilisateurNom: user.nom, utilisateurEmail: user.email })
        .where(eq(contracts.idContrat, idContrat));
    },

    /** The user is no longer the portal user of the account's lines (the names they carry stay). */
    async releaseLines(userId: number, idClientBscs: number, tx: Transaction): Promise<void> {
      await tx.db
        .update(contracts)
        .set({ userId: null })
        .where(and(eq(contracts.userId, userId), eq(contracts.idClientBscs, idClientBscs)));
    },

    /** Every account the user is still attached to: managed ones, other links, and those of their lines. */
    async attachments(userId: number, tx: Transaction) {
      const links = await tx.db
        .select({ idClientBscs: userBillingAccounts.idClientBscs, isGestionnaire: userBillingAccounts.isGestionnaire })
        .from(userBillingAccounts)
        .where(eq(userBillingAccounts.userId, userId))
        .orderBy(asc(userBillingAccounts.idClientBscs));
      const lines = await tx.db
        .selectDistinct({ idClientBscs: contracts.idClientBscs })
        .from(contracts)
        .where(and(eq(contracts.userId, userId), isNotNull(contracts.userId)))
        .orderBy(asc(contracts.idClientBscs));
      return {
        managed: links.filter((link) => link.isGestionnaire).map((link) => link.idClientBscs),
        links: links.length,
        lineAccounts: lines.map((line) => line.idClientBscs),
      };
    },

    async setProfile(userId: number, profile: { gestionnaire: boolean; utilisateur: boolean; idClientBscs: number | null }, tx: Transaction) {
      await tx.db.update(users).set(profile).where(eq(users.id, userId));
    },

    /** Deletes a user attached to nothing any more; their sessions, links and choices go with them. */
    async deleteUser(userId: number, tx: Transaction): Promise<void> {
      await tx.db.delete(users).where(eq(users.id, userId));
    },
  };
}
export type AccountUsersRepository = ReturnType<typeof createAccountUsersRepository>;
