import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents, billingAccounts, ssoClientContexts, ssoOneclicUses, users } from '../../db/schema.ts';

/** The agent codes a single sign-on names an agent by (spec §3 "Single sign-on URL keys"). */
export type AgentCodeColumn = 'idSso' | 'codeAcores' | 'codeRegate';

const columns = { idSso: agents.idSso, codeAcores: agents.codeAcores, codeRegate: agents.codeRegate } as const;

export function createSsoRepository(db: Database) {
  return {
    /** The agent an SSO code names, active or not. */
    async agentBy(column: AgentCodeColumn, code: string) {
      const [row] = await db.select().from(agents).where(eq(columns[column], code)).limit(1);
      return row;
    },

    /**
     * Records a one-click signature as used: true the first time, false when it was used already
     * (the primary key decides, so two requests with one URL at once open one session).
     */
    async useOneclicSignature(signature: string, now: Date, expiresAt: Date): Promise<boolean> {
      const inserted = await db
        .insert(ssoOneclicUses)
        .values({ signature, usedAt: now, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: ssoOneclicUses.signature });
      return inserted.length === 1;
    },

    async context(idContexte: string) {
      const [row] = await db.select().from(ssoClientContexts).where(eq(ssoClientContexts.idContexte, idContexte)).limit(1);
      return row;
    },

    async updateContext(idContexte: string, values: Partial<typeof ssoClientContexts.$inferInsert>) {
      await db.update(ssoClientContexts).set(values).where(eq(ssoClientContexts.idContexte, idContexte));
    },

    async accountExists(idClientBscs: number): Promise<boolean> {
      const [row] = await db.select({ id: billingAccounts.idClientBscs }).from(billingAccounts).where(eq(billingAccounts.idClientBscs, idClientBscs)).limit(1);
      return row !== undefined;
    },

    async userIdByEmail(email: string): Promise<number | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row?.id;
    },

  };
}
export type SsoRepository = ReturnType<typeof createSsoRepository>;
