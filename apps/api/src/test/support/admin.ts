import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { AuditAction } from '../../core/audit.ts';
import { auditLog } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createUser } from '../../db/seed/factories.ts';
import { userIdOf } from '../demo-fixture.ts';
import { expectError, type TestContext } from '../harness.ts';

const AGENT = { email: 'conseiller.admin@demo.test', password: 'Conseil-Admin-2026!' };

/** The demo people signed in, and a customer-service agent whose account also carries the administration flag. */
export async function adminFixture(t: TestContext) {
  await createUser(t.db, { ...AGENT, prenom: 'Claire', nom: 'Conseil', serviceClient: true, administration: true });
  return {
    admin: await t.loginAs('administration'),
    adminId: await userIdOf(t, DEMO_USERS.administration.email),
    gestionnaire: await t.loginAs('gestionnaire'),
    mandataire: await t.loginAs('mandataire'),
    utilisateur: await t.loginAs('utilisateur'),
    agent: await t.login(AGENT.email, AGENT.password),
  };
}
export type AdminFixture = Awaited<ReturnType<typeof adminFixture>>;

/** The audit entries of an action written after `afterId`, oldest first. */
export const auditOf = (t: TestContext, action: AuditAction, afterId = 0) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), gt(auditLog.id, afterId)))
    .orderBy(asc(auditLog.id));

export async function lastAuditId(t: TestContext): Promise<number> {
  const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.id ?? 0;
}

/** A call of any method, as the access tests make them. */
export const callAs = (t: TestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, json: unknown, token?: string) =>
  method === 'GET' ? t.get(url, token) : t.send(method, url, { token, json });

/**
 * Every call refused without a session (401) and to everyone but an administrator (403: customers
 * and a customer-service agent holding the administration flag), and nothing audited meanwhile.
 */
export async function expectAdministratorsOnly(
  t: TestContext,
  f: AdminFixture,
  calls: readonly (readonly ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown])[],
): Promise<void> {
  const before = await lastAuditId(t);
  for (const [method, url, json] of calls) {
    expectError(await callAs(t, method, url, json), 401, 'UNAUTHENTICATED');
    for (const who of ['gestionnaire', 'mandataire', 'utilisateur', 'agent'] as const) {
      expectError(await callAs(t, method, url, json, f[who]), 403, 'FORBIDDEN_ADMINISTRATION');
    }
  }
  if ((await lastAuditId(t)) !== before) throw new Error('a refused call was audited');
}
