import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  errorMessage,
  invoiceDetailSchema,
  invoiceReference,
  type ApiErrorCode,
  type ErrorMessageValues,
  terminationCommitmentSchema,
  terminationDraftSchema,
  terminationFeesSchema,
  terminationInProgressSchema,
  terminationReasonListSchema,
  terminationStatusSchema,
  vatCentimes,
} from '@ecare/shared';
import { addDays } from '@ecare/shared/paris-time';
import { inlineJobs } from '../../core/jobs.ts';
import { TERMINATION_REASONS } from '../../db/reference/index.ts';
import { createUser } from '../../db/seed/factories.ts';
import { auditLog, contracts, invoices, offers, terminationAttachments, terminations } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { releasedTogether, statusTally } from '../../test/concurrent.ts';
import { bodyOf, errorOf, expectError, useTestContext } from '../../test/harness.ts';
import { TERMINATION_CRON, TERMINATION_JOB } from './index.ts';
import {
  FILES,
  attachmentsFolder,
  daysOf,
  deleteProof,
  pdfText,
  sendMultipart,
  setLine,
  submit,
  submitted,
  upload,
  uploaded,
} from '../../test/support/termination.ts';

const folder = attachmentsFolder();
const proofs = path.join(folder, 'resiliations');
const jobs = inlineJobs();
const { t, f } = useTestContext(demoFixture, { env: { ATTACHMENTS_DIR: folder }, jobs: () => () => jobs });

const DAY = 86_400_000;
const formatDay = (day: string) => day.split('-').reverse().join('/');
const storedProofs = () => (existsSync(proofs) ? readdirSync(proofs) : []);

async function priceOf(idContrat: number): Promise<number> {
  const [row] = await t.db
    .select({ price: offers.prixMensuelCentimes })
    .from(contracts)
    .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
    .where(eq(contracts.idContrat, idContrat));
  if (!row) throw new Error('no such line');
  return row.price;
}

/** A refusal whose message names values (dates, a proof, a count): its status, code and that message. */
function expectRefusal<C extends ApiErrorCode>(response: LightMyRequestResponse, status: number, code: C, values: ErrorMessageValues<C>): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response)).toEqual({ code, exceptionMessage: (errorMessage as (code: ApiErrorCode, values: unknown) => string)(code, values) });
}

const cancel = (token: string, idResiliation: number) => t.send('POST', `/api/resiliation/${idResiliation}/annuler`, { token });

describe('reasons', () => {
  it('lists the general reasons, the business reasons of a line and the sub-reasons of a reason', async () => {
    const general = bodyOf(await t.get('/api/resiliation/motifs', f.manager), terminationReasonListSchema);
    expect(general.map((reason) => reason.idMotif)).toEqual([1, 2]);
    expect(general[0]).toMatchObject({ exonerationFrais: true, justificatif: expect.stringContaining('acte de décès'), aSousMotifs: false });

    const line = f.colleague(0).idContrat;
    const pro = bodyOf(await t.get(`/api/resiliation/motifs-pro/${line}`, f.manager), terminationReasonListSchema);
    expect(pro.map((reason) => reason.idMotif)).toEqual([101, 102, 104, 105]);
    expect(pro.find((reason) => reason.idMotif === 101)?.aSousMotifs).toBe(true);

    const subs = bodyOf(await t.get('/api/resiliation/sous-motifs/101', f.manager), terminationReasonListSchema);
    expect(subs.map((reason) => [reason.idMotif, reason.exonerationFrais])).toEqual([
      [1011, true],
      [1012, false],
      [1013, false],
    ]);
    expect(bodyOf(await t.get('/api/resiliation/sous-motifs/102', f.manager), terminationReasonListSchema)).toEqual([]);
    expectError(await t.get('/api/resiliation/sous-motifs/9999', f.manager), 404, 'TERMINATION_REASON_NOT_FOUND');
    expectError(await t.get('/api/resiliation/sous-motifs/1011', f.manager), 404, 'TERMINATION_REASON_NOT_FOUND');
    expectError(await t.get('/api/resiliation/motifs'), 401, 'UNAUTHENTICATED');
  });

  it('offers the change of operator with portability only while the number is leaving', async () => {
    const line = f.colleague(1).idContrat;
    const { min } = daysOf(t);
    await setLine(t, line, { datePortabiliteSortante: addDays(min, 9) });
    try {
      const pro = bodyOf(await t.get(`/api/resiliation/motifs-pro/${line}`, f.manager), terminationReasonListSchema);
      expect(pro.map((reason) => reason.idMotif)).toContain(103);
    } finally {
      await setLine(t, line, { datePortabiliteSortante: null });
    }
  });
});

describe('the draft kept by the server', () => {
  it('keeps each person’s answers and unsent proofs per line until the request is sent, for those who reach the line only', async () => {
    const line = f.colleague(5).idContrat;
    const path = `/api/resiliation/brouillon/${line}`;
    const read = async (token: string) => bodyOf(await t.get(path, token), terminationDraftSchema);
    expect(await read(f.manager)).toEqual({ idMotif: null, idSousMotif: null, dateEffet: null, commentaire: '', piecesJointes: [] });

    const { min } = daysOf(t);
    const answers = { idMotif: 104, idSousMotif: 1043, dateEffet: min, commentaire: 'Réduction de la flotte au 1er janvier.' };
    const saved = await t.send('PUT', path, { token: f.manager, json: answers });
    expect(saved.statusCode, saved.body).toBe(200);
    const proof = await uploaded(t, f.manager, line, FILES.pdf, 'attestation.pdf');
    // Read again from another session: the same answers, and the proof sent.
    const again = await t.loginAs('gestionnaire');
    expect(await read(again)).toEqual({ ...answers, piecesJointes: [proof] });
    // Saved again: the last answers win.
    bodyOf(await t.send('PUT', path, { token: again, json: { ...answers, idSousMotif: null, commentaire: '' } }), terminationDraftSchema);
    expect(await read(f.manager)).toMatchObject({ idSousMotif: null, commentaire: '' });

    expectError(await t.get(path, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.send('PUT', path, { token: f.stranger, json: answers }), 403, 'FORBIDDEN_CONTRACT');
    for (const bad of [{ ...answers, dateEffet: '2026-02-30' }, { ...answers, idMotif: 'x' }, { ...answers, commentaire: 'x'.repeat(501) }, { idMotif: 104 }]) {
      expectError(await t.send('PUT', path, { token: f.manager, json: bad }), 400, 'VALIDATION');
    }

    // Sent: the draft is gone with it.
    const status = await submitted(t, f.manager, { idContrat: line, idMotif: 104, idSousMotif: 1043, dateEffet: min, piecesJointes: [proof.cle] });
    expect(await read(f.manager)).toEqual({ idMotif: null, idSousMotif: null, dateEffet: null, commentaire: '', piecesJointes: [] });
    await cancel(f.manager, status.idResiliation);
  });
});

describe('commitment and fees', () => {
  it('gives the commitment, the window of effective dates and whether the caller may submit', async () => {
    const line = f.colleague(0).idContrat;
    const { min, max } = daysOf(t);
    await setLine(t, line, { commitmentMonthsAfter: { from: min, months: 5 } });
    const commitment = bodyOf(await t.get(`/api/resiliation/engagement/${line}`, f.manager), terminationCommitmentSchema);
    expect(commitment).toMatchObject({ idContrat: line, moisRestants: 5, dateEffetMin: min, dateEffetMax: max, empechement: null, peutResilier: true, datePortabiliteSortante: null });
    expect(commitment.mensualiteHtCentimes).toBe(await priceOf(line));

    // A line user reads the procedure of their own line, without the right to submit.
    const own = bodyOf(await t.get(`/api/resiliation/engagement/${f.own.idContrat}`, f.lineUser), terminationCommitmentSchema);
    expect(own.peutResilier).toBe(false);
  });

  it('computes the fees from the months left: those until the 12th month of the commitment in full, then a quarter of those after it, VAT 20 %, in cents', async () => {
    const line = f.colleague(2).idContrat;
    const price = await priceOf(line);
    const { min } = daysOf(t);
    const dateEffet = addDays(min, 3);
    // A 24-month commitment: its months 13 to 24 are billed by a quarter.
    expect(bodyOf(await t.get(`/api/resiliation/engagement/${line}`, f.manager), terminationCommitmentSchema).dureeEngagementMois).toBe(24);
    const quarter = (months: number) => Math.round((months * price) / 4);
    const cases: { months: number | null; ht: number; items: string[] }[] = [
      { months: null, ht: 0, items: [] },
      { months: 0, ht: 0, items: [] },
      { months: 5, ht: quarter(5), items: ['QUART_MENSUALITES'] },
      { months: 12, ht: quarter(12), items: ['QUART_MENSUALITES'] },
      // Month 4 of 24: 8 months until the 12th in full, then a quarter of the 12 after it.
      { months: 20, ht: 8 * price + quarter(12), items: ['MENSUALITES_RESTANTES', 'QUART_MENSUALITES'] },
      { months: 24, ht: 12 * price + quarter(12), items: ['MENSUALITES_RESTANTES', 'QUART_MENSUALITES'] },
    ];
    for (const { months, ht, items } of cases) {
      await setLine(t, line, { commitmentMonthsAfter: months === null ? null : { from: dateEffet, months } });
      const response = await t.send('POST', '/api/resiliation/frais', { token: f.manager, json: { idContrat: line, dateEffet, idMotif: 1041 } });
      const fees = bodyOf(response, terminationFeesSchema);
      expect(fees, `${months} months`).toMatchObject({ moisRestants: months ?? 0, exonere: false, totalHtCentimes: ht, totalTvaCentimes: vatCentimes(ht), totalTtcCentimes: ht + vatCentimes(ht), tauxTva: 20 });
      expect(fees.lignes.map((item) => item.type)).toEqual(items);
      expect(fees.lignes.reduce((sum, item) => sum + item.montantHtCentimes, 0)).toBe(ht);
    }
    // A month begun counts whole.
    await setLine(t, line, { commitmentMonthsAfter: { from: dateEffet, months: 5 } });
    const later = bodyOf(await t.send('POST', '/api/resiliation/frais', { token: f.manager, json: { idContrat: line, dateEffet: addDays(dateEffet, 1), idMotif: 104 } }), terminationFeesSchema);
    expect(later.moisRestants).toBe(5);
  });

  it('waives the fees for the reasons that do so on proof, and shows the amount waived', async () => {
    const line = f.colleague(2).idContrat;
    const price = await priceOf(line);
    const { min } = daysOf(t);
    await setLine(t, line, { commitmentMonthsAfter: { from: min, months: 20 } });
    for (const idMotif of [1011, 102, 1]) {
      const fees = bodyOf(await t.send('POST', '/api/resiliation/frais', { token: f.manager, json: { idContrat: line, dateEffet: min, idMotif } }), terminationFeesSchema);
      expect(fees, `reason ${idMotif}`).toMatchObject({ exonere: true, totalHtCentimes: 0, totalTvaCentimes: 0, totalTtcCentimes: 0 });
      expect(fees.lignes.at(-1)).toMatchObject({ type: 'EXONERATION', montantHtCentimes: -(8 * price + Math.round((12 * price) / 4)) });
    }
    // The other sub-reasons of the same reason do not.
    const dissolution = bodyOf(await t.send('POST', '/api/resiliation/frais', { token: f.manager, json: { idContrat: line, dateEffet: min, idMotif: 1012 } }), terminationFeesSchema);
    expect(dissolution.totalHtCentimes).toBe(8 * price + Math.round((12 * price) / 4));
  });

  it('keeps the effective date between tomorrow and 3 months ahead, or on the porting date', async () => {
    const line = f.colleague(3).idContrat;
    const { today, min, max } = daysOf(t);
    expect(min).toBe(addDays(today, 1));
    expect(max).toBe(addMonths(today, 3));
    const fees = (dateEffet: string) => t.send('POST', '/api/resiliation/frais', { token: f.manager, json: { idContrat: line, dateEffet, idMotif: 104 } });
    expect((await fees(min)).statusCode).toBe(200);
    expect((await fees(max)).statusCode).toBe(200);
    expectRefusal(await fees(today), 400, 'TERMINATION_DATE_OUT_OF_RANGE', { min, max });
    expectRefusal(await fees(addDays(max, 1)), 400, 'TERMINATION_DATE_OUT_OF_RANGE', { min, max });
    expectError(await t.send('POST', '/api/resiliation/frais', { token: f.manager, json: { idContrat: line, dateEffet: '2026-02-30', idMotif: 104 } }), 400, 'VALIDATION');

    const porting = addDays(min, 20);
    await setLine(t, line, { datePortabiliteSortante: porting });
    try {
      const commitment = bodyOf(await t.get(`/api/resiliation/engagement/${line}`, f.manager), terminationCommitmentSchema);
      expect(commitment).toMatchObject({ dateEffetMin: porting, dateEffetMax: porting, datePortabiliteSortante: porting });
      expectRefusal(await fees(min), 400, 'TERMINATION_DATE_PORTING', { date: porting });
      expect((await fees(porting)).statusCode).toBe(200);
      const status = await submitted(t, f.manager, { idContrat: line, idMotif: 103, dateEffet: porting });
      expect(status).toMatchObject({ statut: 'PROGRAMMEE', dateEffet: porting, motif: 'Changement d’opérateur avec portabilité du numéro' });
      expect((await cancel(f.manager, status.idResiliation)).statusCode).toBe(200);
    } finally {
      await setLine(t, line, { datePortabiliteSortante: null });
    }
  });
});

describe('proofs', () => {
  it('stores a proof under a random name, and deletes it for the account that sent it', async () => {
    const line = f.colleague(4).idContrat;
    const proof = await uploaded(t, f.manager, line, FILES.pdf, 'kbis.pdf');
    expect(proof).toMatchObject({ nom: 'kbis.pdf', type: 'application/pdf', taille: FILES.pdf.length });
    expect(proof.cle).toMatch(/^[0-9a-f]{32}$/);
    expect(storedProofs()).toContain(proof.cle);

    // Another customer, and the line's own user, may neither delete it.
    expectError(await deleteProof(t, f.stranger, proof.cle), 403, 'FORBIDDEN_CONTRACT');
    expect(storedProofs()).toContain(proof.cle);

    const deleted = await deleteProof(t, f.manager, proof.cle);
    expect(deleted.json()).toEqual({ cle: proof.cle, supprime: true });
    expect(storedProofs()).not.toContain(proof.cle);
    expectError(await deleteProof(t, f.manager, proof.cle), 404, 'TERMINATION_ATTACHMENT_NOT_FOUND');
    expectError(await deleteProof(t, f.manager, '../../etc/passwd'), 400, 'VALIDATION');

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.idContrat, line));
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['AJOUT_JUSTIFICATIF_RESILIATION', 'SUPPRESSION_JUSTIFICATIF_RESILIATION']));
  });

  it('refuses wrong magic bytes, oversize files, a polyglot not starting as a PDF, and keeps only the last segment of a name', async () => {
    const line = f.colleague(4).idContrat;
    const before = storedProofs();
    expectError(await upload(t, f.manager, line, FILES.disguised, 'facture.pdf'), 400, 'ATTACHMENT_TYPE');
    expectError(await upload(t, f.manager, line, Buffer.concat([FILES.pdf, Buffer.alloc(5 * 1024 * 1024 + 1 - FILES.pdf.length, 0x20)]), 'gros.pdf'), 413, 'ATTACHMENT_TOO_LARGE');
    // A GIF that also holds a PDF further in: readers accept it as a PDF, the first bytes say otherwise.
    const polyglot = Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n')]);
    expectError(await upload(t, f.manager, line, polyglot, 'polyglotte.pdf'), 400, 'ATTACHMENT_TYPE');
    expect(storedProofs()).toEqual(before);

    // A real PDF carrying script: kept as a PDF, named by its bytes, never under its given name.
    const scripted = Buffer.concat([FILES.pdf, Buffer.from('<html><script>alert(1)</script></html>')]);
    const traversal = await uploaded(t, f.manager, line, scripted, '../../../var/www/html/index.html');
    expect(traversal).toMatchObject({ nom: 'index.html', type: 'application/pdf' });
    expect(storedProofs()).toEqual(expect.arrayContaining([traversal.cle]));
    expect(storedProofs().every((name) => /^[0-9a-f]{32}$/.test(name))).toBe(true);
    const windows = await uploaded(t, f.manager, line, FILES.png, '..\\..\\Windows\\win.ini');
    expect(windows).toMatchObject({ nom: 'win.ini', type: 'image/png' });
    await deleteProof(t, f.manager, traversal.cle);
    await deleteProof(t, f.manager, windows.cle);
  });

  it('refuses an upload for a line the caller does not manage before writing a byte', async () => {
    const line = f.colleague(4).idContrat;
    const before = storedProofs();
    expectError(await upload(t, f.stranger, line, FILES.pdf), 403, 'FORBIDDEN_CONTRACT');
    expectError(await upload(t, f.lineUser, f.own.idContrat, FILES.pdf), 403, 'TERMINATION_MANAGER_ONLY');
    expectError(await upload(t, f.mandataire, f.unmanagedLine.idContrat, FILES.pdf), 403, 'FORBIDDEN_CONTRACT');
    // The file before the line it is for.
    const fileFirst = await sendMultipart(t, '/api/upload-piece-jointe-resiliation', [
      { name: 'pieceJointe', filename: 'a.pdf', type: 'application/pdf', content: FILES.pdf },
      { name: 'idContrat', value: String(line) },
    ], f.manager);
    expectError(fileFirst, 400, 'VALIDATION');
    expectError(await sendMultipart(t, '/api/upload-piece-jointe-resiliation', [{ name: 'idContrat', value: String(line) }], f.manager), 400, 'VALIDATION');
    const json = await t.send('POST', '/api/upload-piece-jointe-resiliation', { token: f.manager, json: { idContrat: line } });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(storedProofs()).toEqual(before);
  });

  it('holds at most 3 proofs waiting per line when five are sent at once', async () => {
    const line = f.colleague(5);
    // A second manager of the account, whose upload quota the other tests leave whole.
    const email = 'second.gestionnaire@boulangerie-lemoine.example';
    await createUser(t.db, { email, password: 'Resiliation#2026', gestionnaire: true, accounts: [{ idClientBscs: line.idClientBscs, isGestionnaire: true }] });
    const manager = await t.login(email, 'Resiliation#2026');
    const answers = await releasedTogether(5, (index) => upload(t, manager, line.idContrat, FILES.jpeg, `photo-${index}.jpg`));
    expect(statusTally(answers)).toEqual({ 200: 3, 409: 2 });
    const held = await t.db
      .select()
      .from(terminationAttachments)
      .where(and(eq(terminationAttachments.idContrat, line.idContrat), isNull(terminationAttachments.idResiliation)));
    expect(held).toHaveLength(3);
    expect(storedProofs()).toEqual(expect.arrayContaining(held.map((proof) => proof.cle)));
    for (const proof of held) await deleteProof(t, manager, proof.cle);
  });

  it('holds at most 3 proofs waiting per line, and limits uploads per user', async () => {
    const line = f.colleague(5).idContrat;
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await uploaded(t, f.manager, line, FILES.jpeg, `photo-${i}.jpg`));
    expectRefusal(await upload(t, f.manager, line, FILES.jpeg), 409, 'TERMINATION_ATTACHMENTS_TOO_MANY', { max: 3 });
    for (const proof of held) await deleteProof(t, f.manager, proof.cle);

    // 20 uploads an hour: those above are refused with the time to wait (the mandataire's own count).
    const own = f.mandataire;
    let refused = 0;
    const [managed] = (await t.get('/api/comptes_facturation', own)).json() as { idClientBscs: number }[];
    const [managedLine] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, managed?.idClientBscs ?? 0)).limit(1);
    if (!managedLine) throw new Error('the mandataire manages no line');
    for (let i = 0; i < 21; i++) {
      const response = await upload(t, own, managedLine.idContrat, FILES.pdf);
      if (response.statusCode === 429) {
        expectRefusal(response, 429, 'TERMINATION_TOO_MANY', { minutes: 60 });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        refused += 1;
      } else await deleteProof(t, own, (response.json() as { cle: string }).cle);
    }
    expect(refused).toBe(1);
  });
});

describe('request', () => {
  it('follows each reason path: sub-reason required or refused, proof required, portability only while porting', async () => {
    const line = f.colleague(6).idContrat;
    const { min } = daysOf(t);
    const base = { idContrat: line, dateEffet: min };
    expectError(await submit(t, f.manager, { ...base, idMotif: 104 }), 400, 'TERMINATION_SUB_REASON_REQUIRED');
    expectError(await submit(t, f.manager, { ...base, idMotif: 104, idSousMotif: 1051 }), 400, 'TERMINATION_SUB_REASON_INVALID');
    expectError(await submit(t, f.manager, { ...base, idMotif: 102, idSousMotif: 1011 }), 400, 'TERMINATION_SUB_REASON_INVALID');
    expectError(await submit(t, f.manager, { ...base, idMotif: 1041 }), 400, 'TERMINATION_REASON_UNKNOWN');
    expectError(await submit(t, f.manager, { ...base, idMotif: 999 }), 400, 'TERMINATION_REASON_UNKNOWN');
    expectError(await submit(t, f.manager, { ...base, idMotif: 103 }), 409, 'TERMINATION_PORTABILITY_NOT_REQUESTED');
    expectError(await submit(t, f.manager, { ...base, idMotif: 104, idSousMotif: 1041, commentaire: 'Fin \ud800 du contrat' }), 400, 'VALIDATION');
    const proofOf = (idMotif: number) => TERMINATION_REASONS.find((reason) => reason.idMotif === idMotif)?.justificatif ?? '';
    expectRefusal(await submit(t, f.manager, { ...base, idMotif: 102 }), 400, 'TERMINATION_PROOF_REQUIRED', { justificatif: proofOf(102) });
    expectRefusal(await submit(t, f.manager, { ...base, idMotif: 101, idSousMotif: 1011 }), 400, 'TERMINATION_PROOF_REQUIRED', { justificatif: proofOf(1011) });
    expectRefusal(await submit(t, f.manager, { ...base, idMotif: 1 }), 400, 'TERMINATION_PROOF_REQUIRED', { justificatif: proofOf(1) });
    const { max } = daysOf(t);
    expectRefusal(await submit(t, f.manager, { ...base, idMotif: 104, idSousMotif: 1041, dateEffet: daysOf(t).today }), 400, 'TERMINATION_DATE_OUT_OF_RANGE', { min, max });
    // A proof of another line is not this one's.
    const elsewhere = await uploaded(t, f.manager, f.colleague(7).idContrat, FILES.pdf);
    expectError(await submit(t, f.manager, { ...base, idMotif: 102, piecesJointes: [elsewhere.cle] }), 400, 'TERMINATION_ATTACHMENT_UNKNOWN');
    await deleteProof(t, f.manager, elsewhere.cle);

    const paths: { idMotif: number; idSousMotif?: number; proof: boolean; exonere: boolean }[] = [
      { idMotif: 104, idSousMotif: 1041, proof: false, exonere: false },
      { idMotif: 2, idSousMotif: 21, proof: false, exonere: false },
      { idMotif: 105, idSousMotif: 1053, proof: false, exonere: false },
      { idMotif: 101, idSousMotif: 1012, proof: false, exonere: false },
      { idMotif: 101, idSousMotif: 1011, proof: true, exonere: true },
      { idMotif: 102, proof: true, exonere: true },
      { idMotif: 1, proof: true, exonere: true },
    ];
    await setLine(t, line, { commitmentMonthsAfter: { from: min, months: 6 } });
    for (const { idMotif, idSousMotif, proof, exonere } of paths) {
      const piecesJointes = proof ? [(await uploaded(t, f.manager, line, FILES.pdf, 'preuve.pdf')).cle] : [];
      const status = await submitted(t, f.manager, { ...base, idMotif, idSousMotif: idSousMotif ?? null, piecesJointes });
      expect(status, `reason ${idMotif}/${idSousMotif}`).toMatchObject({ statut: 'PROGRAMMEE', annulable: true, frais: { exonere } });
      expect(status.piecesJointes.map((p) => p.cle)).toEqual(piecesJointes);
      if (!exonere) expect(status.frais.totalHtCentimes).toBe(6 * (await priceOf(line)));
      // A proof sent with a request stays with it.
      for (const cle of piecesJointes) expectError(await deleteProof(t, f.manager, cle), 409, 'TERMINATION_ATTACHMENT_SUBMITTED');
      expect((await cancel(f.manager, status.idResiliation)).statusCode).toBe(200);
    }
  });

  it('explains why the last line of an account, a line with an order in progress or one already scheduled cannot be terminated here', async () => {
    const { min } = daysOf(t);
    // The solo customer's account holds one line.
    const [soloLine] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, f.strangerAccount));
    if (!soloLine) throw new Error('no solo line');
    const last = bodyOf(await t.get(`/api/resiliation/engagement/${soloLine.idContrat}`, f.stranger), terminationCommitmentSchema);
    expect(last.empechement?.code).toBe('DERNIERE_LIGNE');
    expect(last.empechement?.message).toContain('dernière ligne active');
    expectError(await submit(t, f.stranger, { idContrat: soloLine.idContrat, idMotif: 104, idSousMotif: 1041, dateEffet: min }), 409, 'TERMINATION_LAST_LINE');

    const line = f.colleague(8).idContrat;
    await setLine(t, line, { codeStatut: 'EN_COURS' });
    try {
      expect(bodyOf(await t.get(`/api/resiliation/engagement/${line}`, f.manager), terminationCommitmentSchema).empechement?.code).toBe('COMMANDE_EN_COURS');
      expectError(await submit(t, f.manager, { idContrat: line, idMotif: 104, idSousMotif: 1041, dateEffet: min }), 409, 'TERMINATION_ORDER_IN_PROGRESS');
    } finally {
      await setLine(t, line, { codeStatut: 'ACTIF' });
    }

    const first = await submitted(t, f.manager, { idContrat: line, idMotif: 104, idSousMotif: 1041, dateEffet: min });
    expect(bodyOf(await t.get(`/api/resiliation/engagement/${line}`, f.manager), terminationCommitmentSchema).empechement?.code).toBe('DEJA_PROGRAMMEE');
    expectError(await submit(t, f.manager, { idContrat: line, idMotif: 104, idSousMotif: 1041, dateEffet: min }), 409, 'TERMINATION_ALREADY_SCHEDULED');
    await cancel(f.manager, first.idResiliation);
  });

  it('submits once for a double click: the same key gives back the first request, one row and one e-mail', async () => {
    const line = f.colleague(9).idContrat;
    const { min } = daysOf(t);
    const body = { idContrat: line, idMotif: 104, idSousMotif: 1042, dateEffet: addDays(min, 5), commentaire: 'Ligne en double depuis la fusion des équipes.' };
    const key = `double-clic-${randomBytes(8).toString('hex')}`;
    const mailsBefore = (await t.outbox()).length;
    const [a, b] = await Promise.all([submit(t, f.manager, body, key), submit(t, f.manager, body, key)]);
    const again = await submit(t, f.manager, body, key);
    const ids = [a, b, again].map((response) => bodyOf(response, terminationStatusSchema).idResiliation);
    expect(new Set(ids).size).toBe(1);
    const rows = await t.db.select().from(terminations).where(eq(terminations.idContrat, line));
    expect(rows.filter((row) => row.statut === 'PROGRAMMEE')).toHaveLength(1);
    expect((await t.outbox()).length).toBe(mailsBefore + 1);

    // The confirmation: to the manager, the recap as a PDF.
    const [mail] = await t.outbox();
    expect(mail?.recipient).toBe('gestionnaire@demo.test');
    expect(mail?.subject).toContain('programmée le');
    expect(mail?.attachments).toHaveLength(1);
    const pdf = mail?.attachments[0];
    expect(pdf?.contentType).toBe('application/pdf');
    expect(Buffer.from(pdf?.contentBase64 ?? '', 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const recap = await pdfText(Buffer.from(pdf?.contentBase64 ?? '', 'base64'));
    for (const expected of [`Demande de résiliation n° ${ids[0]}`, 'Ligne plus utilisée', 'Ligne en double', formatDay(body.dateEffet), 'Total TTC', 'TVA (20 %)', body.commentaire]) {
      expect(recap, expected).toContain(expected);
    }

    // Without a key, or with another request under the same key.
    const missing = await t.send('POST', '/api/contrat/resilier', { token: f.manager, json: body });
    expectError(missing, 400, 'VALIDATION');
    expectError(await submit(t, f.manager, { ...body, idContrat: f.colleague(8).idContrat }, key), 409, 'TERMINATION_IDEMPOTENCY_CONFLICT');

    // Followed from the line, e-mailed again on demand, audited.
    const inProgress = bodyOf(await t.get(`/api/resiliation/en-cours/${line}`, f.manager), terminationInProgressSchema);
    expect(inProgress.resiliation).toMatchObject({ idResiliation: ids[0], commentaire: body.commentaire, statut: 'PROGRAMMEE' });
    const resent = await t.send('POST', '/api/resiliation/envoyer-confirmation', { token: f.manager, json: { idResiliation: ids[0] } });
    expect(resent.json()).toEqual({ email: 'gestionnaire@demo.test' });
    expect((await t.outbox())[0]?.attachments).toHaveLength(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.idContrat, line));
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['DEMANDE_RESILIATION', 'ENVOI_RECAPITULATIF_RESILIATION']));
    await cancel(f.manager, ids[0] ?? 0);
  });
});

describe('access', () => {
  it('answers 403 with the refusal texts to another customer and keeps a line user to reading', async () => {
    const line = f.colleague(6).idContrat;
    const { min } = daysOf(t);
    const status = await submitted(t, f.manager, { idContrat: line, idMotif: 104, idSousMotif: 1043, dateEffet: min });
    const proof = await uploaded(t, f.manager, line, FILES.pdf);
    const stranger = f.stranger;
    expectError(await t.get(`/api/resiliation/motifs-pro/${line}`, stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get(`/api/resiliation/engagement/${line}`, stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get(`/api/resiliation/en-cours/${line}`, stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get(`/api/resiliation/statut/${status.idResiliation}`, stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.send('POST', '/api/resiliation/frais', { token: stranger, json: { idContrat: line, dateEffet: min, idMotif: 104 } }), 403, 'FORBIDDEN_CONTRACT');
    expectError(await submit(t, stranger, { idContrat: line, idMotif: 104, idSousMotif: 1041, dateEffet: min }), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.send('POST', '/api/resiliation/envoyer-confirmation', { token: stranger, json: { idResiliation: status.idResiliation } }), 403, 'FORBIDDEN_CONTRACT');
    expectError(await cancel(stranger, status.idResiliation), 403, 'FORBIDDEN_CONTRACT');
    expectError(await upload(t, stranger, line, FILES.pdf), 403, 'FORBIDDEN_CONTRACT');
    expectError(await deleteProof(t, stranger, proof.cle), 403, 'FORBIDDEN_CONTRACT');
    // The mandataire is attached to an account without managing it: a line user there at most.
    expectError(await t.get(`/api/resiliation/engagement/${line}`, f.mandataire), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get('/api/resiliation/statut/999999', f.manager), 404, 'TERMINATION_NOT_FOUND');

    // The line user reads their own line's procedure and cannot act on it.
    const own = f.own.idContrat;
    expect((await t.get(`/api/resiliation/motifs-pro/${own}`, f.lineUser)).statusCode).toBe(200);
    expect((await t.get(`/api/resiliation/en-cours/${own}`, f.lineUser)).statusCode).toBe(200);
    expect((await t.send('POST', '/api/resiliation/frais', { token: f.lineUser, json: { idContrat: own, dateEffet: min, idMotif: 104 } })).statusCode).toBe(200);
    expectError(await submit(t, f.lineUser, { idContrat: own, idMotif: 104, idSousMotif: 1041, dateEffet: min }), 403, 'TERMINATION_MANAGER_ONLY');
    expectError(await t.get(`/api/resiliation/statut/${status.idResiliation}`, f.lineUser), 403, 'FORBIDDEN_CONTRACT');
    const ownStatus = await submitted(t, f.manager, { idContrat: own, idMotif: 104, idSousMotif: 1041, dateEffet: min });
    const seen = bodyOf(await t.get(`/api/resiliation/statut/${ownStatus.idResiliation}`, f.lineUser), terminationStatusSchema);
    expect(seen.annulable).toBe(false);
    expectError(await cancel(f.lineUser, ownStatus.idResiliation), 403, 'TERMINATION_MANAGER_ONLY');
    expectError(await t.send('POST', '/api/resiliation/envoyer-confirmation', { token: f.lineUser, json: { idResiliation: ownStatus.idResiliation } }), 403, 'TERMINATION_MANAGER_ONLY');

    await cancel(f.manager, status.idResiliation);
    await cancel(f.manager, ownStatus.idResiliation);
    await deleteProof(t, f.manager, proof.cle);
  });
});

describe('cancellation and the effective date', () => {
  it('is scheduled every hour by the app', () => {
    expect(jobs.schedules()).toContainEqual({ name: TERMINATION_JOB, cron: TERMINATION_CRON });
  });

  it('cancels before the effective date with a second e-mail, refuses on it, and the job ends the line that day', async () => {
    const cancelled = f.colleague(3).idContrat;
    const ended = f.colleague(7).idContrat;
    const { min } = daysOf(t);
    const dateEffet = addDays(min, 2);
    // Ten months of commitment left: the line's fees are billed when it ends.
    await t.db.update(contracts).set({ dateFinEngagement: addDays(min, 300) }).where(eq(contracts.idContrat, ended));
    const toCancel = await submitted(t, f.manager, { idContrat: cancelled, idMotif: 104, idSousMotif: 1041, dateEffet });
    const toEnd = await submitted(t, f.manager, { idContrat: ended, idMotif: 104, idSousMotif: 1041, dateEffet });
    // The fees page, the recap PDF and the bill show one computation.
    const quoted = bodyOf(await t.send('POST', '/api/resiliation/frais', { token: f.manager, json: { idContrat: ended, dateEffet, idMotif: 1041 } }), terminationFeesSchema);
    expect(quoted.calcul).toMatch(/^\d+\u00a0mensualités × .+ = .+ HT$/);
    expect(toEnd.frais).toMatchObject({ lignes: quoted.lignes, calcul: quoted.calcul, totalHtCentimes: quoted.totalHtCentimes, totalTtcCentimes: quoted.totalTtcCentimes });
    const recapPdf = (await t.outbox())[0]?.attachments[0];
    const recapText = await pdfText(Buffer.from(recapPdf?.contentBase64 ?? '', 'base64'));
    for (const shown of [quoted.calcul ?? '', ...quoted.lignes.map((line) => line.libelle)]) expect(recapText).toContain(shown.replace(/\u00a0/g, ' '));

    const response = await cancel(f.manager, toCancel.idResiliation);
    expect(bodyOf(response, terminationStatusSchema)).toMatchObject({ statut: 'ANNULEE', annulable: false });
    expect(bodyOf(response, terminationStatusSchema).dateAnnulation).not.toBeNull();
    const [mail] = await t.outbox();
    expect(mail?.subject).toContain('annulée');
    expectError(await cancel(f.manager, toCancel.idResiliation), 409, 'TERMINATION_NOT_CANCELLABLE');
    expect(bodyOf(await t.get(`/api/resiliation/en-cours/${cancelled}`, f.manager), terminationInProgressSchema).resiliation).toBeNull();

    // The day before: nothing ends yet.
    const lineState = async (idContrat: number) => (await t.db.select().from(contracts).where(eq(contracts.idContrat, idContrat)))[0]?.codeStatut;
    t.clock.advance((2 + 1) * DAY - DAY);
    await jobs.runScheduled(TERMINATION_JOB);
    expect(await lineState(ended)).toBe('ACTIF');

    // The effective day, in France: too late to cancel, and the job ends the line once.
    while (daysOf(t).today < dateEffet) t.clock.advance(60 * 60_000);
    const manager = await t.loginAs('gestionnaire');
    expectError(await cancel(manager, toEnd.idResiliation), 409, 'TERMINATION_CANCEL_TOO_LATE');
    await jobs.runScheduled(TERMINATION_JOB);
    await jobs.runScheduled(TERMINATION_JOB);
    expect(await lineState(ended)).toBe('RESILIE');
    expect(await lineState(cancelled)).toBe('ACTIF');
    const done = bodyOf(await t.get(`/api/resiliation/statut/${toEnd.idResiliation}`, manager), terminationStatusSchema);
    expect(done).toMatchObject({ statut: 'EFFECTUEE', annulable: false });
    // Its fees, in an invoice of their own dated that day, whose detail adds up to them.
    expect(toEnd.frais.totalTtcCentimes).toBeGreaterThan(0);
    const closing = `${invoiceReference(f.account, dateEffet)}-R${toEnd.idResiliation}`;
    const [bill] = await t.db.select().from(invoices).where(eq(invoices.referenceNumber, closing));
    expect(bill).toMatchObject({ dateFacture: dateEffet, montantTtcCentimes: toEnd.frais.totalTtcCentimes, resteAPayerCentimes: toEnd.frais.totalTtcCentimes });
    const detail = bodyOf(await t.get(`/api/detail-facture/${f.account}/${closing}`, manager), invoiceDetailSchema);
    expect(Math.round(detail.facture.montantTTC * 100)).toBe(toEnd.frais.totalTtcCentimes);
    expect(detail.lignes.map((line) => [line.idContrat, Math.round(line.totalTTC * 100)])).toEqual([[ended, toEnd.frais.totalTtcCentimes]]);
    expect(detail.lignes[0]?.elements.map((item) => [item.libelle, Math.round(item.montantHT * 100)])).toEqual(quoted.lignes.map((line) => [line.libelle, line.montantHtCentimes]));
    expect(await t.db.select().from(invoices).where(eq(invoices.referenceNumber, `${invoiceReference(f.account, dateEffet)}-R${toCancel.idResiliation}`))).toEqual([]);
    expectError(await cancel(manager, toEnd.idResiliation), 409, 'TERMINATION_NOT_CANCELLABLE');
    // A terminated line takes no more proofs.
    expectError(await upload(t, manager, ended, FILES.pdf), 409, 'LINE_TERMINATED');
    const stored = await t.db.select().from(terminationAttachments).where(eq(terminationAttachments.idContrat, ended));
    expect(stored).toEqual([]);
  });
});
