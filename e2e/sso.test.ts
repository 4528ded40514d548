import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAIA_TEST_CLIENT, startGaiaProvider, type GaiaTestProvider } from '../apps/api/src/test/gaia-provider.ts';
import { setParameter } from './support/dev-tools.ts';
import { appPath, expectNoAxeViolations, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

/** Gaia: a real OpenID Connect provider on loopback (decision 034), started before the server that names it. */
let gaia: GaiaTestProvider;
beforeAll(async () => {
  gaia = await startGaiaProvider();
});
afterAll(async () => {
  await gaia?.close();
});

const app = useRealApp({
  env: () => ({
    GAIA_ISSUER: gaia.issuer,
    GAIA_CLIENT_ID: GAIA_TEST_CLIENT.id,
    GAIA_CLIENT_SECRET: GAIA_TEST_CLIENT.secret,
    SSO_ONECLIC_SECRET: 'e2e-oneclic-secret-0123456789abcdef012345',
  }),
});

beforeAll(async () => {
  gaia.setPortal(app.server.url);
  // The Gaia entry works in BDP mode (spec §4).
  await setParameter(app.server, 'est_Bdp', 'true');
});

const VQD = 'https://vqd.demo.test/retour';

/** Signs in at the loopback Gaia, whose page has its own form. */
async function signInAtGaia(page: Page, login: string): Promise<void> {
  await page.getByLabel('Identifiant Gaia').waitFor();
  await page.getByLabel('Identifiant Gaia').fill(login);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** A one-click URL signed by the server's development tool (README "Trying the one-click entry"). */
async function signedOneclicUrl(keys: Record<string, string>): Promise<string> {
  const response = await fetch(`${app.server.url}/api/dev/oneclic?${new URLSearchParams(keys).toString()}`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

describe('Gaia single sign-on', () => {
  it('signs a demo agent in through Gaia: SSO state, agent recognised without a code, profile page', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.server.url}/ecare/gaia`);
    await signInAtGaia(page, 'GAIA-AG100001');
    await page.waitForURL(/\/ecare\/identification\/authen-gc$/);
    // Recognised by the Gaia id: the header names the agent; the Régate code comes from the Gaia info.
    await page.getByText('Camille Martin').first().waitFor();
    await expect(page.getByLabel(/^Code Régate du bureau/).inputValue()).resolves.toBe('BDP001');
    await expectNoAxeViolations(page);

    await page.goto(`${app.server.url}/ecare/profil-gaia`);
    await page.getByRole('heading', { level: 1, name: 'Profil Gaia' }).waitFor();
    await page.getByText('GAIA-AG100001').waitFor();
    await expect(page.getByText('ACO001').count()).resolves.toBe(1);
    await expectNoAxeViolations(page);

    // Back to the agent login, the counter agent reaches a customer without typing a code.
    await page.getByRole('link', { name: 'Continuer vers l’espace conseiller' }).click();
    await page.getByText('Camille Martin').first().waitFor();
    await page.getByLabel(/^Adresse e-mail du client/).fill('gestionnaire@demo.test');
    await page.getByLabel(/^Motif de la connexion/).fill('Demande du client au guichet');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('region', { name: 'Mode conseiller' }).waitFor();
    await context.close();
  });

  it('opens the function of /gaia?codefonction= once Gaia has signed the agent in', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.server.url}/ecare/gaia?codefonction=profil`);
    await signInAtGaia(page, 'GAIA-AG100001');
    await page.waitForURL(/\/ecare\/profil-gaia$/);
    await page.getByRole('heading', { level: 1, name: 'Profil Gaia' }).waitFor();
    await page.getByText('GAIA-AG100001').waitFor();
    await context.close();
  });

  it('shows the Gaia entry’s failure page, then signs a non-agent out of Gaia on the not-allowed page', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.server.url}/ecare/gaia?erreur=gaia`);
    await page.getByRole('alert').getByText('L’authentification Gaia a échoué ou a expiré. Veuillez recommencer.').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Se connecter avec Gaia' }).click();
    await signInAtGaia(page, 'GAIA-INCONNU');
    // The not-allowed page signs out of Gaia on load, which brings the browser back to it.
    await page.waitForURL(/\/ecare\/gaia-non-autorise\?deconnecte=1$/);
    await page.getByText('Votre compte Gaia n’est pas autorisé à accéder à l’espace conseiller.').waitFor();
    await page.getByText('Vous avez été déconnecté de Gaia.').waitFor();
    await expectNoAxeViolations(page);

    // Gaia's session is over: the next entry asks for the Gaia identifier again.
    await page.goto(`${app.server.url}/ecare/gaia`);
    await page.getByLabel('Identifiant Gaia').waitFor();
    await context.close();
  });
});

describe('one-click single sign-on', () => {
  it('takes a signed URL with module ajl to the add-line entry, connected to the context’s customer', async () => {
    const { context, page } = await newPage(app.browser);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    const url = await signedOneclicUrl({ idmodule: 'ajl', coderegate: 'BDP001', idContexteClient: 'CTX-DEMO-AJL', urlAppelVQD: VQD, idrh: 'RH100001' });
    expect(new URL(url).pathname).toBe('/ecare/oneclic');
    await page.goto(url);
    // The add-line page is reached once the customer session is open.
    await expect.poll(() => visited, { timeout: 30_000 }).toContain('/ecare/ajout-ligne/ajouter-une-ligne-mobile');
    await page.getByRole('heading', { level: 1, name: 'Ajouter une ligne mobile' }).waitFor();
    // Connected as the context's customer, through an agent (the banner of agent mode).
    await page.getByRole('region', { name: 'Mode conseiller' }).waitFor();
    // The page runs the customer's unpaid check (AJL) for the agent too: the demo manager's overdue invoice stops it.
    await page.getByText('L’ajout de lignes est bloqué').waitFor();
    await page.getByRole('link', { name: 'Payer mes factures' }).waitFor();
    await expectNoAxeViolations(page);
    // The signed URL opened its session: opened again (history, a copied link), it is refused.
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: 'Connexion refusée' }).waitFor();
    await context.close();
  });

  it('sends a context whose connection is not OK to the client search', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(await signedOneclicUrl({ coderegate: 'BDP001', idContexteClient: 'CTX-DEMO-KO', urlAppelVQD: VQD, idrh: 'RH100001' }));
    await page.waitForURL(/\/recherche-client$/);
    await page.getByRole('heading', { level: 1, name: 'Rechercher un client' }).waitFor();
    await context.close();
  });

  it('refuses a forged URL with a clear French page', async () => {
    const { context, page } = await newPage(app.browser);
    const signed = new URL(await signedOneclicUrl({ idmodule: 'ajl', coderegate: 'BDP001', idContexteClient: 'CTX-DEMO-AJL', urlAppelVQD: VQD, idrh: 'RH100001' }));
    // Another customer's context under the same signature.
    signed.searchParams.set('idContexteClient', 'CTX-DEMO-LPMPRO');
    await page.goto(signed.href);
    await page.getByRole('heading', { level: 1, name: 'Connexion refusée' }).waitFor();
    await page.getByText('Ce lien de connexion est invalide ou a expiré. Relancez la connexion depuis votre poste conseiller.').waitFor();
    expect(appPath(page)).toBe('/oneclic');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows “Redirection en cours” with a loader while the keys are checked', async () => {
    const { context, page } = await newPage(app.browser);
    // The keys' check is held back so that the loader can be looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/sso/oneclic', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(await signedOneclicUrl({ coderegate: 'BDP001', idContexteClient: 'CTX-DEMO-KO', urlAppelVQD: VQD, idrh: 'RH100001' }));
    await page.getByRole('status').getByText('Redirection en cours').waitFor();
    await expectNoAxeViolations(page);
    release();
    await page.waitForURL(/\/recherche-client$/);
    await context.close();
  });
});

describe('agent entry parameters', () => {
  it('sends any page opened with coderegate to the agent login in BDP mode', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.server.url}/ecare/pages/mentions-legales?coderegate=BDP001`);
    await page.waitForURL(/\/ecare\/identification\/authen-gc\?coderegate=BDP001$/);
    // Without an SSO assertion the code is not taken on trust: the identification form stays.
    await page.getByRole('heading', { level: 1, name: 'Connexion conseiller' }).waitFor();
    await page.getByLabel(/^Identifiant/).waitFor();
    await context.close();
  });
});
