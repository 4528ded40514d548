import { and, asc, eq } from 'drizzle-orm';
import { billingAccountListSchema } from '@ecare/shared';
import { auditLog, contracts } from '../../db/schema.ts';
import { bodyOf, type TestContext } from '../../test/harness.ts';

/** The bakery's demo lines and the tokens of the people around them, for the line page tests. */
export async function bakeryFixture(t: TestContext) {
  const manager = await t.loginAs('gestionnaire');
  const lineUser = await t.loginAs('utilisateur');
  /** Another customer altogether. */
  const stranger = await t.loginAs('solo');
  const [account] = bodyOf(await t.get('/api/comptes_facturation', manager), billingAccountListSchema);
  if (!account) throw new Error('demo gestionnaire has no account');
  const [strangerAccount] = bodyOf(await t.get('/api/comptes_facturation', stranger), billingAccountListSchema);
  if (!strangerAccount) throw new Error('demo solo has no account');
  const lines = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, account.idClientBscs)).orderBy(asc(contracts.idContrat));
  const own = lines.find((line) => line.userId !== null);
  const colleagues = lines.filter((line) => line.userId === null && line.codeStatut === 'ACTIF');
  const suspended = lines.find((line) => line.codeStatut === 'SUSPENDU');
  const esim = lines.filter((line) => line.typeSim === 'ESIM' && line.userId === null && line.codeStatut === 'ACTIF');
  if (!own || colleagues.length < 6 || !suspended || esim.length < 2) throw new Error('bakery demo lines are not as expected');
  return { manager, lineUser, stranger, account: account.idClientBscs, strangerAccount: strangerAccount.idClientBscs, lines, own, colleagues, suspended, esim };
}

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
