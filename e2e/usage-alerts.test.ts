import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../apps/api/src/test/smtp-peer.ts';
import { waitFor } from '../apps/api/src/test/wait-for.ts';
import { DEMO, appPath, choose, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { dataRowNamed, dataRows } from './support/tables.ts';

const TOKEN = 'e2e-usage-feed-token-0123456789abcdefghij';
/** The demo's runaway data line, in the bakery's account (demo-usage.ts). */
const HEAVY_LINE = '0626043580';
const HEAVY_LINE_SHOWN = '06 26 04 35 80';

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.stop());
// The demo's own feed stays off: this test sends the records itself.
const app = useRealApp({ env: () => ({ SMTP_URL: smtp.url, USAGE_FEED_TOKEN: TOKEN, DEMO_USAGE_FEED: 'false' }) });

/** The mediation system pushing one record of the line, as it would over the network. */
async function feedRecord(volume: number, montantHorsForfaitCentimes: number) {
  const response = await fetch(`${app.server.url}/api/interne/usages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      evenements: [
        {
          idEvenement: `e2e-${randomBytes(8).toString('hex')}`,
          numeroLigne: HEAVY_LINE,
          horodatage: new Date(Date.now() - 30_000).toISOString(),
          type: 'DATA',
          zone: 'FRANCE',
          volume,
          montantHorsForfaitCentimes,
        },
      ],
    }),
  });
  expect(response.status).toBe(200);
}

/** A mail's text as sent, its quoted-printable soft line breaks joined. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '');

describe('bill-shock guard', () => {
  it('sets a line to freeze at its threshold, feeds a record, rings the bell, mails the manager, and lifts the freeze', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.getByRole('link', { name: /^Alertes de consommation : aucune nouvelle alerte$/ }).waitFor();

    // The runaway line, from the fleet list.
    await page.goto(`${app.server.url}/ecare/pages/mes-lignes-mobiles`);
    const row = dataRows(page).filter({ hasText: HEAVY_LINE_SHOWN });
    await row.getByRole('link', { name: HEAVY_LINE_SHOWN }).click();
    await page.waitForURL(/\/ligne-mobile\/\d+$/);
    const linePath = appPath(page);
    const idContrat = Number(linePath.split('/').at(-1));
    const section = page.getByRole('region', { name: 'Suspension des données et seuils d’alerte' });
    await section.getByText('Les données mobiles de la ligne fonctionnent.').waitFor();

    // Its own thresholds: freeze the data at 100 % of the allowance.
    await section.getByText('Cette ligne suit les seuils de son compte de facturation.').or(section.getByText(/Les seuils proposés par défaut/)).waitFor();
    await section.getByLabel(/^Seuils de données/).fill('80 %, 100 %');
    await section.getByLabel(/^Seuil hors forfait/).fill('');
    await section.getByLabel(/^Seuil d’itinérance/).fill('');
    await choose(section.getByRole('radio', { name: /^Prévenir et suspendre les données/ }));
    await section.getByRole('button', { name: 'Enregistrer les seuils' }).click();
    await section.getByText('Les seuils sont enregistrés.').waitFor();
    await section.getByText('Cette ligne a ses propres seuils.').waitFor();
    await expectNoAxeViolations(page);

    // The mediation system sends a record: the line, far over its allowance, crosses both thresholds.
    await feedRecord(200 * 1024 * 1024, 200);
    await waitFor(() => smtp.received.some((mail) => mail.to.includes(DEMO.gestionnaire.email) && textOf(mail.raw).includes(`/ecare/ligne-mobile/${idContrat}/consommation`)), {
      timeoutMs: 60_000,
      what: 'the alert mail over SMTP',
    });
    const mail = smtp.received.find((received) => textOf(received.raw).includes(`/ecare/ligne-mobile/${idContrat}/consommation`));
    expect(textOf(mail?.raw ?? '')).toContain('suspendues jusqu');

    // The page says so once read again; the bell counts the new alerts.
    await page.reload();
    await section.getByText('Données mobiles suspendues').waitFor();
    await section.getByText(/à la suite d’une alerte : La ligne 06 26 04 35 80 a consommé \d+ % de son forfait de données \(seuil de 100 %\)/).waitFor();
    await page.getByRole('link', { name: /^Alertes de consommation : 2 nouvelles alertes$/ }).waitFor();
    await expectNoAxeViolations(page);

    // Lifting the freeze asks first, then says the data runs again, and mails it.
    await section.getByRole('button', { name: 'Rétablir les données' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Rétablir les données de la ligne ?' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Oui, rétablir les données' }).click();
    await section.getByText('Les données mobiles de la ligne fonctionnent.').waitFor();
    await waitFor(() => smtp.received.some((received) => textOf(received.raw).includes('lev=C3=A9 la suspension') || textOf(received.raw).includes('levé la suspension')), {
      timeoutMs: 60_000,
      what: 'the lifting mail over SMTP',
    });

    // The bell leads to the account's alerts; resolving one takes it out of the new ones.
    await page.getByRole('link', { name: /^Alertes de consommation : 2 nouvelles alertes$/ }).click();
    await page.waitForURL(/\/mon-compte\/alertes$/);
    await page.getByRole('heading', { level: 1, name: 'Alertes de consommation' }).waitFor();
    const alertRows = dataRowNamed(page, HEAVY_LINE_SHOWN);
    await expect(alertRows.count()).resolves.toBe(2);
    await expectNoAxeViolations(page);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter ces alertes (CSV)' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^alertes-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await file.path())).toString('utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(3);
    expect(csv).toContain('06 26 04 35 80;Seuil de données atteint');
    await alertRows.first().getByRole('button', { name: /^Marquer comme résolue/ }).click();
    await expect.poll(() => alertRows.count()).toBe(1);
    await page.getByRole('button', { name: 'Résolues' }).click();
    await expect.poll(() => alertRows.count()).toBe(1);
    await context.close();
  });

  it('lists the alerts as cards on a phone, nothing wider than the screen', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${app.server.url}/ecare/mon-compte/alertes?statut=TOUTES`);
    await page.getByRole('heading', { level: 1, name: 'Alertes de consommation' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Seuils d’alerte du compte' }).waitFor();
    await page.getByText(/La ligne 06 26 04 35 80 a consommé/).first().waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
