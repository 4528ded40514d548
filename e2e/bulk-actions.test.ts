import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { closeContexts, workerBrowser } from './support/browser.ts';
import { choose, DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { e2eDatabaseUrl, prepareServerDatabase, startServer, type RunningServer } from './support/server.ts';
import type { Browser } from 'playwright-core';

/*
 * A bulk action from a CSV of 50 numbers: the bakery's lines (38 added to its 12 before the
 * server starts), its suspended line (not eligible) and another company's number among them.
 */
const ADDED = 37;
let server: RunningServer;
let browser: Browser;
let csv = '';
const dataDir = mkdtempSync(path.join(tmpdir(), 'ecare-e2e-bulk-'));

/** The bakery's numbers (with 37 more lines) and a number of another company, written as people type them. */
async function prepare(): Promise<string> {
  const url = e2eDatabaseUrl();
  const handle = openDatabase(url ? { databaseUrl: url, dataDir: 'unused' } : { dataDir });
  try {
    const { rows: accounts } = await handle.executeSql(`select uba.id_client_bscs from user_billing_accounts uba join users u on u.id = uba.user_id where u.email = $1 and uba.is_gestionnaire`, [DEMO.gestionnaire.email]);
    const bakery = (accounts[0] as { id_client_bscs: number }).id_client_bscs;
    await handle.executeSql(
      `insert into contracts (id_contrat, id_client_bscs, numero_ligne, code_statut, id_gamme, id_offre_engagement, date_activation)
       select 880000000 + g, c.id_client_bscs, '07000000' || lpad(g::text, 2, '0'), 'ACTIF', c.id_gamme, c.id_offre_engagement, c.date_activation
         from generate_series(1, ${ADDED}) g, (select * from contracts where id_client_bscs = $1 and code_statut = 'ACTIF' order by id_contrat limit 1) c`,
      [bakery],
    );
    const { rows: own } = await handle.executeSql(`select numero_ligne from contracts where id_client_bscs = $1 order by id_contrat`, [bakery]);
    const { rows: other } = await handle.executeSql(`select numero_ligne from contracts where id_client_bscs <> $1 order by id_contrat limit 1`, [bakery]);
    const numbers = [...own, ...other].map((row) => (row as { numero_ligne: string }).numero_ligne);
    // Any format: spaced, compact, +33 and 33.
    const written = numbers.map((n, i) => [n.replace(/(\d{2})(?=\d)/g, '$1 '), n, `+33${n.slice(1)}`, `33 ${n.slice(1)}`][i % 4] ?? n);
    return ['Numéro', ...written].join('\r\n');
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  // The database made from the template, the lines added, then the server started on it.
  await prepareServerDatabase(dataDir);
  csv = await prepare();
  server = await startServer({ dataDir, resetDatabase: false });
  browser = await workerBrowser();
  await closeContexts(browser);
});
afterAll(async () => {
  if (browser) await closeContexts(browser);
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bulk actions', () => {
  it('suspends the data of 50 numbers of a CSV: dry run with two refusals, run, progress, results, undo; cards at 375 px', async () => {
    expect(csv.split('\r\n')).toHaveLength(51);
    const { context, page } = await newPage(browser);
    await loginWithKeyboard(page, server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${server.url}/ecare/mon-compte/traitements`);
    await page.getByRole('heading', { level: 1, name: 'Actions groupées' }).waitFor();
    await page.getByLabel(/^Action/).selectOption('DONNEES');
    // A React Aria radio: its label clicked, as a person does (a forced click on its hidden input
    // lands wherever the page was when it was measured).
    await choose(page.getByRole('radio', { name: 'Suspendre les données' }));
    await page.getByLabel(/^Fichier CSV des numéros de ligne/).setInputFiles({ name: 'lignes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Simuler l’action' }).click();

    await page.getByText('Rien n’a encore été changé. 48 lignes seraient modifiées, 2 refusées.').waitFor();
    await page.getByText('Seules les données d’une ligne active peuvent être suspendues.').waitFor();
    await page.getByText('Ce numéro n’est pas une ligne de ce compte de facturation.').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Lancer l’action sur 48 lignes' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Lancer l’action groupée ?' });
    await dialog.getByRole('button', { name: 'Lancer l’action' }).click();
    await page.waitForURL(/\/mon-compte\/traitements\/\d+$/);
    await page.getByRole('progressbar', { name: 'Avancement' }).waitFor();
    await page.getByText('Terminé – 50 lignes traitées sur 50 (48 faites, 2 refusées)').waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page);

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger les résultats (CSV)' }).click()]);
    const results = (await readFile(await file.path())).toString('utf8');
    expect(results.trim().split('\r\n')).toHaveLength(51);
    expect(results).toContain('REFUS');

    await page.getByRole('button', { name: 'Défaire le traitement' }).click();
    await page.getByRole('alertdialog', { name: 'Défaire le traitement ?' }).getByRole('button', { name: 'Défaire' }).click();
    await page.getByText('Retour arrière terminé : les lignes modifiées ont retrouvé leur valeur d’avant.').waitFor({ timeout: 20_000 });
    const jobUrl = page.url();
    await context.close();

    // On a phone: the results as cards, nothing wider than the screen.
    const phone = await newPage(browser, { width: 375 });
    await loginWithKeyboard(phone.page, server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await phone.page.waitForURL(/\/pages\/accueil$/);
    await phone.page.goto(jobUrl);
    await phone.page.getByText('Retour arrière terminé', { exact: false }).waitFor();
    expect(await phone.page.getByRole('table').count()).toBe(0);
    await expect(phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await expectNoAxeViolations(phone.page);
    await phone.context.close();
  });
});
