import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { apiAccessTokens, apiKeys } from './api-keys.schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

/** What a request's credentials stand for, read in one query. */
export interface ApiKeyCredentials {
  idCle: string;
  idClientBscs: number;
  secretHash: string;
  portees: ApiKeyScope[];
  expireA: Date;
  revoqueeLe: Date | null;
  derniereUtilisation: Date | null;
}

const credentialColumns = {
  idCle: apiKeys.idCle,
  idClientBscs: apiKeys.idClientBscs,
  secretHash: apiKeys.secretHash,
  portees: sql<ApiKeyScope[]>`${apiKeys.portees}`,
  expireA: apiKeys.expireA,
  revoqueeLe: apiKeys.revoqueeLe,
  derniereUtilisation: apiKeys.derniereUtilisation,
};

/** The API keys and their bearer tokens (decision 061). */
export function createApiKeysRepository(db: Database) {
  return {
    async list(idClientBscs: number): Promise<ApiKeyRow[]> {
      return db.select().from(apiKeys).where(eq(apiKeys.idClientBscs, idClientBscs)).orderBy(desc(apiKeys.creeLe));
    },

    /** Locks the account's keys (an advisory lock on the account) so that two creations count each other. */
    async lockAccount(tx: Transaction, idClientBscs: number): Promise<void> {
      await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${idClientBscs}`}))`);
    },

    async activeCount(tx: Transaction, idClientBscs: number, now: Date): Promise<number> {
      const [row] = await tx.db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.idClientBscs, idClientBscs), isNull(apiKeys.revoqueeLe), gt(apiKeys.expireA, now)));
      return row?.n ?? 0;
    },

    async insert(tx: Transaction, key: NewApiKey): Promise<void> {
      await tx.db.insert(apiKeys).values(key);
    },

    async ofAccount(tx: Transaction, idClientBscs: number, idCle: string): Promise<ApiKeyRow | undefined> {
      const [row] = await tx.db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.idClientBscs, idClientBscs), eq(apiKeys.idCle, idCle)))
        .for('update')
        .limit(1);
      return row;
    },

    async revoke(tx: Transaction, idCle: string, at: Date, by: string): Promise<void> {
      await tx.db.update(apiKeys).set({ revoqueeLe: at, revoqueePar: by }).where(eq(apiKeys.idCle, idCle));
      await tx.db.delete(apiAccessTokens).where(eq(apiAccessTokens.idCle, idCle));
    },

    async byPrefix(prefixe: string): Promise<ApiKeyCredentials | undefined> {
      const [row] = await db.select(credentialColumns).from(apiKeys).where(eq(apiKeys.prefixe, prefixe)).limit(1);
      return row;
    },

    async byKeyId(idCle: string): Promise<ApiKeyCredentials | undefined> {
      const [row] = await db.select(credentialColumns).from(apiKeys).where(eq(apiKeys.idCle, idCle)).limit(1);
      return row;
    },

    /** A token's key, when the token is known and not expired. */
    async byToken(tokenHash: string, now: Date): Promise<ApiKeyCredentials | undefined> {
      const [row] = await db
        .select(credentialColumns)
        .from(apiAccessTokens)
        .innerJoin(apiKeys, eq(apiKeys.idCle, apiAccessTokens.idCle))
        .where(and(eq(apiAccessTokens.tokenHash, tokenHash), gt(apiAccessTokens.expireA, now)))
        .limit(1);
      return row;
    },

    async insertToken(tokenHash: string, idCle: string, expireA: Date): Promise<void> {
      await db.insert(apiAccessTokens).values({ tokenHash, idCle, expireA });
    },

    /** Records the key's use, at most once a minute (the condition keeps concurrent requests to one write). */
    async touch(idCle: string, at: Date): Promise<void> {
      const minuteAgo = new Date(at.getTime() - 60_000);
      await db
        .update(apiKeys)
        .set({ derniereUtilisation: at })
        .where(and(eq(apiKeys.idCle, idCle), or(isNull(apiKeys.derniereUtilisation), lt(apiKeys.derniereUtilisation, minuteAgo))));
    },

    async forgetExpiredTokens(now: Date): Promise<number> {
      const deleted = await db.delete(apiAccessTokens).where(lt(apiAccessTokens.expireA, now)).returning({ tokenHash: apiAccessTokens.tokenHash });
      return deleted.length;
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
