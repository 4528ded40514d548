import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { TEST_DATABASE_URL } from '../../test/harness.ts';
import { MIGRATIONS_FOLDER, openDatabase, type Database, type DatabaseHandle } from '../client.ts';
import { menuItems, serverParameters } from '../schema.ts';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import { DEFAULT_PARAMETERS, OFFERS, REFERENCE_DATA, REFERENCE_MENU } from './index.ts';
import { primaryKey, splitStatements } from './sql.ts';

interface JournalEntry {
  tag: string;
}
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
/** Data migrations are named `<number>_<what>-data` (docs/decisions/014). */
const dataMigrations = journal.entries.filter((entry) => entry.tag.endsWith('-data'));
const firstDataMigration = journal.entries.findIndex((entry) => entry.tag === '0003_reference-data');

/** The server parameters as the demo seed of the previous version wrote them, frozen here. */
const PREVIOUS_SEED_PARAMETERS: Record<string, string> = {
  est_Bdp: 'false',
  hidE_CAPTCHA: 'true',
  reCAPTCHA_JS: 'https://www.google.com/recaptcha/api.js?render=',
  reCAPTCHA_ClientKey: '',
  messageAuthentification:
    'Nouveau : vos factures des 24 derniers mois sont disponibles au format PDF dans votre espace client.',
  messagE_REINIT_MOTDEPASSE: '',
  en_maintenance: 'false',
  titrE_BANDEAU:
    'Opération de maintenance prévue le <strong>dimanche 29 novembre</strong> de 2 h à 4 h : certaines pages pourront être momentanément indisponibles.',
  activeR_RESSOURCES_EXTERNES: 'false',
  environment_MachineName: 'ecare-demo-01',
  activer: 'True',
};

/** The plans the previous version shipped (0019_catalogue-data adds 107 to 109). */
const PREVIOUS_OFFER_IDS: readonly number[] = [101, 102, 103, 104, 105, 106, 201];

/** Each test opens a database of its own and migrates it, on a loaded machine too. */
const SLOW = 120_000;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** An empty database: a new in-memory PGlite, or the PostgreSQL test database emptied. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  if (TEST_DATABASE_URL) {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
    await client.end();
  }
  return openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: 'memory://' });
}

/** Migrates as the previous version did: every migration before the first data migration. */
async function migrateToPreviousVersion(database: DatabaseHandle): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ecare-migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const previous = { ...journal, entries: journal.entries.slice(0, firstDataMigration) };
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(previous));
  await migrate(drizzle(database.pool), { migrationsFolder: folder });
}

/**
 * What the previous version's seed wrote into an empty database: its offers (the columns they
 * had then) and menu are the ones declared now, and a customer with a line and its line user.
 * Written in SQL of that version's schema: today's seed writes columns it did not have yet.
 */
async function previousSeed(database: DatabaseHandle): Promise<void> {
  const db: Database = database.db;
  for (const offer of OFFERS.filter((o) => PREVIOUS_OFFER_IDS.includes(o.idOffreEngagement))) {
    await database.executeSql(
      'insert into offers (id_offre_engagement, libelle, id_gamme, prix_mensuel_centimes, description) values ($1, $2, $3, $4, $5)',
      [offer.idOffreEngagement, offer.libelle, offer.idGamme, offer.prixMensuelCentimes, offer.description],
    );
  }
  await db.insert(menuItems).values([...REFERENCE_MENU]);
  await db.insert(serverParameters).values(Object.entries(PREVIOUS_SEED_PARAMETERS).map(([name, value]) => ({ name, value })));
  await database.executeSql(`
    insert into companies (id, raison_sociale, siren) values (1, 'Boulangerie Lemoine SARL', '732829320');
    insert into billing_accounts (id_client_bscs, code_client_bscs, company_id, statut, siren_siret, raison_sociale, nom, prenom, email, telephone,
      adresse_numero, adresse_voie, adresse_code_postal, adresse_ville)
      values (1000001, '1.1000001', 1, 'ACTIF', '73282932000074', 'Boulangerie Lemoine SARL', 'Lemoine', 'Sophie', 'contact@boulangerie.example',
      '0380000000', '12', 'rue de la Liberté', '21000', 'Dijon');
    insert into users (id, email, password_hash, prenom, nom, utilisateur, id_client_bscs) values (1, 'julien.roux@example.test', 'x', 'Julien', 'Roux', true, 1000001);
    insert into contracts (id_contrat, id_client_bscs, numero_ligne, code_statut, id_gamme, id_offre_engagement, user_id, date_activation)
      values (5000001, 1000001, '0612345678', 'ACTIF', 1, 101, 1, '2022-03-01'), (5000002, 1000001, '0612345679', 'ACTIF', 1, 102, null, '2022-03-01');
  `);
}

/**
 * Every reference table, rows in primary-key order. Dates are read as text (`YYYY-MM-DD`, as the
 * declarations write them): the drivers would make them Dates, at midnight of different zones.
 */
async function referenceRows(database: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const { table } of REFERENCE_DATA) {
    const order = primaryKey(table).columns.map((name) => `"${name}"`).join(', ');
    const columns = Object.values(getTableColumns(table))
      .map((column) => (column.getSQLType() === 'date' ? `"${column.name}"::text as "${column.name}"` : `"${column.name}"`))
      .join(', ');
    dump[getTableName(table)] = (await database.executeSql(`select ${columns} from "${getTableName(table)}" order by ${order}`)).rows;
  }
  return dump;
}

async function rerunDataMigrations(database: DatabaseHandle): Promise<void> {
  for (const entry of dataMigrations) {
    const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), 'utf8');
    for (const statement of splitStatements(text)) await database.executeSql(statement);
  }
}

const parameters = (dump: Record<string, unknown[]>) =>
  Object.fromEntries((dump.server_parameters as { name: string; value: string }[]).map((row) => [row.name, row.value]));

/** A new installation: migrated, then with the demo seeded (opening a database takes a while: once here). */
let declared: Record<string, unknown[]> = {};
let withDemo: Record<string, unknown[]> = {};
beforeAll(async () => {
  const fresh = await emptyDatabase();
  try {
    await fresh.migrate();
    declared = await referenceRows(fresh);
    await seedDemoIfEmpty(fresh.db);
    withDemo = await referenceRows(fresh);
  } finally {
    await fresh.close();
  }
}, SLOW);

describe('reference data migrations', () => {
  it('bring a new database to the declared reference data, and only that', () => {
    expect(dataMigrations.length).toBeGreaterThan(0);
    for (const set of REFERENCE_DATA) {
      const columns = getTableColumns(set.table);
      const [key = ''] = primaryKey(set.table).properties;
      const keyColumn = columns[key]?.name ?? '';
      const rows = declared[getTableName(set.table)] as Record<string, unknown>[];
      expect(rows.length, getTableName(set.table)).toBe(set.rows.length);
      for (const row of set.rows) {
        const stored = rows.find((candidate) => candidate[keyColumn] === row[key]);
        const expected = Object.fromEntries(Object.entries(row).map(([property, value]) => [columns[property]?.name, value]));
        expect(stored, `${getTableName(set.table)} ${String(row[key])}`).toMatchObject(expected);
      }
    }
    expect(parameters(declared)).toEqual(DEFAULT_PARAMETERS);
  });

  it('give a demo installation of the previous version the same reference data as a new one, and a second run changes nothing', async () => {
    const upgraded = await emptyDatabase();
    try {
      await migrateToPreviousVersion(upgraded);
      await previousSeed(upgraded);
      await upgraded.migrate();
      const after = await referenceRows(upgraded);
      expect(after).toEqual(withDemo);
      // Its lines took the new columns' defaults, and a line's user is its portal user.
      const lines = (await upgraded.executeSql('select id_contrat, type_sim, inscription_annuaire, options, utilisateur_prenom, utilisateur_nom, utilisateur_email from contracts order by id_contrat')).rows;
      expect(lines).toEqual([
        { id_contrat: 5000001, type_sim: 'SIM', inscription_annuaire: 'LISTE_ROUGE', options: [], utilisateur_prenom: 'Julien', utilisateur_nom: 'Roux', utilisateur_email: 'julien.roux@example.test' },
        { id_contrat: 5000002, type_sim: 'SIM', inscription_annuaire: 'LISTE_ROUGE', options: [], utilisateur_prenom: null, utilisateur_nom: null, utilisateur_email: null },
      ]);
      expect(after.menu_items?.length).toBe(REFERENCE_MENU.length);

      const applied = (await upgraded.executeSql('select id from drizzle.__drizzle_migrations')).rows.length;
      expect(applied).toBe(journal.entries.length);
      await upgraded.migrate();
      await rerunDataMigrations(upgraded);
      expect(await referenceRows(upgraded)).toEqual(after);
      expect((await upgraded.executeSql('select id from drizzle.__drizzle_migrations')).rows.length).toBe(applied);
    } finally {
      await upgraded.close();
    }
  }, SLOW);

  it('fill in an installation of the previous version that had no demo, then never reset what its operator changes', async () => {
    const database = await emptyDatabase();
    try {
      await migrateToPreviousVersion(database);
      await database.db.insert(serverParameters).values([
        { name: 'en_maintenance', value: 'true' },
        { name: 'parametre_prive', value: 'conservé' },
      ]);
      await database.migrate();
      let dump = await referenceRows(database);
      expect(dump.menu_items).toEqual(declared.menu_items);
      expect(dump.offers).toEqual(declared.offers);
      expect(parameters(dump)).toEqual({ ...DEFAULT_PARAMETERS, en_maintenance: 'true', parametre_prive: 'conservé' });

      await database.executeSql(`update server_parameters set value = 'Bienvenue' where name = 'messageAuthentification'`);
      await database.executeSql(`update menu_items set nom = 'Nos forfaits' where id = 6`);
      await database.executeSql('delete from menu_items where id = 231');
      // At the next start drizzle's migrator runs only the migrations it has not run yet.
      await database.migrate();
      dump = await referenceRows(database);
      const menuIds = (dump.menu_items as { id: number }[]).map((row) => row.id);
      expect(menuIds).toHaveLength(REFERENCE_MENU.length - 1);
      expect(menuIds).not.toContain(231);
      // Even run again by hand, a data migration only inserts what is missing.
      await rerunDataMigrations(database);
      dump = await referenceRows(database);
      expect(parameters(dump)).toMatchObject({ messageAuthentification: 'Bienvenue', en_maintenance: 'true' });
      expect((dump.menu_items as { id: number; nom: string }[]).find((row) => row.id === 6)?.nom).toBe('Nos forfaits');
    } finally {
      await database.close();
    }
  }, SLOW);
});
