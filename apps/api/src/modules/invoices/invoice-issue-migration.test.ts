import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '../../db/client.ts';
import { accountPaymentSettings, invoiceItems, invoices } from '../../db/schema.ts';
import { buildBillingAccount, buildContract } from '../../db/seed/builders.ts';
import { createCompany } from '../../db/seed/factories.ts';
import { Random } from '../../db/seed/random.ts';
import { TEST_DATABASE_URL } from '../../test/harness.ts';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const SNAPSHOT_MIGRATION = journal.entries.findIndex((entry) => entry.tag.endsWith('_invoice-issue-snapshot'));

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('migration invoice-issue-snapshot', () => {
  it('freezes into the invoices already issued the customer, payment mode and line users they show on the day it runs', async () => {
    expect(SNAPSHOT_MIGRATION).toBeGreaterThan(0);
    if (TEST_DATABASE_URL) {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
      await client.end();
    }
    const database = await openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: 'memory://' });
    try {
      // The database as it was before: every migration up to this one.
      const folder = mkdtempSync(path.join(tmpdir(), 'ecare-migrations-'));
      folders.push(folder);
      cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
      writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, SNAPSHOT_MIGRATION) }));
      await migrate(drizzle(database.pool), { migrationsFolder: folder });

      // Written with the columns an account had then: today's schema names later ones (its security policy…).
      const company = await createCompany(database.db);
      const account = buildBillingAccount(new Random(9_100_000), 9_100_000, company);
      await database.db.execute(sql`insert into billing_accounts (id_client_bscs, code_client_bscs, company_id, statut, siren_siret, raison_sociale, nom, prenom, email, telephone, adresse_numero, adresse_voie, adresse_code_postal, adresse_ville)
        values (${account.idClientBscs}, ${account.codeClientBscs}, ${company.id}, ${account.statut}, ${account.sirenSiret}, ${account.raisonSociale}, ${account.nom}, ${account.prenom}, ${account.email}, ${account.telephone}, ${account.adresseNumero}, ${account.adresseVoie}, ${account.adresseCodePostal}, ${account.adresseVille})`);
      // Written with the columns a line had then: today's schema names later ones (its cost centre…).
      const contractThen = async (idContrat: number, utilisateurPrenom: string | null, utilisateurNom: string) => {
        const line = buildContract(new Random(idContrat), idContrat, account.idClientBscs);
        await database.db.execute(sql`insert into contracts (id_contrat, id_client_bscs, numero_ligne, code_statut, id_gamme, id_offre_engagement, date_activation, utilisateur_prenom, utilisateur_nom)
          values (${idContrat}, ${account.idClientBscs}, ${line.numeroLigne}, 'ACTIF', 1, ${line.idOffreEngagement}, ${line.dateActivation.toISOString()}, ${utilisateurPrenom}, ${utilisateurNom})`);
        return { idContrat, numeroLigne: line.numeroLigne };
      };
      const named = await contractThen(9_100_001, 'Émilie', 'Moreau');
      const unnamed = await contractThen(9_100_002, null, ' ');
      await database.db.insert(accountPaymentSettings).values({ idClientBscs: account.idClientBscs, modePaiement: 'PRELEVEMENT', updatedAt: new Date() });
      await database.db.execute(sql`insert into invoices (id_client_bscs, reference_number, date_facture, date_echeance, periode_debut, periode_fin, montant_ht_centimes, montant_tva_centimes, montant_ttc_centimes, reste_a_payer_centimes, prelevement)
        values (${account.idClientBscs}, 'F2610TEST', '2026-10-01', '2026-10-31', '2026-10-01', '2026-10-31', 3000, 600, 3600, 0, true)`);
      await database.db.execute(sql`insert into invoice_items (invoice_id, id_contrat, numero_ligne, nature, libelle, montant_ht_centimes)
        select id, ${named.idContrat}::integer, ${named.numeroLigne}::text, 'ABONNEMENT', 'Forfait Pro 5 Go', 1000 from invoices where reference_number = 'F2610TEST'
        union all select id, ${unnamed.idContrat}::integer, ${unnamed.numeroLigne}::text, 'ABONNEMENT', 'Forfait Pro 5 Go', 1000 from invoices where reference_number = 'F2610TEST'
        union all select id, null::integer, null::text, 'ABONNEMENT', 'Box Pro Fibre – ligne fixe', 1000 from invoices where reference_number = 'F2610TEST'`);

      await database.migrate();

      const [invoice] = await database.db.select().from(invoices).where(eq(invoices.referenceNumber, 'F2610TEST'));
      expect(invoice).toMatchObject({
        modePaiement: 'PRELEVEMENT',
        client: {
          codeClientBscs: account.codeClientBscs,
          raisonSociale: account.raisonSociale,
          sirenSiret: account.sirenSiret,
          adresse: { numero: account.adresseNumero, voie: account.adresseVoie, codePostal: account.adresseCodePostal, ville: account.adresseVille },
        },
      });
      const items = await database.db.select({ idContrat: invoiceItems.idContrat, utilisateur: invoiceItems.utilisateur }).from(invoiceItems);
      expect(new Map(items.map((item) => [item.idContrat, item.utilisateur]))).toEqual(new Map([[named.idContrat, 'Émilie Moreau'], [unnamed.idContrat, null], [null, null]]));
    } finally {
      await database.close();
    }
  }, 120_000);
});
