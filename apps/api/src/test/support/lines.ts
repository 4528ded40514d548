import { and, asc, eq } from 'drizzle-orm';
import { auditLog, contracts } from '../../db/schema.ts';
import type { TestContext } from '../harness.ts';

/** The audit entries of one action on one contract, oldest first. */
export function auditOf(t: TestContext, action: string, idContrat: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.idContrat, idContrat)))
    .orderBy(asc(auditLog.id));
}

/** A line as stored. */
export async function storedLine(t: TestContext, idContrat: number) {
  const [line] = await t.db.select().from(contracts).where(eq(contracts.idContrat, idContrat));
  if (!line) throw new Error(`no contract ${idContrat}`);
  return line;
}
