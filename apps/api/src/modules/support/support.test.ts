import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  ATTACHMENT_MAX_BYTES,
  CONTACT_LIMITS,
  SUPPORT_REFERENCE_PATTERN,
  billingAccountListSchema,
  contactResponseSchema,
  contactSubThemeListSchema,
  contactThemeListSchema,
  supportTicketPageSchema,
  type ApiErrorCode,
} from '@ecare/shared';
import { auditLog, supportTickets } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bodyOf, createTestContext, errorOf, openApiDocumentSchema, type TestContext } from '../../test/harness.ts';
import { safeAttachmentName } from '../../lib/attachments/store.ts';
import { CONTACT_QUOTA } from './support.service.ts';
import { FILES, MESSAGE, VISITOR, attachmentsFolder, fields, filesIn, freshVisitor, sendContact, type Part } from '../../test/support/support.ts';

const folder = attachmentsFolder();
let t: TestContext;
let manager: string;
let stranger: string;
let managerAccount: number;

beforeAll(async () => {
  t = await createTestContext({ env: { ATTACHMENTS_DIR: folder, SUPPORT_EMAIL: 'support@telora.test' } });
  manager = await t.loginAs('gestionnaire');
  stranger = await t.loginAs('solo');
  const accountOf = async (token: string) => bodyOf(await t.get('/api/comptes_facturation', token), billingAccountListSchema)[0]?.idClientBscs ?? 0;
  managerAccount = await accountOf(manager);
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

function expectRefusal(response: LightMyRequestResponse, status: number, code: ApiErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error.code).toBe(code);
  if (typeof API_ERRORS[code].message === 'string') expect(error.exceptionMessage).toBe(API_ERRORS[code].message);
  return error;
}

const visitorMessage = (overrides: Record<string, string> = {}) => fields({ ...MESSAGE, ...freshVisitor(), ...overrides });
const attachment = (content: Buffer, filename = 'constat.pdf', type = 'application/pdf'): Part => ({ name: 'pieceJointe', filename, type, content });
const ticketOf = async (reference: string) => (await t.db.select().from(supportTickets).where(eq(supportTickets.reference, reference)))[0];
const ticketCount = async () => (await t.db.select({ id: supportTickets.id }).from(supportTickets)).length;

describe('contact themes', () => {
  it('lists the themes in order, the after-sales one as 7 and the security contact as 13, without a session', async () => {
    const response = await t.get('/api/Faq/contact_themes');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const themes = bodyOf(response, contactThemeListSchema);
    expect(themes.length).toBeGreaterThanOrEqual(10);
    expect(themes.map((theme) => theme.ordre)).toEqual([...themes.map((theme) => theme.ordre)].sort((a, b) => a - b));
    expect(themes.find((theme) => theme.idTheme === 7)?.libelle).toBe('Service après-vente');
    expect(themes.find((theme) => theme.idTheme === 13)?.libelle).toBe('Sécurité et données personnelles');
  });

  it('lists a theme’s sub-themes; an unknown theme is 404, a malformed id 400', async () => {
    const subThemes = bodyOf(await t.get('/api/Faq/contact_sous_themes/7'), contactSubThemeListSchema);
    expect(subThemes.map((s) => s.libelle)).toContain('Déclarer un sinistre à l’assurance');
    expect(subThemes.every((s) => s.idTheme === 7)).toBe(true);
    expectRefusal(await t.get('/api/Faq/contact_sous_themes/999'), 404, 'CONTACT_THEME_NOT_FOUND');
    for (const bad of ['abc', '0', '-1', '99999999999']) expectRefusal(await t.get(`/api/Faq/contact_sous_themes/${bad}`), 400, 'VALIDATION');
  });
});

describe('a visitor’s message', () => {
  it('creates a ticket with its reference, keeps the PDF under a random name, mails the service and the sender', async () => {
    const response = await sendContact(t, [...visitorMessage({ email: VISITOR.email, telephone: '06 12 34 56 78' }), attachment(FILES.pdf, 'Constat de casse.pdf')]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = bodyOf(response, contactResponseSchema);
    expect(answer.reference).toMatch(SUPPORT_REFERENCE_PATTERN);
    expect(answer.reference.slice(4, 8)).toBe(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', year: 'numeric' }).format(t.clock.now()));
    expect(answer.email).toBe(VISITOR.email);

    const ticket = await ticketOf(answer.reference);
    expect(ticket).toMatchObject({
      userId: null,
      idTheme: 7,
      theme: 'Service après-vente',
      idSousTheme: 701,
      objet: MESSAGE.objet,
      message: MESSAGE.message,
      prenom: 'Claire',
      email: VISITOR.email,
      telephone: '06 12 34 56 78',
      entreprise: 'Atelier Fontaine',
      statut: 'OUVERTE',
      pieceJointeNom: 'Constat de casse.pdf',
      pieceJointeType: 'application/pdf',
      pieceJointeTaille: FILES.pdf.length,
    });
    // Stored outside the web root under a random name, nothing left half-written.
    expect(ticket?.pieceJointeCle).toMatch(/^[0-9a-f]{32}$/);
    expect(filesIn(folder)).toContain(ticket?.pieceJointeCle);
    expect(filesIn(folder).some((name) => name.endsWith('.part'))).toBe(false);
    expect(readFileSync(path.join(folder, ticket?.pieceJointeCle ?? ''))).toEqual(FILES.pdf);

    const mails = await t.outbox();
    const toService = mails.find((mail) => mail.recipient === 'support@telora.test' && mail.subject.includes(answer.reference));
    expect(toService?.textBody).toContain('Visiteur non connecté');
    expect(toService?.textBody).toContain('l’écran du téléphone de notre commercial est fissuré');
    expect(toService?.textBody).toContain('Constat de casse.pdf');
    // The customer service gets the file itself; the sender, who has it, only the acknowledgement.
    expect(toService?.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: 'Constat de casse.pdf', contentType: 'application/pdf' },
    ]);
    expect(Buffer.from(toService?.attachments[0]?.contentBase64 ?? '', 'base64')).toEqual(FILES.pdf);
    const acknowledgement = mails.find((mail) => mail.recipient === VISITOR.email);
    expect(acknowledgement?.attachments).toEqual([]);
    expect(acknowledgement?.subject).toBe(`Telora Pro – Votre demande ${answer.reference} a bien été reçue`);
    expect(acknowledgement?.textBody).toContain(answer.reference);
    expect(acknowledgement?.textBody).toContain('Service après-vente');
    // Nothing names an account: no audit entry.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'DEMANDE_CONTACT'))).toEqual([]);
  });

  it('acknowledges without echoing anything the visitor typed: the reference and the theme chosen from the list', async () => {
    const spam = 'http://arnaque.example/gain';
    const parts = [
      ...visitorMessage({ objet: `Gagnez 1 000 € sur ${spam}`, message: `Cliquez vite : ${spam}`, entreprise: spam, telephone: '06 12 34 56 78' }),
      attachment(FILES.pdf, 'arnaque.example gain.pdf'),
    ];
    const response = await sendContact(t, parts);
    expect(response.statusCode, response.body).toBe(200);
    const { reference, email } = bodyOf(response, contactResponseSchema);
    const acknowledgement = (await t.outbox()).find((mail) => mail.recipient === email);
    for (const text of [acknowledgement?.subject, acknowledgement?.textBody, acknowledgement?.htmlBody]) {
      expect(text).toBeDefined();
      expect(text).not.toMatch(/arnaque|Gagnez|Cliquez|12 34 56 78/);
    }
    expect(acknowledgement?.textBody).toContain(reference);
    expect(acknowledgement?.textBody).toContain('Service après-vente – Panne ou casse d’un téléphone');
    expect(acknowledgement?.textBody).toContain('Pièce jointe reçue');
    // The customer service still gets every word, to answer it.
    const toService = (await t.outbox()).find((mail) => mail.recipient === 'support@telora.test' && mail.subject.includes(reference));
    expect(toService?.textBody).toContain(`Cliquez vite : ${spam}`);
  });

  it('accepts a JPEG and a PNG recognised by their bytes, whatever their names and declared types', async () => {
    for (const [content, expected] of [
      [FILES.jpeg, 'image/jpeg'],
      [FILES.png, 'image/png'],
    ] as const) {
      const response = await sendContact(t, [...visitorMessage(), attachment(content, 'photo.bin', 'text/plain')]);
      expect(response.statusCode, response.body).toBe(200);
      expect((await ticketOf(bodyOf(response, contactResponseSchema).reference))?.pieceJointeType).toBe(expected);
    }
  });

  it('takes a message without attachment, and an empty nameless file input as none', async () => {
    const plain = await sendContact(t, visitorMessage());
    expect(plain.statusCode, plain.body).toBe(200);
    const emptyInput = await sendContact(t, [...visitorMessage(), attachment(Buffer.alloc(0), '', 'application/octet-stream')]);
    expect(emptyInput.statusCode, emptyInput.body).toBe(200);
    expect((await ticketOf(bodyOf(emptyInput, contactResponseSchema).reference))?.pieceJointeCle).toBeNull();
  });
});

describe('a signed-in customer’s message', () => {
  it('takes the sender from the session, names the managed account, and is audited', async () => {
    const response = await sendContact(
      t,
      fields({ ...MESSAGE, idTheme: '1', idSousTheme: '102', prenom: 'Usurpé', nom: 'Nom', email: 'autre@example.test', idClientBscs: String(managerAccount) }),
      { token: manager },
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = bodyOf(response, contactResponseSchema);
    expect(answer.email).toBe(DEMO_USERS.gestionnaire.email);
    const ticket = await ticketOf(answer.reference);
    expect(ticket).toMatchObject({ email: DEMO_USERS.gestionnaire.email, idClientBscs: managerAccount, theme: 'Facturation', sousTheme: 'Contester un montant facturé' });
    expect(ticket?.prenom).not.toBe('Usurpé');
    expect(ticket?.userId).not.toBeNull();
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'DEMANDE_CONTACT'), eq(auditLog.userId, ticket?.userId ?? 0)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.idClientBscs).toBe(managerAccount);
    const acknowledgement = (await t.outbox()).find((mail) => mail.recipient === DEMO_USERS.gestionnaire.email && mail.subject.includes(answer.reference));
    expect(acknowledgement?.textBody).toContain('https://espace-client.test/ecare/mon-compte/demandes');
    // Their own address, known from the session: the acknowledgement recalls their subject.
    expect(acknowledgement?.textBody).toContain(MESSAGE.objet);
  });

  it('needs no identity fields nor captcha, and refuses an account the customer does not manage', async () => {
    const plain = await sendContact(t, fields(MESSAGE), { token: stranger });
    expect(plain.statusCode, plain.body).toBe(200);
    const before = await ticketCount();
    expectRefusal(await sendContact(t, fields({ ...MESSAGE, idClientBscs: String(managerAccount) }), { token: stranger }), 403, 'FORBIDDEN_ACCOUNT');
    expect(await ticketCount()).toBe(before);
  });

  it('refuses a wrong or expired session rather than treating it as a visitor', async () => {
    expectRefusal(await sendContact(t, visitorMessage(), { token: 'x'.repeat(43) }), 401, 'UNAUTHENTICATED');
  });
});

describe('validation of the message', () => {
  const cases: [string, Part[], ApiErrorCode, string?][] = [
    ['no theme', visitorMessage({ idTheme: '' }), 'VALIDATION', '/idTheme'],
    ['a theme that is not a number', visitorMessage({ idTheme: '7; drop table' }), 'VALIDATION', '/idTheme'],
    ['an unknown theme', visitorMessage({ idTheme: '998' }), 'CONTACT_THEME_UNKNOWN'],
    ['no sub-theme', visitorMessage({ idSousTheme: '' }), 'CONTACT_SUB_THEME_REQUIRED'],
    ['another theme’s sub-theme', visitorMessage({ idSousTheme: '101' }), 'CONTACT_SUB_THEME_INVALID'],
    ['no subject', visitorMessage({ objet: '   ' }), 'VALIDATION', '/objet'],
    ['a subject too long', visitorMessage({ objet: 'a'.repeat(CONTACT_LIMITS.objet + 1) }), 'VALIDATION', '/objet'],
    ['a subject on two lines', visitorMessage({ objet: 'Objet\r\nBcc: victime@example.test' }), 'VALIDATION', '/objet'],
    ['no message', visitorMessage({ message: '' }), 'VALIDATION', '/message'],
    ['a message over 5,000 characters', visitorMessage({ message: 'é'.repeat(CONTACT_LIMITS.message + 1) }), 'VALIDATION', '/message'],
    ['a NUL in the message', visitorMessage({ message: 'a\u0000b' }), 'VALIDATION', '/message'],
    ['a visitor without first name', visitorMessage({ prenom: '' }), 'VALIDATION', '/prenom'],
    ['a visitor without name', fields({ ...MESSAGE, prenom: 'Claire', email: VISITOR.email }), 'VALIDATION', '/nom'],
    ['a visitor without e-mail', fields({ ...MESSAGE, prenom: 'Claire', nom: 'Fontaine' }), 'VALIDATION', '/email'],
    ['a wrong e-mail address', visitorMessage({ email: 'claire@' }), 'VALIDATION', '/email'],
    ['a telephone with letters', visitorMessage({ telephone: '06 CALL ME' }), 'VALIDATION', '/telephone'],
    ['a field twice', [...visitorMessage(), { name: 'objet', value: 'Autre objet' }], 'VALIDATION', '/objet'],
    ['a field too long for the parser', visitorMessage({ captcha: 'x'.repeat(30_000) }), 'VALIDATION', '/captcha'],
  ];

  it.each(cases)('refuses %s, and keeps nothing', async (_what, parts, code, issuePath) => {
    const before = await ticketCount();
    const error = expectRefusal(await sendContact(t, parts), 400, code);
    if (issuePath) expect(error.issues?.map((issue) => issue.path)).toContain(`body${issuePath}`);
    expect(await ticketCount()).toBe(before);
  });

  it('counts 5,000 characters as a person does (line breaks sent as CRLF count once)', async () => {
    const lines = `${'x'.repeat(99)}\r\n`.repeat(50);
    expect(lines.length).toBe(5_050);
    const response = await sendContact(t, visitorMessage({ message: lines }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await ticketOf(bodyOf(response, contactResponseSchema).reference))?.message).toBe(`${'x'.repeat(99)}\n`.repeat(50).trim());
  });

  it('takes only multipart bodies', async () => {
    const json = await t.send('POST', '/api/faq/envoyerEmail', { json: { ...MESSAGE, ...VISITOR } });
    expectRefusal(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const form = await t.send('POST', '/api/faq/envoyerEmail', { form: { ...MESSAGE, ...VISITOR } });
    expectRefusal(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body without the XSRF pair', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/faq/envoyerEmail', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' });
    expectRefusal(response, 403, 'XSRF');
  });
});

describe('attachment attacks', () => {
  async function expectNothingKept(response: LightMyRequestResponse, status: number, code: ApiErrorCode, before: number) {
    expectRefusal(response, status, code);
    expect(await ticketCount()).toBe(before);
    expect(filesIn(folder).some((name) => name.endsWith('.part'))).toBe(false);
  }

  it('refuses a program named and typed as a PDF (magic bytes), and writes nothing', async () => {
    const before = await ticketCount();
    const files = filesIn(folder).length;
    await expectNothingKept(await sendContact(t, [...visitorMessage(), attachment(FILES.disguised, 'facture.pdf', 'application/pdf')]), 400, 'ATTACHMENT_TYPE', before);
    // Text pretending to be a PNG, and a file shorter than any signature.
    await expectNothingKept(await sendContact(t, [...visitorMessage(), attachment(Buffer.from('<svg onload="alert(1)"/>'), 'photo.png', 'image/png')]), 400, 'ATTACHMENT_TYPE', before);
    await expectNothingKept(await sendContact(t, [...visitorMessage(), attachment(Buffer.from([0xff, 0xd8, 0xff]), 'mini.jpg', 'image/jpeg')]), 400, 'ATTACHMENT_TYPE', before);
    expect(filesIn(folder)).toHaveLength(files);
  });

  it('refuses a file over 5 MB while it streams in, and writes nothing', async () => {
    const before = await ticketCount();
    const files = filesIn(folder).length;
    const oversized = Buffer.concat([FILES.pdf, Buffer.alloc(ATTACHMENT_MAX_BYTES + 1 - FILES.pdf.length, 0x20)]);
    await expectNothingKept(await sendContact(t, [...visitorMessage(), attachment(oversized)]), 413, 'ATTACHMENT_TOO_LARGE', before);
    // A body announced far larger is refused before it is read.
    const announced = await t.app.inject({
      method: 'POST',
      url: '/api/faq/envoyerEmail',
      cookies: { 'XSRF-TOKEN': 'x' },
      headers: { 'x-xsrf-token': 'x', 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
      payload: '--x--\r\n',
    });
    expect(announced.statusCode, announced.body).toBe(413);
    expect(filesIn(folder)).toHaveLength(files);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const exact = Buffer.concat([FILES.pdf, Buffer.alloc(ATTACHMENT_MAX_BYTES - FILES.pdf.length, 0x20)]);
    const response = await sendContact(t, [...visitorMessage(), attachment(exact)]);
    expect(response.statusCode, response.body).toBe(200);
    expect((await ticketOf(bodyOf(response, contactResponseSchema).reference))?.pieceJointeTaille).toBe(ATTACHMENT_MAX_BYTES);
  });

  it('keeps a path in the file name only as a harmless label, never as a place to write', async () => {
    for (const [filename, label] of [
      ['../../x.pdf', 'x.pdf'],
      ['..\\..\\..\\windows\\system32\\evil.pdf', 'evil.pdf'],
      ['/etc/passwd', 'passwd'],
      ['....pdf', 'pdf'],
      ['..', 'piece-jointe'],
    ] as const) {
      const response = await sendContact(t, [...visitorMessage(), attachment(FILES.pdf, filename)]);
      expect(response.statusCode, response.body).toBe(200);
      const ticket = await ticketOf(bodyOf(response, contactResponseSchema).reference);
      expect(ticket?.pieceJointeNom, filename).toBe(label);
      expect(filesIn(folder)).toContain(ticket?.pieceJointeCle);
    }
    expect(existsSync(path.join(folder, '..', 'x.pdf'))).toBe(false);
    expect(existsSync(path.join(folder, '..', '..', 'x.pdf'))).toBe(false);
  });

  it('refuses two files, and a file under another field', async () => {
    const before = await ticketCount();
    const files = filesIn(folder).length;
    await expectNothingKept(
      await sendContact(t, [...visitorMessage(), attachment(FILES.pdf, 'un.pdf'), attachment(FILES.png, 'deux.png', 'image/png')]),
      400,
      'ATTACHMENT_TOO_MANY',
      before,
    );
    await expectNothingKept(await sendContact(t, [...visitorMessage(), { ...attachment(FILES.pdf), name: 'message' }]), 400, 'VALIDATION', before);
    await expectNothingKept(await sendContact(t, [...visitorMessage(), attachment(Buffer.alloc(0), 'vide.pdf')]), 400, 'ATTACHMENT_EMPTY', before);
    expect(filesIn(folder)).toHaveLength(files);
  });

  it('removes the received file when the message itself is refused', async () => {
    const files = filesIn(folder).length;
    await expectNothingKept(await sendContact(t, [attachment(FILES.pdf), ...visitorMessage({ idTheme: '998' })]), 400, 'CONTACT_THEME_UNKNOWN', await ticketCount());
    expect(filesIn(folder)).toHaveLength(files);
  });

  it('reduces an original name to a label', () => {
    expect(safeAttachmentName('rapport\u0000\u202e.pdf')).toBe('rapport_.pdf');
    expect(safeAttachmentName(`${'a'.repeat(300)}.pdf`)).toBe(`${'a'.repeat(96)}.pdf`);
    expect(safeAttachmentName('  .cache ')).toBe('cache');
  });
});

describe('references', () => {
  it('are unique and consecutive when many messages arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => sendContact(t, visitorMessage())));
    const references = answers.map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return bodyOf(response, contactResponseSchema).reference;
    });
    expect(new Set(references).size).toBe(12);
    const numbers = references.map((reference) => Number(reference.slice(9))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => (numbers[0] ?? 0) + i));
  });
});

describe('a customer’s tickets', () => {
  it('lists the caller’s own tickets, newest first, with their status, and nobody else’s', async () => {
    const sent = bodyOf(await sendContact(t, [...fields({ ...MESSAGE, objet: 'Suivi de ma demande' }), attachment(FILES.png, 'capture.png', 'image/png')], { token: stranger }), contactResponseSchema);
    const page = bodyOf(await t.get('/api/support/demandes?taille=50', stranger), supportTicketPageSchema);
    expect(page.demandes[0]).toMatchObject({
      reference: sent.reference,
      objet: 'Suivi de ma demande',
      theme: 'Service après-vente',
      sousTheme: 'Panne ou casse d’un téléphone',
      statut: 'OUVERTE',
      pieceJointe: { nom: 'capture.png', type: 'image/png', taille: FILES.png.length },
    });
    const mine = page.demandes.map((ticket) => ticket.reference);
    const managerPage = bodyOf(await t.get('/api/support/demandes?taille=50', manager), supportTicketPageSchema);
    expect(managerPage.total).toBeGreaterThan(0);
    expect(managerPage.demandes.some((ticket) => mine.includes(ticket.reference))).toBe(false);
    // A visitor's ticket with the customer's address is not theirs either.
    const visitor = bodyOf(await sendContact(t, visitorMessage({ email: DEMO_USERS.solo.email })), contactResponseSchema);
    const again = bodyOf(await t.get('/api/support/demandes?taille=50', stranger), supportTicketPageSchema);
    expect(again.demandes.map((ticket) => ticket.reference)).not.toContain(visitor.reference);
  });

  it('pages, answering the last page past the end; needs a session; refuses a bad query', async () => {
    const first = bodyOf(await t.get('/api/support/demandes?taille=1&page=1', stranger), supportTicketPageSchema);
    expect(first.demandes).toHaveLength(1);
    const past = bodyOf(await t.get('/api/support/demandes?taille=1&page=999', stranger), supportTicketPageSchema);
    expect(past.page).toBe(first.total);
    expectRefusal(await t.get('/api/support/demandes'), 401, 'UNAUTHENTICATED');
    expectRefusal(await t.get('/api/support/demandes?taille=500', stranger), 400, 'VALIDATION');
  });
});

describe('abuse limits and documentation', () => {
  it('refuses an address beyond its hourly quota before reading the body', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < CONTACT_QUOTA.perAddress.max; i++) expect((await sendContact(t, visitorMessage(), { ip })).statusCode).toBe(200);
    const refused = await sendContact(t, visitorMessage(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('CONTACT_TOO_MANY');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendContact(t, visitorMessage(), { ip: '203.0.113.78' })).statusCode).toBe(200);
  });

  it('limits the visitors of one network, whatever their addresses, but not signed-in customers', async () => {
    for (let i = 0; i < CONTACT_QUOTA.perNetwork.max; i++) {
      expect((await sendContact(t, visitorMessage(), { ip: `192.0.2.${i + 1}` })).statusCode).toBe(200);
    }
    const refused = await sendContact(t, visitorMessage(), { ip: '192.0.2.250' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('CONTACT_TOO_MANY');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendContact(t, fields(MESSAGE), { ip: '192.0.2.251', token: stranger })).statusCode).toBe(200);
    expect((await sendContact(t, visitorMessage(), { ip: '192.0.3.1' })).statusCode).toBe(200);
  });

  it('limits the acknowledgements to one address from any source, and keeps nothing of a message refused for it', async () => {
    const victim = { ...VISITOR, email: 'victime@exemple.test' };
    for (let i = 0; i < CONTACT_QUOTA.perRecipient.max; i++) expect((await sendContact(t, fields({ ...MESSAGE, ...victim }))).statusCode).toBe(200);
    const before = await ticketCount();
    const files = filesIn(folder).length;
    const refused = await sendContact(t, [...fields({ ...MESSAGE, ...victim, email: 'Victime@Exemple.test' }), attachment(FILES.pdf)]);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({ code: 'CONTACT_RECIPIENT_TOO_MANY', exceptionMessage: expect.stringContaining('avec cette adresse e-mail') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ticketCount()).toBe(before);
    expect(filesIn(folder)).toHaveLength(files);
    expect((await t.outbox()).filter((mail) => mail.recipient === victim.email)).toHaveLength(CONTACT_QUOTA.perRecipient.max);
    // Another address goes on; a signed-in customer writes to the service whatever visitors did with their address.
    expect((await sendContact(t, visitorMessage())).statusCode).toBe(200);
  });

  it('documents the multipart body and the optional session in the OpenAPI document', async () => {
    const document = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    const post = document.paths['/api/faq/envoyerEmail']?.post as { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { format?: string }> } }> }; security?: unknown };
    expect(post.requestBody?.content?.['multipart/form-data']?.schema?.properties?.pieceJointe?.format).toBe('binary');
    expect(post.security).toEqual([{}, { bearer: [] }]);
    expect(document.paths['/api/support/demandes']?.get).toBeDefined();
    expect(document.paths['/api/Faq/contact_sous_themes/{idTheme}']?.get).toBeDefined();
  });
});

describe('a new year', () => {
  it('starts again at 000001', async () => {
    const now = t.clock.now();
    const year = Number(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', year: 'numeric' }).format(now));
    // 1 January, 01:01 in France (UTC+1 in winter).
    t.clock.advance(Date.UTC(year + 1, 0, 1, 0, 1) - now.getTime());
    const response = await sendContact(t, visitorMessage());
    expect(bodyOf(response, contactResponseSchema).reference).toBe(`SUP-${year + 1}-000001`);
  });
});
