import { describe, expect, it } from 'vitest';
import { adminTicketPageSchema, adminTicketSchema, contactResponseSchema, supportTicketPageSchema, type SupportTicketStatus } from '@ecare/shared';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bodyOf, expectError, useTestContext, type TestContext } from '../../test/harness.ts';
import { attachmentsFolder, FILES, fields, MESSAGE, sendContact, VISITOR } from '../../test/support/support.ts';
import { adminFixture, auditOf, expectAdministratorsOnly, lastAuditId } from '../../test/support/admin.ts';

const { t, f } = useTestContext(adminFixture, { env: { ATTACHMENTS_DIR: attachmentsFolder(), SUPPORT_EMAIL: 'support@telora.test' } });

/** A ticket sent with the contact form, by the signed-in manager (`token`) or by a visitor. */
async function ticket(context: TestContext, objet: string, token?: string, withFile = false): Promise<string> {
  const parts = [
    ...fields({ ...MESSAGE, objet, ...(token ? {} : VISITOR) }),
    ...(withFile ? [{ name: 'pieceJointe', filename: 'constat.pdf', type: 'application/pdf', content: FILES.pdf }] : []),
  ];
  const response = await sendContact(context, parts, { token });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, contactResponseSchema).reference;
}

const changeStatus = (reference: string, statut: SupportTicketStatus, reponse?: string, token = f.admin) =>
  t.send('PUT', `/api/admin/support/demandes/${reference}/statut`, { token, json: { statut, ...(reponse === undefined ? {} : { reponse }) } });

const customerStatus = async (reference: string) =>
  bodyOf(await t.get('/api/support/demandes?taille=50', f.gestionnaire), supportTicketPageSchema).demandes.find((row) => row.reference === reference)?.statut;

describe('support tickets in the back office', () => {
  it('are refused without a session, to customers and to a customer-service agent', async () => {
    const reference = await ticket(t, 'Accès refusé', f.gestionnaire);
    await expectAdministratorsOnly(t, f, [
      ['GET', '/api/admin/support/demandes', undefined],
      ['PUT', `/api/admin/support/demandes/${reference}/statut`, { statut: 'RESOLUE' }],
    ]);
    expect(await customerStatus(reference)).toBe('OUVERTE');
  });

  it('lists tickets newest first, filtered by status and by the beginning of a reference', async () => {
    const first = await ticket(t, 'Première demande', f.gestionnaire, true);
    const second = await ticket(t, 'Deuxième demande');
    const page = bodyOf(await t.get('/api/admin/support/demandes?taille=2', f.admin), adminTicketPageSchema);
    expect(page.demandes.map((row) => row.reference)).toEqual([second, first]);
    expect(page.demandes[0]?.expediteur).toEqual({ ...VISITOR, client: false });
    expect(page.demandes[1]).toMatchObject({
      objet: 'Première demande',
      statut: 'OUVERTE',
      expediteur: { email: DEMO_USERS.gestionnaire.email, client: true },
      pieceJointe: { nom: 'constat.pdf', type: 'application/pdf', taille: FILES.pdf.length, supprimee: false },
    });

    const found = bodyOf(await t.get(`/api/admin/support/demandes?reference=${first.toLowerCase()}`, f.admin), adminTicketPageSchema);
    expect(found.demandes.map((row) => row.reference)).toEqual([first]);
    const year = bodyOf(await t.get(`/api/admin/support/demandes?reference=${first.slice(0, 9)}&taille=50`, f.admin), adminTicketPageSchema);
    expect(year.total).toBeGreaterThanOrEqual(2);

    await changeStatus(first, 'EN_COURS');
    const inProgress = bodyOf(await t.get('/api/admin/support/demandes?statut=EN_COURS', f.admin), adminTicketPageSchema);
    expect(inProgress.demandes.map((row) => row.reference)).toContain(first);
    expect(inProgress.demandes.every((row) => row.statut === 'EN_COURS')).toBe(true);

    // A page past the end answers the last one.
    expect(bodyOf(await t.get('/api/admin/support/demandes?page=999', f.admin), adminTicketPageSchema).page).toBeGreaterThanOrEqual(1);
  });

  it('refuses malformed filters and references with 400', async () => {
    for (const url of [
      '/api/admin/support/demandes?statut=FERMEE',
      '/api/admin/support/demandes?reference=SUP%00',
      '/api/admin/support/demandes?reference=SUP%25',
      `/api/admin/support/demandes?reference=${'S'.repeat(31)}`,
      '/api/admin/support/demandes?taille=51',
      '/api/admin/support/demandes?page=0',
    ]) {
      expect((await t.get(url, f.admin)).statusCode, url).toBe(400);
    }
    const reference = await ticket(t, 'Validation', f.gestionnaire);
    for (const [url, json] of [
      ['/api/admin/support/demandes/SUP-2026-1/statut', { statut: 'EN_COURS' }],
      ['/api/admin/support/demandes/..%2F..%2Fetc/statut', { statut: 'EN_COURS' }],
      [`/api/admin/support/demandes/${reference}%00/statut`, { statut: 'EN_COURS' }],
      [`/api/admin/support/demandes/${reference}/statut`, { statut: 'CLOSE' }],
      [`/api/admin/support/demandes/${reference}/statut`, { statut: 'EN_COURS', reponse: 'x'.repeat(5_001) }],
      [`/api/admin/support/demandes/${reference}/statut`, { statut: 'EN_COURS', reponse: 'nul \u0000' }],
      [`/api/admin/support/demandes/${reference}/statut`, { statut: 'EN_COURS', copie: true }],
    ] as const) {
      const response = await t.send('PUT', url, { token: f.admin, json });
      expect(response.statusCode, `${url} ${JSON.stringify(json).slice(0, 60)}`).toBe(400);
    }
    expectError(await changeStatus('SUP-1999-999999', 'EN_COURS'), 404, 'ADMIN_TICKET_NOT_FOUND');
    expect(await customerStatus(reference)).toBe('OUVERTE');
  });

  it('changes the status with a reply: the customer sees it, the sender is e-mailed, the change is audited', async () => {
    const reference = await ticket(t, 'Écran fissuré', f.gestionnaire);
    const since = await lastAuditId(t);
    const changed = await changeStatus(reference, 'EN_ATTENTE_CLIENT', '  Pouvez-vous nous envoyer une photo de l’écran ?\nMerci.  ');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(bodyOf(changed, adminTicketSchema)).toMatchObject({ reference, statut: 'EN_ATTENTE_CLIENT' });
    expect(await customerStatus(reference)).toBe('EN_ATTENTE_CLIENT');

    const [entry] = await auditOf(t, 'ADMIN_DEMANDE_STATUT', since);
    expect(entry).toMatchObject({ userId: f.adminId });
    expect(entry?.details).toEqual({
      avant: { reference, statut: 'OUVERTE' },
      apres: { reference, statut: 'EN_ATTENTE_CLIENT', reponse: 'Pouvez-vous nous envoyer une photo de l’écran ?\nMerci.' },
    });

    const mail = (await t.outbox()).find((row) => row.recipient === DEMO_USERS.gestionnaire.email && row.subject.includes(`${reference} : en attente de votre réponse`));
    expect(mail, 'status mail').toBeDefined();
    expect(mail?.textBody).toContain('En attente de votre réponse');
    expect(mail?.textBody).toContain('Pouvez-vous nous envoyer une photo de l’écran ?');
    expect(mail?.textBody).toContain('/ecare/mon-compte/demandes');
    expect(mail?.textBody).toContain('«\u00a0Écran fissuré\u00a0»');

    // Without a reply: only the status in the mail.
    expect((await changeStatus(reference, 'RESOLUE')).statusCode).toBe(200);
    const resolved = (await t.outbox()).find((row) => row.subject.includes(`${reference} : traitée`));
    expect(resolved?.textBody).not.toContain('Réponse du service client');
    expect(await customerStatus(reference)).toBe('RESOLUE');
  });

  it('allows only the documented transitions (409 otherwise), and reopens a resolved ticket', async () => {
    const reference = await ticket(t, 'Transitions');
    const refused = async (statut: SupportTicketStatus) => expectError(await changeStatus(reference, statut), 409, 'ADMIN_TICKET_TRANSITION');
    await refused('OUVERTE');
    expect((await changeStatus(reference, 'EN_COURS')).statusCode).toBe(200);
    await refused('EN_COURS');
    await refused('OUVERTE');
    expect((await changeStatus(reference, 'RESOLUE')).statusCode).toBe(200);
    await refused('EN_ATTENTE_CLIENT');
    await refused('OUVERTE');
    const reopened = await changeStatus(reference, 'EN_COURS', 'Nous reprenons votre demande.');
    expect(reopened.statusCode).toBe(200);
    // A visitor's mail leads to the FAQ, not to an account.
    const mail = (await t.outbox()).find((row) => row.recipient === VISITOR.email && row.subject.includes(`${reference} : en cours de traitement`));
    expect(mail?.textBody).toContain('/ecare/assistance/faq');
    // Nor does it recall the subject the visitor typed: the address is only what they gave.
    expect(mail?.textBody).not.toContain('Transitions');
  });
});
