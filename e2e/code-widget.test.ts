import { PASSWORD_MESSAGES } from '@ecare/shared/password';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRealApp } from './support/real-app.ts';
import { expectNoAxeViolations } from './support/journey.ts';
import { codeLinkFor } from './support/dev-tools.ts';

// The mailbox (GET /api/dev/mails) is a development tool: on for this app.server.

const app = useRealApp();

async function criteria(page: Page): Promise<Record<string, string | null>> {
  const items = page.getByRole('main').getByRole('listitem');
  const states: Record<string, string | null> = {};
  for (const item of await items.all()) {
    const label = (await item.textContent())?.replace(/ : (non )?respecté$/, '') ?? '';
    states[label] = await item.getAttribute('data-state');
  }
  return states;
}

async function meter(page: Page) {
  const bar = page.getByRole('meter');
  return { percent: await bar.getAttribute('aria-valuenow'), label: await page.getByText(/^Robustesse : /).textContent() };
}

describe('strength widget', () => {
  it('shows the five criteria turning green or red and the bar following the entropy', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}${await codeLinkFor(app.server, 'solo@demo.test')}`);
    const field = page.getByLabel(/^Nouveau code confidentiel/);
    await field.waitFor();

    expect(Object.values(await criteria(page))).toEqual(['neutral', 'neutral', 'neutral', 'neutral', 'neutral']);
    expect(await meter(page)).toEqual({ percent: '0', label: 'Robustesse : non évaluée' });

    await field.pressSequentially('abc');
    expect(await criteria(page)).toEqual({
      'minimum 8 caractères': 'unmet',
      'une minuscule': 'met',
      'une majuscule': 'unmet',
      'un caractère spécial': 'unmet',
      'un chiffre': 'unmet',
    });
    expect(await meter(page)).toEqual({ percent: '30', label: 'Robustesse : faible' });
    // The colour is not the only signal: the state is in the text too.
    expect(await page.getByRole('listitem').filter({ hasText: 'une majuscule' }).textContent()).toBe('une majuscule : non respecté');

    await field.fill('Zq7#vLm2pR!xy');
    expect(Object.values(await criteria(page))).toEqual(['met', 'met', 'met', 'met', 'met']);
    expect(await meter(page)).toEqual({ percent: '60', label: 'Robustesse : moyenne' });
    expect(await page.getByRole('button', { name: 'Valider' }).isEnabled()).toBe(true);

    await field.fill('Zq7#vLm2pR!xyWb4&');
    expect(await meter(page)).toEqual({ percent: '100', label: 'Robustesse : bonne' });

    await field.fill('Zq7#vLm2pR!x"');
    await page.getByText(PASSWORD_MESSAGES.forbiddenCharacters).waitFor();
    expect(await page.getByRole('button', { name: 'Valider' }).isDisabled()).toBe(true);

    // At most 20 characters: a longer code is kept as pasted and said to be too long.
    await field.fill('Aa1!Aa1!Aa1!Aa1!Aa1!XYZ');
    expect(await field.inputValue()).toBe('Aa1!Aa1!Aa1!Aa1!Aa1!XYZ');
    await page.getByText(/^Le code saisi compte 23 caractères/).waitFor();
    expect(await page.getByRole('button', { name: 'Valider' }).isDisabled()).toBe(true);

    const toggle = page.getByRole('button', { name: 'Afficher le code confidentiel' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await field.getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Masquer le code confidentiel' }).getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(page);
    await page.close();
  });
});

describe('code change in the account area', () => {
  it('changes the signed-in user’s code with the widget showing the current code', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/ecare/identification/authentification`);
    await page.getByLabel(/^Identifiant/).fill('mandataire@demo.test');
    await page.getByLabel(/^Code confidentiel/).fill('Demo-Mandat-2026!');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL(/\/pages\//);

    await page.goto(`${app.server.url}/ecare/mon-compte/code-confidentiel`);
    await page.getByRole('heading', { level: 1, name: 'Changer mon code confidentiel' }).waitFor();
    await expectNoAxeViolations(page);

    const validate = page.getByRole('button', { name: 'Valider' });
    await page.getByLabel(/^Nouveau code confidentiel/).fill('Kw4$nTe8yQ!m');
    expect(await validate.isDisabled()).toBe(true);

    await page.getByLabel(/^Code confidentiel actuel/).fill('Faux-Code-2026!');
    await validate.click();
    await page.getByText(PASSWORD_MESSAGES.oldIncorrect).waitFor();

    await page.getByLabel(/^Code confidentiel actuel/).fill('Demo-Mandat-2026!');
    await validate.click();
    await page.getByText('Votre nouveau code confidentiel a bien été pris en compte.').waitFor();
    expect(await page.getByLabel(/^Nouveau code confidentiel/).inputValue()).toBe('');
    await expectNoAxeViolations(page);
    await page.close();
  });
});
