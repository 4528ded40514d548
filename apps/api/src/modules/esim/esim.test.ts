import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessage,
  esimLinkErrorSchema,
  esimLinkSentSchema,
  esimResponseSchema,
  lpaActivationCode,
} from '@ecare/shared';
import { contracts } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createContract } from '../../db/seed/factories.ts';
import { demoFixture, userIdOf } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, openApiDocumentSchema, useTestContext, type TestContext } from '../../test/harness.ts';
import { auditOf, storedLine } from '../../test/support/lines.ts';
import { ESIM_SEND_QUOTAS } from './esim.service.ts';

type Answer = Awaited<ReturnType<TestContext['get']>>;

const SECRET = 'esim-link-test-secret-0123456789abcdef';
const VALIDITY_HOURS = 72;

const { t, f } = useTestContext(demoFixture, { env: { ESIM_LINK_SECRET: SECRET, ESIM_LINK_VALIDITY_HOURS: String(VALIDITY_HOURS) } });

let managerId: number;

beforeAll(async () => {
  managerId = await userIdOf(t, DEMO_USERS.gestionnaire.email);
});

/** The i-th active eSIM line of the bakery that no portal user holds. */
const esimLine = (i: number) => {
  const line = f.esim[i];
  if (!line) throw new Error(`no eSIM line ${i}`);
  return line;
};

/** A new active eSIM line of the bakery, for a test that changes or exhausts one. */
const newEsimLine = (overrides: Partial<typeof contracts.$inferInsert> = {}) =>
  createContract(t.db, { idClientBscs: f.account, codeStatut: 'ACTIF', typeSim: 'ESIM', ...overrides });

/** A refused link: the error, and the spec's messageErreur on which the page goes to /404. */
const expectLinkRefused = (response: Answer, status: 404 | 410) => {
  const code = status === 410 ? 'ESIM_LINK_EXPIRED' : 'ESIM_LINK_INVALID';
  expect(response.statusCode, response.body).toBe(status);
  expect(esimLinkErrorSchema.parse(response.json())).toEqual({ code, exceptionMessage: errorMessage(code), messageErreur: errorMessage(code) });
  expect(response.headers['cache-control']).toBe('no-store');
};

const consult = (idContrat: number | string, token?: string) => t.get(`/api/consulteresim/${idContrat}`, token);
const openLink = (cipher: string) => t.get(`/api/consulterqrcode/${cipher}`);
const sendLink = (idContrat: number | string, json: unknown, token = f.manager) =>
  t.send('POST', `/api/consulteresim/${idContrat}/envoyer`, { token, json });

/** The text a QR code image (PNG data URL) holds, read back as a phone's camera would. */
function decodeQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** Sends the link as the manager and returns its token, read from the mail in the outbox. */
async function mailedCipher(idContrat: number, email = 'nouvel.arrivant@boulangerie-lemoine.example'): Promise<string> {
  const response = await sendLink(idContrat, { email });
  expect(response.statusCode, response.body).toBe(200);
  const mail = (await t.outbox()).find((m) => m.recipient === email);
  const cipher = /\/ecare\/identification\/qrcode\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
  if (!cipher) throw new Error('no eSIM link in the mail');
  return cipher;
}

describe('GET /api/consulteresim/{coId}', () => {
  it('gives a manager the eSIM page of a line of their account, with a QR code holding the LPA string, and records the read', async () => {
    const line = esimLine(0);
    const response = await consult(line.idContrat, f.manager);
    expect(response.statusCode, response.body).toBe(200);
    const esim = bodyOf(response, esimResponseSchema);
    expect(esim).toMatchObject({
      numGsm: line.numeroLigne,
      numGsmValide: true,
      numContrat: line.idContrat,
      codeActivation: line.esimCodeActivation,
      urlSMDP: line.esimAdresseSmdp,
      messageErreur: null,
    });
    expect(esim.libelleOffreEngagement).not.toBe('');
    expect(decodeQr(esim.qrCode)).toBe(`LPA:1$${line.esimAdresseSmdp}$${line.esimCodeActivation}`);
    expect(decodeQr(esim.qrCode)).toBe(lpaActivationCode(esim.urlSMDP, esim.codeActivation));
    const [entry] = await auditOf(t, 'LECTURE_ESIM', line.idContrat);
    expect(entry).toMatchObject({ userId: managerId, idClientBscs: f.account, idContrat: line.idContrat });
  });

  it('gives a line user their own eSIM line, and no colleague’s', async () => {
    const own = await newEsimLine({ userId: f.own.userId });
    expect(bodyOf(await consult(own.idContrat, f.lineUser), esimResponseSchema).numContrat).toBe(own.idContrat);
    const colleague = esimLine(1);
    expectError(await consult(colleague.idContrat, f.lineUser), 403, 'FORBIDDEN_CONTRACT');
    expect(await auditOf(t, 'LECTURE_ESIM', colleague.idContrat)).toHaveLength(0);
  });

  it('refuses another customer, an anonymous caller and malformed ids', async () => {
    const line = esimLine(1);
    expectError(await consult(line.idContrat, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await consult(999_999_999, f.manager), 403, 'FORBIDDEN_CONTRACT');
    expectError(await consult(line.idContrat), 401, 'UNAUTHENTICATED');
    for (const id of ['abc', '0', '-4', '1.5', '99999999999']) expectError(await consult(id, f.manager), 400, 'VALIDATION');
  });

  it('refuses clearly a line without eSIM, a terminated one and a profile missing its codes', async () => {
    expectError(await consult(f.own.idContrat, f.manager), 409, 'ESIM_NOT_ESIM_LINE');
    const terminated = await newEsimLine({ codeStatut: 'RESILIE' });
    expectError(await consult(terminated.idContrat, f.manager), 409, 'LINE_TERMINATED');
    const bare = await newEsimLine({ esimCodeActivation: null });
    expectError(await consult(bare.idContrat, f.manager), 409, 'ESIM_PROFILE_UNAVAILABLE');
  });

  it('does not show a number that is not a mobile number', async () => {
    const line = await newEsimLine({ numeroLigne: '0000000000' });
    expect(bodyOf(await consult(line.idContrat, f.manager), esimResponseSchema)).toMatchObject({ numGsm: '0000000000', numGsmValide: false });
  });
});

describe('POST /api/consulteresim/{coId}/envoyer', () => {
  it('e-mails a link to the public eSIM page, records the sending, and the link opens it without a session', async () => {
    const line = esimLine(0);
    const email = 'julie.marchand@boulangerie-lemoine.example';
    const response = await sendLink(line.idContrat, { email: `  ${email} ` });
    expect(response.statusCode, response.body).toBe(200);
    const sent = bodyOf(response, esimLinkSentSchema);
    expect(sent.email).toBe(email);
    const expiresAt = new Date(sent.expiration).getTime();
    expect(expiresAt).toBeGreaterThan(t.clock.now().getTime() + VALIDITY_HOURS * 3_600_000 - 1_000);
    expect(expiresAt).toBeLessThanOrEqual(t.clock.now().getTime() + VALIDITY_HOURS * 3_600_000);

    const mail = (await t.outbox()).find((m) => m.recipient === email);
    expect(mail?.subject).toContain('Installez l’eSIM de la ligne');
    expect(mail?.textBody).toContain('Sophie Lemoine (Boulangerie Lemoine SARL) vous envoie le lien d’installation de l’eSIM');
    // The plan's label says « Forfait » already.
    expect(mail?.textBody).toMatch(/de la ligne [\d\s]+, Forfait Pro [^.]+\./u);
    expect(mail?.textBody).not.toMatch(/forfait forfait/iu);
    const link = /https:\/\/espace-client\.test\/ecare\/identification\/qrcode\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '');
    const cipher = link?.[1] ?? '';
    // Opaque: the address names no contract.
    expect(cipher).toHaveLength(60);
    expect(cipher).not.toContain(String(line.idContrat));
    expect(mail?.htmlBody).toContain(link?.[0]);
    const [sentEntry] = await auditOf(t, 'ENVOI_LIEN_ESIM', line.idContrat);
    expect(sentEntry).toMatchObject({ userId: managerId, idClientBscs: f.account });

    const opened = await openLink(cipher);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    const esim = bodyOf(opened, esimResponseSchema);
    expect(esim).toMatchObject({ numContrat: line.idContrat, codeActivation: line.esimCodeActivation, messageErreur: null });
    expect(decodeQr(esim.qrCode)).toBe(`LPA:1$${line.esimAdresseSmdp}$${line.esimCodeActivation}`);
    // Recorded under the link's sender, from the address that opened it.
    const [openEntry] = await auditOf(t, 'OUVERTURE_LIEN_ESIM', line.idContrat);
    expect(openEntry).toMatchObject({ userId: managerId, idClientBscs: f.account });
    expect(openEntry?.sourceAddress).toMatch(/^198\.51\./);
  });

  it('refuses malformed addresses and bodies, sending nothing', async () => {
    const line = esimLine(1);
    const before = (await t.outbox()).length;
    for (const json of [{}, { email: '' }, { email: 'pas-une-adresse' }, { email: 'a@b' }, { email: 42 }, { email: `${'a'.repeat(250)}@exemple.fr` }, { mail: 'a@exemple.fr' }, []]) {
      expectError(await sendLink(line.idContrat, json), 400, 'VALIDATION');
    }
    expectError(await sendLink('abc', { email: 'a@exemple.fr' }), 400, 'VALIDATION');
    expect(await t.outbox()).toHaveLength(before);
    expect(await auditOf(t, 'ENVOI_LIEN_ESIM', line.idContrat)).toHaveLength(0);
  });

  it('is the manager’s: refuses another customer, a line user (own line or not) and an anonymous caller', async () => {
    const line = esimLine(1);
    const json = { email: 'a@exemple.fr' };
    expectError(await sendLink(line.idContrat, json, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await sendLink(line.idContrat, json, f.lineUser), 403, 'FORBIDDEN_CONTRACT');
    const own = await newEsimLine({ userId: f.own.userId });
    expectError(await sendLink(own.idContrat, json, f.lineUser), 403, 'FORBIDDEN_LINE_ACTION');
    const anonymous = await t.send('POST', `/api/consulteresim/${line.idContrat}/envoyer`, { json });
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    expect(await auditOf(t, 'ENVOI_LIEN_ESIM', line.idContrat)).toHaveLength(0);
  });

  it('refuses a line without eSIM', async () => {
    expectError(await sendLink(f.own.idContrat, { email: 'a@exemple.fr' }), 409, 'ESIM_NOT_ESIM_LINE');
  });

  it(`sends at most ${ESIM_SEND_QUOTAS.perLine.max} links per line and hour`, async () => {
    const line = await newEsimLine();
    for (let i = 0; i < ESIM_SEND_QUOTAS.perLine.max; i++) {
      expect((await sendLink(line.idContrat, { email: `essai${i}@exemple.fr` })).statusCode).toBe(200);
    }
    const refused = await sendLink(line.idContrat, { email: 'encore@exemple.fr' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({ code: 'ESIM_SEND_LIMIT', exceptionMessage: errorMessage('ESIM_SEND_LIMIT', { minutes: 60 }) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
    expect((await t.outbox()).some((m) => m.recipient === 'encore@exemple.fr')).toBe(false);
    expect(await auditOf(t, 'ENVOI_LIEN_ESIM', line.idContrat)).toHaveLength(ESIM_SEND_QUOTAS.perLine.max);
    // Another line still gets its links.
    expect((await sendLink(esimLine(1).idContrat, { email: 'autre@exemple.fr' })).statusCode).toBe(200);
  });
});

describe('GET /api/consulterqrcode/{cipher}', () => {
  it('refuses a tampered, truncated, extended or made-up link with messageErreur, recording nothing', async () => {
    const line = esimLine(1);
    const cipher = await mailedCipher(line.idContrat);
    const flip = (text: string, at: number) => `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const tampered = [
      flip(cipher, 0),
      flip(cipher, 10),
      flip(cipher, 30),
      flip(cipher, cipher.length - 2),
      cipher.slice(0, -1),
      `${cipher}A`,
      `${cipher}==`,
      'A'.repeat(60),
      String(line.idContrat),
      'pas-un-lien',
    ];
    for (const text of tampered) expectLinkRefused(await openLink(text), 404);
    expect(await auditOf(t, 'OUVERTURE_LIEN_ESIM', line.idContrat)).toHaveLength(0);
  });

  it('refuses a link signed with another key, and works on every instance sharing the key', async () => {
    const cipher = await mailedCipher(esimLine(1).idContrat);
    const same = await t.anotherInstance();
    expect((await same.inject({ method: 'GET', url: `/api/consulterqrcode/${cipher}` })).statusCode).toBe(200);
    const other = await t.anotherInstance({ ESIM_LINK_SECRET: 'another-key-for-esim-links-0123456789' });
    expectLinkRefused(await other.inject({ method: 'GET', url: `/api/consulterqrcode/${cipher}` }), 404);
  });

  it('leads nowhere once the line has no eSIM any more, or its sender no longer manages it', async () => {
    const line = await newEsimLine();
    const cipher = await mailedCipher(line.idContrat);
    expect((await openLink(cipher)).statusCode).toBe(200);
    await t.db.update(contracts).set({ typeSim: 'SIM', esimCodeActivation: null, esimAdresseSmdp: null }).where(eq(contracts.idContrat, line.idContrat));
    expectLinkRefused(await openLink(cipher), 404);

    const moved = await newEsimLine();
    const movedCipher = await mailedCipher(moved.idContrat);
    await t.db.update(contracts).set({ idClientBscs: f.strangerAccount }).where(eq(contracts.idContrat, moved.idContrat));
    expectLinkRefused(await openLink(movedCipher), 404);
    expect((await storedLine(t, moved.idContrat)).idClientBscs).toBe(f.strangerAccount);
  });

  it('limits the openings per client address', async () => {
    const cipher = await mailedCipher(esimLine(1).idContrat);
    const from = (ip: string) => t.app.inject({ method: 'GET', url: `/api/consulterqrcode/${cipher}`, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.77')).statusCode).toBe(200);
    expectError(await from('203.0.113.77'), 429, 'TOO_MANY_REQUESTS');
    expect((await from('203.0.113.78')).statusCode).toBe(200);
  });

  it('is in the OpenAPI document with the two signed-in endpoints', async () => {
    const document = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/consulterqrcode/{cipher}', '/api/consulteresim/{coId}', '/api/consulteresim/{coId}/envoyer']),
    );
  });

  // Moves the clock by days: every session of the file ends here, so it runs last.
  it('answers 410 with messageErreur once the link has expired', async () => {
    const cipher = await mailedCipher(esimLine(0).idContrat);
    t.clock.advance(VALIDITY_HOURS * 3_600_000 - 60_000);
    expect((await openLink(cipher)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expectLinkRefused(await openLink(cipher), 410);
  });
});
