import { parisWallTime } from '@ecare/shared/paris-time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { devMails } from './support/dev-tools.ts';
import { DEMO, expectNoAxeViolations, loginWithKeyboard, newPage, choose } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const app = useRealApp();

const PAGE = '/ecare/assistance/rendez-vous';

/** How the .ics writes a slot's start in Paris time: 20261123T080000. */
function icsLocal(iso: string): string {
  const wall = parisWallTime(new Date(iso));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.day.replaceAll('-', '')}T${pad(wall.hour)}${pad(wall.minute)}00`;
}

/** The newest e-mail to the demo manager whose subject contains `subject`, with its calendar file. */
async function calendarMail(subject: string) {
  let found: Awaited<ReturnType<typeof devMails>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await devMails(app.server)).find((mail) => mail.destinataire === DEMO.gestionnaire.email && mail.sujet.includes(subject));
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no mail “${subject}”`);
  const [ics] = found.piecesJointes;
  expect(ics).toMatchObject({ nom: 'rendez-vous.ics' });
  expect(ics?.type).toMatch(/^text\/calendar/);
  const text = (ics?.texte ?? '').replace(/\r\n[ \t]/g, '');
  const field = (name: string) => new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)$`, 'm').exec(text)?.[1]?.trim() ?? null;
  return { mail: found, text, uid: field('UID'), sequence: Number(field('SEQUENCE')), method: field('METHOD'), status: field('STATUS') };
}

/** The value (an ISO instant) of the n-th free slot offered for the chosen day, chosen. */
async function chooseSlot(page: Page, index: number): Promise<string> {
  const hours = page.getByRole('radiogroup', { name: /^Heure/ });
  await hours.waitFor();
  const slot = hours.getByRole('radio').nth(index);
  const value = await slot.getAttribute('value');
  if (!value) throw new Error('a slot without its start');
  await choose(slot);
  return value;
}

async function openPage(page: Page): Promise<void> {
  await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
  await page.waitForURL(/\/pages\/accueil$/);
  await page.goto(`${app.server.url}${PAGE}`);
  await page.getByRole('heading', { level: 1, name: 'Rendez-vous avec un conseiller' }).waitFor();
}

describe('appointments with an adviser', () => {
  it('books, shows, moves and cancels an appointment, each confirmed by e-mail with its calendar file', async () => {
    const { context, page } = await newPage(app.browser);
    await openPage(page);
    const line = page.getByLabel('Ligne concernée');
    const option = line.locator('option').nth(2);
    const idContrat = (await option.getAttribute('value')) ?? '';
    const lineText = (await option.textContent()) ?? '';
    await line.selectOption(idContrat);
    await expect.poll(() => new URL(page.url()).searchParams.get('idContrat')).toBe(idContrat);
    // The line's own number is offered as the number to call (the option shows it before the plan).
    const phone = page.getByLabel(/Numéro auquel le conseiller vous appellera/);
    await expect.poll(async () => `${await phone.inputValue()} –`, { message: lineText }).toSatisfy((start: string) => lineText.startsWith(start));
    await page.getByText('Aucun rendez-vous à venir pour cette ligne.').waitFor();

    // Book: the first day with free slots is chosen; take its first slot.
    const first = await chooseSlot(page, 0);
    await choose(page.getByRole('radio', { name: 'Un problème technique ou de réseau' }));
    await page.getByRole('button', { name: 'Réserver ce créneau' }).click();
    await page.getByRole('status').filter({ hasText: /Votre rendez-vous du .* est réservé/ }).waitFor();
    const upcoming = page.getByRole('region', { name: 'Rendez-vous à venir' }).getByRole('listitem');
    await expect.poll(() => upcoming.count()).toBe(1);
    await expect(upcoming.first().textContent()).resolves.toContain('Un problème technique ou de réseau');
    await expectNoAxeViolations(page);

    const booked = await calendarMail('est confirmé');
    expect(booked.method).toBe('REQUEST');
    expect(booked.sequence).toBe(0);
    expect(booked.text).toContain(`DTSTART;TZID=Europe/Paris:${icsLocal(first)}`);
    expect(booked.text).toContain('BEGIN:VTIMEZONE');
    expect(booked.text).toContain('DURATION:PT30M');

    // Move it to the next slot of the day.
    await page.getByRole('button', { name: /^Déplacer le rendez-vous du / }).click();
    await page.getByRole('heading', { level: 2, name: 'Déplacer le rendez-vous' }).waitFor();
    // Another day: the last one of the week with a free slot.
    const days = page.getByRole('radiogroup', { name: /^Jour/ }).getByRole('radio', { disabled: false });
    await days.first().waitFor();
    await choose(days.last());
    const second = await chooseSlot(page, 0);
    expect(second).not.toBe(first);
    await page.getByRole('button', { name: 'Déplacer le rendez-vous', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /Votre rendez-vous est déplacé au/ }).waitFor();
    const moved = await calendarMail('est déplacé');
    expect(moved.uid).toBe(booked.uid);
    expect(moved.sequence).toBe(1);
    expect(moved.text).toContain(`DTSTART;TZID=Europe/Paris:${icsLocal(second)}`);

    // Cancel it, after the confirmation.
    await page.getByRole('button', { name: /^Annuler le rendez-vous du / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Annuler ce rendez-vous ?' });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Annuler le rendez-vous', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /est annulé/ }).waitFor();
    await page.getByText('Aucun rendez-vous à venir pour cette ligne.').waitFor();
    const cancelled = await calendarMail('est annulé');
    expect(cancelled.uid).toBe(booked.uid);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.sequence).toBe(2);
    await context.close();
  });

  it('has no accessibility violation on a phone, the slots shown', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await openPage(page);
    await page.getByRole('radiogroup', { name: /^Heure/ }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('is linked from the after-sales page and the account area', async () => {
    const { context, page } = await newPage(app.browser);
    await openPage(page);
    await page.goto(`${app.server.url}/ecare/assistance/sav`);
    await page.getByRole('link', { name: 'Prendre rendez-vous' }).click();
    await page.waitForURL(/\/assistance\/rendez-vous$/);
    await page.goto(`${app.server.url}/ecare/mon-compte`);
    await page.getByRole('link', { name: 'Mes rendez-vous' }).click();
    await page.waitForURL(/\/assistance\/rendez-vous$/);
    await context.close();
  });
});
