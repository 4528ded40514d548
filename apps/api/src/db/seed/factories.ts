import { hashConfidentialCode } from '@ecare/shared';
import { sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../lib/password.ts';
import type { Database } from '../client.ts';
import { billingAccounts, companies, contracts, userBillingAccounts, users } from '../schema.ts';
import { FIRST_ACCOUNT_ID, FIRST_CONTRACT_ID, buildBillingAccount, buildCompany, buildContract } from './builders.ts';
import { Random } from './random.ts';

/**
 * Factories insert one realistic row with overrides, for the demo seed and the tests.
 * Ids continue from the largest present, so factories can be mixed with seeded data. Values
 * come from `rng`: one shared sequence by default, the demo's own one for the demo seed.
 */
const sharedRng = new Random(20_261_121);

async function nextId(db: Database, table: PgTable, column: AnyColumn, first: number): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${column})` }).from(table);
  return row?.max ? Number(row.max) + 1 : first;
}

export async function createCompany(db: Database, overrides: Partial<typeof companies.$inferInsert> = {}, rng = sharedRng) {
  const [row] = await db.insert(companies).values({ ...buildCompany(rng), ...overrides }).returning();
  if (!row) throw new Error('company not created');
  return row;
}

export async function createBillingAccount(
  db: Database,
  overrides: Partial<typeof billingAccounts.$inferInsert> = {},
  company?: { id: number; raisonSociale: string; siren: string },
  rng = sharedRng,
) {
  const owner = company ?? (await createCompany(db, {}, rng));
  const id = overrides.idClientBscs ?? (await nextId(db, billingAccounts, billingAccounts.idClientBscs, FIRST_ACCOUNT_ID));
  const [row] = await db
    .insert(billingAccounts)
    .values({ ...buildBillingAccount(rng, id, owner), ...overrides })
    .returning();
  if (!row) throw new Error('billing account not created');
  return row;
}

export async function createContract(
  db: Database,
  overrides: Partial<typeof contracts.$inferInsert> & { idClientBscs: number },
  rng = sharedRng,
) {
  const id = overrides.idContrat ?? (await nextId(db, contracts, contracts.idContrat, FIRST_CONTRACT_ID));
  const [row] = await db
    .insert(contracts)
    .values({ ...buildContract(rng, id, overrides.idClientBscs, overrides.typeSim, overrides.idOffreEngagement), ...overrides })
    .returning();
  if (!row) throw new Error('contract not created');
  return row;
}

export interface UserFactoryInput extends Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> {
  email: string;
  /** The confidential code as the person types it. */
  password: string;
  /** Billing accounts the user is attached to. */
  accounts?: { idClientBscs: number; isGestionnaire: boolean }[];
}

export async function createUser(db: Database, { password, accounts = [], ...fields }: UserFactoryInput) {
  const email = fields.email.trim().toLowerCase();
  const passwordHash = await hashPassword(await hashConfidentialCode(email, password));
  const [row] = await db
    .insert(users)
    .values({ prenom: 'Camille', nom: 'Martin', ...fields, email, passwordHash })
    .returning();
  if (!row) throw new Error('user not created');
  if (accounts.length > 0) {
    await db.insert(userBillingAccounts).values(accounts.map((a) => ({ ...a, userId: row.id })));
  }
  return row;
}
