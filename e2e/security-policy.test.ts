import { SECURITY_POLICY_TEXTS, SECURITY_TEXTS } from '@ecare/shared';
import { describe, expect, it } from 'vitest';
import { fitsWidth } from './support/admin.ts';
import { devMails } from './support/dev-tools.ts';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';
import { totpCode } from './support/second-factor.ts';

const app = useRealApp();

describe('the company security policy (decision 057)', () => {
  it('a manager makes the second factor required at 375 px; a user of the account enrols at their next sign-in', async () => {
    // The bakery's manager turns the policy on, after its confirmation.
    const manager = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(manager.page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await manager.page.waitForURL(/\/pages\/accueil$/);
    await manager.page.goto(`${app.server.url}/ecare/mon-compte/utilisateurs`);
    const section = manager.page.getByRole('region', { name: SECURITY_POLICY_TEXTS.title });
    const toggle = section.getByRole('switch', { name: SECURITY_POLICY_TEXTS.switchLabel });
    await toggle.waitFor();
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(manager.page);
    await toggle.click();
    const dialog = manager.page.getByRole('alertdialog', { name: SECURITY_POLICY_TEXTS.confirmTitle });
    await dialog.getByText(/devra inscrire une application d’authentification à sa prochaine connexion/).waitFor();
    await expectNoAxeViolations(manager.page);
    await dialog.getByRole('button', { name: SECURITY_POLICY_TEXTS.confirm }).click();
    await section.getByText(SECURITY_POLICY_TEXTS.saved).waitFor();
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
    await expectNoAxeViolations(manager.page);
    await expect(fitsWidth(manager.page)).resolves.toBe(true);
    // Every user of the account is told.
    const mails = await devMails(app.server);
    expect(mails.filter((mail) => mail.sujet.includes('Politique de sécurité')).map((mail) => mail.destinataire)).toEqual(
      expect.arrayContaining([DEMO.gestionnaire.email, DEMO.utilisateur.email]),
    );
    await manager.context.close();

    // The line user of the bakery: the right code asks for the enrolment, which ends the sign-in.
    const user = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(user.page, app.server.url, DEMO.utilisateur.email, DEMO.utilisateur.password);
    await user.page.getByRole('heading', { name: 'Vérification en deux étapes' }).waitFor();
    await user.page.getByText(SECURITY_TEXTS.enrolmentRequired).waitFor();
    await user.page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await user.page.locator('code').first().textContent()) ?? '';
    expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(user.page);
    await expect(fitsWidth(user.page)).resolves.toBe(true);
    await user.page.getByLabel(/^Code de vérification/).fill(totpCode(secret));
    await user.page.getByRole('button', { name: 'Valider' }).click();
    await user.page.getByRole('heading', { name: 'Vos codes de secours' }).waitFor();
    const codes = await user.page.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await expectNoAxeViolations(user.page);
    // Not in the portal until the codes are kept.
    expect(new URL(user.page.url()).pathname).toBe('/ecare/identification/authentification');
    await user.page.getByRole('button', { name: 'J’ai conservé mes codes de secours' }).click();
    await user.page.waitForURL(/\/pages\/accueil-utilisateur$/);

    // Their security page says the second factor is required.
    await user.page.goto(`${app.server.url}/ecare/mon-compte/securite`);
    await user.page.getByText(/La vérification en deux étapes est obligatoire pour votre compte/).waitFor();
    await user.context.close();
  });
});
