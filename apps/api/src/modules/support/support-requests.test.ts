import { describe, expect, it } from 'vitest';
import {
  appointmentSchema,
  appointmentSlotsSchema,
  contactResponseSchema,
  customerRequestPageSchema,
  invoiceComplaintResponseSchema,
  supportTicketDetailSchema,
  type CustomerRequest,
} from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { bodyOf, expectError, useTestContext, type TestContext } from '../../test/harness.ts';
import { invoiceFixture } from '../../test/support/invoices.ts';
import { daysOf, submitted } from '../../test/support/termination.ts';
import { fields, FILES, MESSAGE, sendContact } from '../../test/support/support.ts';

/** On top of the demo's history, the bakery's manager made one request of each kind; its line user one message. */
async function requestsFixture(t: TestContext) {
  const f = await invoiceFixture(t);
  const sent = await sendContact(t, [...fields(MESSAGE), { name: 'pieceJointe', filename: 'constat.pdf', type: 'application/pdf', content: FILES.pdf }], { token: f.manager });
  const contact = bodyOf(sent, contactResponseSchema).reference;
  // A minute between two requests: the list's order is theirs.
  t.clock.advance(60_000);
  const invoice = f.ago(2);
  const filed = await t.send('POST', `/api/facture/${f.account}/${invoice.referenceNumber}/reclamation`, {
    token: f.manager,
    json: { motif: 'DOUBLE_FACTURATION', message: 'La ligne de Julien est facturée deux fois.' },
  });
  const complaint = bodyOf(filed, invoiceComplaintResponseSchema).reference;
  t.clock.advance(60_000);
  const terminated = f.colleague(2);
  const termination = await submitted(t, f.manager, { idContrat: terminated.idContrat, idMotif: 104, idSousMotif: 1041, dateEffet: daysOf(t).min });
  t.clock.advance(60_000);
  const booked = f.colleague(3);
  const free = bodyOf(await t.get(`/api/rdv/creneaux?typeLigne=MOBILE&idContrat=${booked.idContrat}`, f.manager), appointmentSlotsSchema);
  const slot = free.jours.flatMap((day) => day.creneaux)[0];
  if (!slot) throw new Error('no free appointment slot');
  const appointment = bodyOf(
    await t.send('POST', '/api/rdv/reserver', { token: f.manager, json: { idContrat: booked.idContrat, debut: slot.debut, motif: 'FACTURATION', telephone: '06 12 34 56 78' } }),
    appointmentSchema,
  );
  const lineUserMessage = bodyOf(await sendContact(t, fields({ ...MESSAGE, objet: 'Question de l’utilisateur' }), { token: f.lineUser }), contactResponseSchema).reference;
  return { ...f, contact, invoice, complaint, terminated, termination, booked, appointment, lineUserMessage };
}

const { t, f } = useTestContext(requestsFixture);

async function requests(token: string, query = ''): Promise<CustomerRequest[]> {
  const response = await t.get(`/api/mes-demandes${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, customerRequestPageSchema).demandes;
}

/** A request's kind and reference: a termination and an appointment may share a number. */
const keyOf = (request: Pick<CustomerRequest, 'type' | 'reference'>) => `${request.type} ${request.reference}`;

/** The requests the fixture made, among those listed (the demo's history aside), in the listed order. */
const made = (listed: CustomerRequest[]) => {
  const ours = new Set(
    [
      { type: 'CONTACT', reference: f.contact },
      { type: 'RECLAMATION', reference: f.complaint },
      { type: 'RESILIATION', reference: `n° ${f.termination.idResiliation}` },
      { type: 'RENDEZ_VOUS', reference: `n° ${f.appointment.idRdv}` },
    ].map((request) => `${request.type} ${request.reference}`),
  );
  return listed.filter((request) => ours.has(keyOf(request)));
};

describe('GET /api/mes-demandes: every request of the signed-in customer', () => {
  it('lists the messages, complaints, terminations and appointments they made, newest first, each with what leads to its page', async () => {
    const listed = await requests(f.manager, '?taille=50');
    const dates = listed.map((request) => request.dateCreation);
    expect(dates).toEqual([...dates].sort().reverse());
    // The newest four: the fixture's, after the demo's history.
    const mine = listed.slice(0, 4);
    expect(made(listed)).toEqual(mine);
    expect(mine.map((request) => request.type)).toEqual(['RENDEZ_VOUS', 'RESILIATION', 'RECLAMATION', 'CONTACT']);
    expect(mine).toEqual([
      expect.objectContaining({
        type: 'RENDEZ_VOUS',
        reference: `n° ${f.appointment.idRdv}`,
        intitule: 'Une question sur une facture',
        statut: 'A_VENIR',
        statutLibelle: 'Rendez-vous à venir',
        enCours: true,
        idContrat: f.booked.idContrat,
        referenceFacture: null,
      }),
      expect.objectContaining({
        type: 'RESILIATION',
        reference: `n° ${f.termination.idResiliation}`,
        statut: 'PROGRAMMEE',
        statutLibelle: 'Résiliation programmée',
        enCours: true,
        idContrat: f.terminated.idContrat,
      }),
      expect.objectContaining({
        type: 'RECLAMATION',
        reference: f.complaint,
        intitule: 'Facturation en double',
        precision: `Facture ${f.invoice.referenceNumber}`,
        statut: 'EN_COURS',
        statutLibelle: 'Réclamation en cours',
        referenceFacture: f.invoice.referenceNumber,
      }),
      expect.objectContaining({ type: 'CONTACT', reference: f.contact, intitule: MESSAGE.objet, precision: 'Service après-vente – Panne ou casse d’un téléphone', statut: 'OUVERTE', statutLibelle: 'Reçue' }),
    ]);
    expect(mine.find((request) => request.type === 'RESILIATION')?.precision).toContain(formatPhone(f.terminated.numeroLigne));
    expect(mine.find((request) => request.type === 'RENDEZ_VOUS')?.precision).toContain(formatPhone(f.booked.numeroLigne));
  });

  it('filters by kind, sorts by date or kind either way, and pages', async () => {
    const all = await requests(f.manager, '?taille=50');
    const complaints = await requests(f.manager, '?type=RECLAMATION&taille=50');
    expect(complaints.map((request) => request.reference)).toEqual(all.filter((request) => request.type === 'RECLAMATION').map((request) => request.reference));
    expect(complaints[0]?.reference).toBe(f.complaint);
    const oldestFirst = await requests(f.manager, '?tri=date&ordre=asc&taille=50');
    expect(oldestFirst.map(keyOf)).toEqual([...all].reverse().map(keyOf));
    expect(made(oldestFirst).map((request) => request.type)).toEqual(['CONTACT', 'RECLAMATION', 'RESILIATION', 'RENDEZ_VOUS']);
    const byKind = await requests(f.manager, '?tri=type&ordre=asc&taille=50');
    expect(byKind.map((request) => request.type)).toEqual(all.map((request) => request.type).sort());
    expect(made(byKind).map((request) => request.type)).toEqual(['CONTACT', 'RECLAMATION', 'RENDEZ_VOUS', 'RESILIATION']);
    const byKindDown = await requests(f.manager, '?tri=type&ordre=desc&taille=50');
    expect(byKindDown.map((request) => request.type)).toEqual(all.map((request) => request.type).sort().reverse());
    expect(made(byKindDown).map((request) => request.type)).toEqual(['RESILIATION', 'RENDEZ_VOUS', 'RECLAMATION', 'CONTACT']);
    const second = bodyOf(await t.get('/api/mes-demandes?taille=3&page=2', f.manager), customerRequestPageSchema);
    expect(second).toMatchObject({ total: all.length, page: 2, taille: 3 });
    expect(second.demandes.map(keyOf)).toEqual(all.slice(3, 6).map(keyOf));
  });

  it('follows the statuses the requests take since', async () => {
    expect((await t.send('POST', `/api/resiliation/${f.termination.idResiliation}/annuler`, { token: f.manager })).statusCode).toBe(200);
    expect((await t.send('DELETE', `/api/rdv/${f.appointment.idRdv}`, { token: f.manager })).statusCode).toBe(200);
    const kinds = Object.fromEntries(made(await requests(f.manager, '?taille=50')).map((request) => [request.type, [request.statut, request.enCours]]));
    expect(kinds).toMatchObject({ RESILIATION: ['ANNULEE', false], RENDEZ_VOUS: ['ANNULE', false] });
  });

  it('shows nobody else’s requests, needs a session and refuses a bad query', async () => {
    const managers = new Set((await requests(f.manager, '?taille=50')).map(keyOf));
    const lineUsers = (await requests(f.lineUser, '?taille=50')).map(keyOf);
    expect(lineUsers[0]).toBe(`CONTACT ${f.lineUserMessage}`);
    expect(lineUsers.filter((key) => managers.has(key))).toEqual([]);
    const strangers = (await requests(f.stranger, '?taille=50')).map(keyOf);
    expect(strangers.filter((key) => managers.has(key) || lineUsers.includes(key))).toEqual([]);
    expectError(await t.get('/api/mes-demandes'), 401, 'UNAUTHENTICATED');
    for (const query of ['?type=AUTRE', '?tri=reference', '?ordre=haut', '?taille=51', '?page=0']) expectError(await t.get(`/api/mes-demandes${query}`, f.manager), 400, 'VALIDATION');
  });
});

describe('GET /api/support/demandes/{reference}: one of the caller’s messages', () => {
  it('shows what they wrote, and nobody else’s', async () => {
    const response = await t.get(`/api/support/demandes/${f.contact}`, f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response, supportTicketDetailSchema)).toMatchObject({
      reference: f.contact,
      objet: MESSAGE.objet,
      message: MESSAGE.message,
      statut: 'OUVERTE',
      pieceJointe: { nom: 'constat.pdf', type: 'application/pdf' },
    });
    expectError(await t.get(`/api/support/demandes/${f.contact}`, f.lineUser), 404, 'SUPPORT_TICKET_NOT_FOUND');
    expectError(await t.get('/api/support/demandes/SUP-1999-000001', f.manager), 404, 'SUPPORT_TICKET_NOT_FOUND');
    expectError(await t.get('/api/support/demandes/pas-une-reference', f.manager), 400, 'VALIDATION');
    expectError(await t.get(`/api/support/demandes/${f.contact}`), 401, 'UNAUTHENTICATED');
  });
});
