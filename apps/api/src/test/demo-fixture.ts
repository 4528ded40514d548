import { and, asc, eq } from 'drizzle-orm';
import { billingAccountListSchema } from '@ecare/shared';
import { contracts, userBillingAccounts, users } from '../db/schema.ts';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { bodyOf, type TestContext } from './harness.ts';

/** A user's id, by e-mail address. */
export async function userIdOf(t: TestContext, email: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** The first billing account the token's user is shown. */
async function firstAccountOf(t: TestContext, token: string): Promise<number> {
  const [account] = bodyOf(await t.get('/api/comptes_facturation', token), billingAccountListSchema);
  if (!account) throw new Error('demo user without account');
  return account.idClientBscs;
}

/**
 * The demo people signed in, the bakery (the demo gestionnaire's account) and its lines, and what
 * must stay out of reach: the accounts and lines every access test names (success with the
 * bakery's manager, 403 with another customer, a line user or a mandataire who does not manage).
 */
export async function demoFixture(t: TestContext) {
  const manager = await t.loginAs('gestionnaire');
  /** The user of one bakery line (`own`), who manages nothing. */
  const lineUser = await t.loginAs('utilisateur');
  /** Another customer altogether. */
  const stranger = await t.loginAs('solo');
  /** Manages other companies' accounts, and is attached to `notManaged` without managing it. */
  const mandataire = await t.loginAs('mandataire');
  const account = await firstAccountOf(t, manager);
  const strangerAccount = await firstAccountOf(t, stranger);
  const [attached] = await t.db
    .select({ idClientBscs: userBillingAccounts.idClientBscs })
    .from(userBillingAccounts)
    .where(and(eq(userBillingAccounts.userId, await userIdOf(t, DEMO_USERS.mandataire.email)), eq(userBillingAccounts.isGestionnaire, false)));
  if (!attached) throw new Error('no account the demo mandataire is only attached to');
  const notManaged = attached.idClientBscs;
  const [unmanagedLine] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, notManaged)).orderBy(asc(contracts.idContrat)).limit(1);

  const lines = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, account)).orderBy(asc(contracts.idContrat));
  const lineUserId = await userIdOf(t, DEMO_USERS.utilisateur.email);
  const own = lines.find((line) => line.userId === lineUserId);
  /** Active lines no portal user holds. */
  const colleagues = lines.filter((line) => line.userId === null && line.codeStatut === 'ACTIF');
  const suspended = lines.find((line) => line.codeStatut === 'SUSPENDU');
  const esim = lines.filter((line) => line.typeSim === 'ESIM' && line.userId === null && line.codeStatut === 'ACTIF');
  if (!own || colleagues.length < 6 || !suspended || esim.length < 2 || !unmanagedLine) throw new Error('demo lines are not as expected');
  return {
    manager,
    lineUser,
    stranger,
    mandataire,
    account,
    strangerAccount,
    notManaged,
    /** A line of `notManaged`. */
    unmanagedLine,
    lines,
    own,
    colleagues,
    suspended,
    esim,
    /** The i-th of `colleagues` (each test takes its own). */
    colleague(i: number) {
      const line = colleagues[i];
      if (!line) throw new Error(`no colleague line ${i}`);
      return line;
    },
  };
}

export type DemoFixture = Awaited<ReturnType<typeof demoFixture>>;
