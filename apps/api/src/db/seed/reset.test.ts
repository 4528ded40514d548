import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { createFileStore } from '../../lib/attachments/file-store.ts';
import { attachmentsFolder, FILES, fields, MESSAGE, sendContact } from '../../test/support/support.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { storedFileFixtures } from '../../test/stored-files.ts';
import type { Database } from '../client.ts';
import { REFERENCE_TABLES } from '../reference/index.ts';
import {
  appointments,
  billingAccounts,
  companies,
  contracts,
  emailOutbox,
  invoiceComplaints,
  menuItems,
  passwordResetRequests,
  rateLimitCounters,
  serverParameters,
  sessions,
  supportTickets,
  terminations,
  userBillingAccounts,
  users,
} from '../schema.ts';
import { DEMO_USERS } from './demo.ts';
import { createBillingAccount, createUser } from './factories.ts';
import { describeDatabase, isLocalDatabase } from '../database-url.ts';
import { customerTables, resetDemoData } from './reset.ts';
import * as schema from '../schema.ts';
import { seedScale } from './scale.ts';

/** The tables a single feature or platform piece keeps to itself, each declared in its folder's `*.schema.ts` (as drizzle-kit reads them). */
async function moduleTables(): Promise<PgTable[]> {
  // Where drizzle.config.ts finds them: a feature's folder, or a platform piece's.
  const files = ['../../modules', '../../platform'].flatMap((relative) => {
    const parent = path.resolve(import.meta.dirname, relative);
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((folder) => readdirSync(path.join(parent, folder.name)).filter((name) => name.endsWith('.schema.ts')).map((name) => path.join(parent, folder.name, name)));
  });
  const tables: PgTable[] = [];
  for (const file of files) tables.push(...(Object.values((await import(file)) as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable))));
  return tables;
}

const folder = attachmentsFolder();
const stores = await createFileStore({ attachmentsDir: folder, webDist: '/nonexistent', s3: null });
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { ATTACHMENTS_DIR: folder } });
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * The demo customers and their requests as stored, without what differs on every run (password
 * salts, creation times, the requests' moments, which follow the seeding day).
 */
async function demoRows(db: Database) {
  return {
    companies: await db.select().from(companies).orderBy(asc(companies.id)),
    accounts: await db.select().from(billingAccounts).orderBy(asc(billingAccounts.idClientBscs)),
    contracts: await db.select().from(contracts).orderBy(asc(contracts.idContrat)),
    users: (await db.select().from(users).orderBy(asc(users.id))).map(({ passwordHash: _hash, createdAt: _at, ...user }) => user),
    links: await db.select().from(userBillingAccounts).orderBy(asc(userBillingAccounts.userId), asc(userBillingAccounts.idClientBscs)),
    tickets: (await db.select().from(supportTickets).orderBy(asc(supportTickets.id))).map(({ createdAt: _at, updatedAt: _changed, ...ticket }) => ticket),
    complaints: (await db.select().from(invoiceComplaints).orderBy(asc(invoiceComplaints.id))).map(({ createdAt: _at, updatedAt: _changed, ...complaint }) => complaint),
    terminations: (await db.select().from(terminations).orderBy(asc(terminations.idResiliation))).map(
      ({ createdAt: _at, cancelledAt: _cancelled, dateEffet: _day, ...termination }) => termination,
    ),
    appointments: (await db.select().from(appointments).orderBy(asc(appointments.id))).map(
      ({ debut: _slot, createdAt: _at, updatedAt: _changed, ...appointment }) => appointment,
    ),
  };
}

const referenceRows = async (db: Database) => ({
  menu: await db.select().from(menuItems).orderBy(asc(menuItems.id)),
  parameters: await db.select().from(serverParameters).orderBy(asc(serverParameters.name)),
});

describe('demo reset', () => {
  it('empties the customer data, reloads the same demo set and keeps the reference data with its changes', async () => {
    const demo = await demoRows(t.db);
    expect(demo.accounts.length).toBeGreaterThan(0);
    expect(demo.tickets.length).toBeGreaterThan(0);

    // Activity on top of the demo: sessions, a forgotten-code mail, failed logins, more customers.
    await t.loginAs('gestionnaire');
    await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.solo.email } });
    await t.send('POST', '/api/token', { form: { username: DEMO_USERS.mandataire.email, password: 'x'.repeat(64), grant_type: 'password', captcha: '', ip: '' } });
    const extra = await createBillingAccount(t.db);
    await createUser(t.db, { email: 'nouveau@client.test', password: 'Nouveau-Client-2026!', accounts: [{ idClientBscs: extra.idClientBscs, isGestionnaire: true }] });
    await seedScale(t.db, 20);
    // An operator's changes to the reference data.
    await t.db.update(serverParameters).set({ value: 'Bandeau de l’exploitant' }).where(eq(serverParameters.name, 'titrE_BANDEAU'));
    await t.db.update(menuItems).set({ nom: 'Nos forfaits' }).where(eq(menuItems.id, 6));
    const reference = await referenceRows(t.db);
    for (const table of [sessions, emailOutbox, passwordResetRequests, rateLimitCounters]) {
      expect((await t.db.select().from(table)).length, getTableName(table)).toBeGreaterThan(0);
    }

    await resetDemoData(t.db);

    expect(await demoRows(t.db)).toEqual(demo);
    for (const table of [sessions, emailOutbox, passwordResetRequests, rateLimitCounters]) {
      expect(await t.db.select().from(table), getTableName(table)).toEqual([]);
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'nouveau@client.test'))).toEqual([]);
    expect(await referenceRows(t.db)).toEqual(reference);
    for (const who of Object.keys(DEMO_USERS) as (keyof typeof DEMO_USERS)[]) {
      await expect(t.loginAs(who)).resolves.toMatch(/.+/);
    }
  });

  it('deletes the uploaded files of the rows it empties: contact attachments, termination proofs, supporting documents', async () => {
    const files = storedFileFixtures(t, stores);
    const sent = await sendContact(t, [...fields(MESSAGE), { name: 'pieceJointe', filename: 'constat.pdf', type: 'application/pdf', content: FILES.pdf }], {
      token: await t.loginAs('gestionnaire'),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    for (let i = 0; i < 3; i++) {
      await files.terminationProof(await files.kept('termination'));
      await files.supportingDocument(await files.kept('pieces'));
    }
    const stored = async () => {
      const all = [];
      for (const kind of ['contact', 'termination', 'pieces'] as const) for await (const file of stores[kind].list()) all.push(file);
      return all;
    };
    expect(await stored()).toHaveLength(7);

    const deleted = await resetDemoData(t.db, { files: stores });
    expect(await stored()).toEqual([]);
    expect(deleted).toBe(7);
    // What stays is the demo's messages again, none with a file.
    const tickets = await t.db.select().from(supportTickets);
    expect(tickets.map((ticket) => ticket.objet)).not.toContain(MESSAGE.objet);
    expect(tickets.filter((ticket) => ticket.pieceJointeCle !== null)).toEqual([]);
  });

  it('empties every table but the reference ones', async () => {
    const names = await customerTables(t.db);
    expect(names).toEqual(expect.arrayContaining(['users', 'billing_accounts', 'contracts', 'sessions', 'email_outbox', 'rate_limit_counters', 'login_unlock_links']));
    for (const table of REFERENCE_TABLES) expect(names).not.toContain(getTableName(table));
    // The same tables as every table of the shared data model but the reference ones, and the modules' own.
    const model = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable) && !REFERENCE_TABLES.includes(value));
    const own = await moduleTables();
    expect(own.map((table) => getTableName(table))).toContain('usage_events');
    expect([...names].sort()).toEqual([...model, ...own].map((table) => getTableName(table)).sort());
  });

  it('counts only databases on this machine as local', () => {
    for (const url of [undefined, 'postgres://postgres@127.0.0.1:5432/ecare', 'postgres://localhost/ecare', 'postgresql://u:p@[::1]:5432/ecare', 'postgres:///ecare', 'postgres://db.example.com/ecare?host=/var/run/postgresql']) {
      expect(isLocalDatabase(url), String(url)).toBe(true);
    }
    for (const url of ['postgres://ecare:secret@db.internal:5432/ecare', 'postgres://10.0.0.5/ecare', 'postgres://127.0.0.1.example.com/ecare', 'not a url']) {
      expect(isLocalDatabase(url), url).toBe(false);
    }
    expect(describeDatabase('postgres://ecare:secret@db.internal:5432/ecare')).toBe('db.internal:5432/ecare');
  });
});
