import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';

/**
 * The authenticator apps the journeys enrolled (decision 057: administration users, agents who sign
 * in with a code and users of a company that requires it must have one), by server and person,
 * with the last step whose code was used and the recovery codes not used yet: a code is never
 * typed twice, as the server refuses a replay; when this step's code was used, a recovery code
 * serves (or, without one, the next code is waited for, as a person would).
 */
const apps = new Map<string, { secret: string; lastStep: number; recoveryCodes: string[] }>();
const STEP_MS = 30_000;

const keyOf = (serverUrl: string, who: string) => `${serverUrl} ${who}`;

/** The code an authenticator app shows at `step` for a secret as the page shows it (grouped by 4). */
export function totpCode(secret: string, step = Math.floor(Date.now() / STEP_MS)): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: step * STEP_MS });
}

/** Notes the app just enrolled; its first code is the one of the current step. */
export function rememberApp(serverUrl: string, who: string, secret: string): string {
  const step = Math.floor(Date.now() / STEP_MS);
  apps.set(keyOf(serverUrl, who), { secret, lastStep: step, recoveryCodes: [] });
  return totpCode(secret, step);
}

/** Notes the recovery codes the enrolment gave. */
export function rememberRecoveryCodes(serverUrl: string, who: string, codes: readonly string[]): void {
  const app = apps.get(keyOf(serverUrl, who));
  if (app) app.recoveryCodes = [...codes];
}

/** How to answer the next second step: this step's code if not used yet, else a recovery code, else the next code once it comes. */
export async function nextAnswer(serverUrl: string, who: string): Promise<{ kind: 'totp' | 'secours'; code: string }> {
  const app = apps.get(keyOf(serverUrl, who));
  const recovery = app && Math.floor(Date.now() / STEP_MS) <= app.lastStep ? app.recoveryCodes.shift() : undefined;
  return recovery ? { kind: 'secours', code: recovery } : { kind: 'totp', code: await freshCode(serverUrl, who) };
}

export function knownApp(serverUrl: string, who: string): boolean {
  return apps.has(keyOf(serverUrl, who));
}

/** A code of the person's app not used yet: this step's, or the next one's once it comes. */
export async function freshCode(serverUrl: string, who: string): Promise<string> {
  const app = apps.get(keyOf(serverUrl, who));
  if (!app) throw new Error(`no authenticator app enrolled for ${who}`);
  let step = Math.floor(Date.now() / STEP_MS);
  if (step <= app.lastStep) {
    await new Promise((resolve) => setTimeout(resolve, (app.lastStep + 1) * STEP_MS - Date.now() + 100));
    step = app.lastStep + 1;
  }
  app.lastStep = step;
  return totpCode(app.secret, step);
}

/**
 * After a right code on a login page: the second step as a person completes it, if one comes —
 * the enrolment of the required app (QR code and key, its first code, the recovery codes kept), or
 * the app's code. Resolves once the page has left the step (or when none came and `landing` matched).
 */
export async function completeSecondStep(page: Page, serverUrl: string, who: string, landing: RegExp | Locator): Promise<void> {
  const step = page.getByRole('heading', { name: 'Vérification en deux étapes' });
  const arrived = () => (landing instanceof RegExp ? page.waitForURL(landing) : landing.waitFor());
  await Promise.race([arrived(), step.waitFor()]);
  if (!(await step.isVisible())) return;
  const field = page.getByLabel(/^Code de vérification/);
  if (knownApp(serverUrl, who)) {
    const answer = await nextAnswer(serverUrl, who);
    if (answer.kind === 'secours') {
      await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
      await page.getByLabel(/^Code de secours/).fill(answer.code);
    } else {
      await field.fill(answer.code);
    }
    await page.getByRole('button', { name: 'Valider' }).click();
    return;
  }
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  const secret = (await page.locator('code').first().textContent()) ?? '';
  await field.fill(rememberApp(serverUrl, who, secret));
  await page.getByRole('button', { name: 'Valider' }).click();
  const kept = page.getByRole('button', { name: 'J’ai conservé mes codes de secours' });
  // An agent's app comes without recovery codes: the page goes on by itself.
  await Promise.race([arrived(), kept.waitFor()]);
  if (!(await kept.isVisible())) return;
  rememberRecoveryCodes(serverUrl, who, await page.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem').allTextContents());
  await kept.click();
}
