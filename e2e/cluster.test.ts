import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, workerBrowser } from './support/browser.ts';
import { DEMO, appPath, choose, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { e2eDatabaseUrl, prepareServerDatabase } from './support/server.ts';
import { typeCard } from './support/payment.ts';
import { dataRows, dataRowTitles } from './support/tables.ts';

/**
 * The main journeys through nginx in front of three instances on one PostgreSQL database
 * (deploy/local-cluster.sh, decision 067): the proxy sends each request to the next instance, so a
 * journey's requests are served by all three, and each page must not care which.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = e2eDatabaseUrl();

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Four free ports in a row: the proxy's, then the three instances'. */
async function freePorts(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const free = await Promise.all([0, 1, 2, 3].map((i) => portIsFree(base + i)));
    if (free.every(Boolean)) return base;
  }
}

describe.skipIf(!databaseUrl)('three instances behind nginx', () => {
  const state = mkdtempSync(path.join(tmpdir(), 'ecare-e2e-cluster-'));
  let env: NodeJS.ProcessEnv = {};
  let url = '';
  let browser: Browser;

  beforeAll(async () => {
    await prepareServerDatabase(state);
    const base = await freePorts();
    url = `http://127.0.0.1:${base}`;
    env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      CLUSTER_DIR: state,
      PROXY_PORT: String(base),
      INSTANCE_BASE_PORT: String(base + 1),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DEMO_USAGE_FEED: 'false',
      DEV_TOOLS: 'true',
    };
    await run('bash', [path.join(root, 'deploy/local-cluster.sh'), 'up', '3'], { env, cwd: root });
    browser = await workerBrowser();
    await closeContexts(browser);
  }, 240_000);

  afterAll(async () => {
    if (browser) await closeContexts(browser);
    await run('bash', [path.join(root, 'deploy/local-cluster.sh'), 'down'], { env, cwd: root }).catch(() => undefined);
    rmSync(state, { recursive: true, force: true });
  }, 120_000);

  /** The instances that answered the page's API requests (X-Instance-Id). */
  function watchInstances(page: Page): Set<string> {
    const seen = new Set<string>();
    page.on('response', (response) => {
      const id = response.headers()['x-instance-id'];
      if (id && new URL(response.url()).pathname.startsWith('/api/')) seen.add(id);
    });
    return seen;
  }

  it('signs a mandataire in and lets them choose an account, each request on the next instance', async () => {
    const { context, page } = await newPage(browser);
    const instances = watchInstances(page);
    await loginWithKeyboard(page, url, DEMO.mandataire.email, DEMO.mandataire.password);
    await page.waitForURL(/\/pages\/choix-compte-facturation/);
    await page.getByRole('button', { name: /Choisir ce compte/ }).first().click();
    await page.waitForURL(/\/pages\/accueil$/);
    await page.getByText('Transports Girard SAS').first().waitFor();
    // A reload reads the session again, on whichever instance.
    await page.reload();
    await page.getByText('Transports Girard SAS').first().waitFor();
    expect([...instances].sort()).toEqual(['app1', 'app2', 'app3']);
    await context.close();
  });

  it('suspends a line after a theft and restores it, then sends a message with a file and pays an invoice by card', async () => {
    const { context, page } = await newPage(browser);
    const instances = watchInstances(page);
    await loginWithKeyboard(page, url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);

    // A line action: theft declared, then the line restored.
    await page.getByRole('link', { name: 'Voir toutes mes lignes' }).click();
    await page.waitForURL(/\/pages\/mes-lignes-mobiles/);
    await dataRows(page).filter({ hasText: /Active$/ }).first().getByRole('link').first().click();
    await page.waitForURL(/\/ligne-mobile\/\d+$/);
    await page.locator('label').filter({ hasText: /^Vol$/ }).click();
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() - 86_400_000));
    await page.getByLabel(/^Date de la perte ou du vol/).fill(yesterday);
    await page.getByRole('button', { name: 'Déclarer la perte ou le vol' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Suspendre la ligne' }).click();
    await page.getByText(/Votre déclaration de vol est enregistrée/).waitFor();
    await page.getByRole('button', { name: 'Rétablir la ligne' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer le rétablissement' }).click();
    await page.getByText(/est rétablie/).waitFor();
    const linePath = appPath(page);

    // An upload: the contact form with a PDF, stored in the files every instance reaches.
    await page.goto(`${url}/ecare/assistance/formulaire-contact?idTheme=7`);
    await page.getByRole('heading', { level: 1, name: 'Formulaire de contact' }).waitFor();
    await choose(page.getByRole('radio', { name: 'Déclarer un sinistre à l’assurance' }));
    await page.getByLabel(/^Objet/).fill('Constat du vol déclaré');
    await page.getByLabel(/^Votre message/).fill('Bonjour,\nle constat du vol est joint.');
    await page.getByLabel(/^Pièce jointe/).setInputFiles({ name: 'constat.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('heading', { level: 2, name: 'Votre message a bien été envoyé' }).waitFor({ timeout: 30_000 });
    const reference = (await page.getByText(/^SUP-\d{4}-\d{6}$/).textContent()) ?? '';
    await page.getByRole('link', { name: 'Suivre mes demandes' }).click();
    await page.getByRole('row').filter({ hasText: reference }).waitFor();

    // A card payment: the provider's page, its notification and the return, on any instance.
    await page.goto(`${url}/ecare/mon-compte/paiement`);
    await dataRows(page).first().waitFor();
    const invoice = (await dataRowTitles(page))[0] ?? '';
    const boxes = page.getByRole('checkbox', { name: /^Payer la facture / });
    for (let i = 1; i < (await boxes.count()); i++) await boxes.nth(i).uncheck();
    await page.getByRole('button', { name: 'Payer par carte' }).click();
    await page.waitForURL(/\/sandbox-paiement\/[\w-]+$/);
    await typeCard(page);
    await page.waitForURL(/\/ecare\/mon-compte\/paiement\/retour\?transactionReference=PAI-[A-Z0-9]{16}$/);
    await page.getByText('Paiement accepté').waitFor();
    await page.getByText(invoice).first().waitFor();
    await expectNoAxeViolations(page);

    // The line is active again whoever answers.
    await page.goto(`${url}/ecare${linePath}`);
    await page.getByRole('button', { name: 'Déclarer la perte ou le vol' }).waitFor();
    expect([...instances].sort()).toEqual(['app1', 'app2', 'app3']);
    await context.close();
  });
});
