import { beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, monthlyPrices } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { OFFERS } from '../../db/reference/index.ts';
import { auditLog, billingAccounts, type contracts } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, openApiDocumentSchema, useTestContext } from '../../test/harness.ts';
import { pdfLines } from '../../test/pdf-text.ts';
import { renderContractPdf } from './contract-pdf.document.ts';
import type { ContractRecord } from './contract-pdf.repository.ts';

const { t, f } = useTestContext(demoFixture);

/** The bakery's billing account as stored. */
let account: typeof billingAccounts.$inferSelect;
/** A bakery line without a portal user, still under commitment. */
let colleague: typeof contracts.$inferSelect;

beforeAll(async () => {
  const [stored] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.idClientBscs, f.account));
  const other = f.lines.find((line) => line.userId === null && line.dateFinEngagement !== null);
  if (!stored || !other) throw new Error('demo data is not as expected');
  account = stored;
  colleague = other;
});

const pdfPath = (idContrat: number | string) => `/api/contrats/${idContrat}/pdf`;


const auditEntries = (idContrat: number) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.action, 'TELECHARGEMENT_CONTRAT'), eq(auditLog.idContrat, idContrat)));

describe('GET /api/contrats/{id_contrat}/pdf', () => {
  it('gives a manager the line’s contract as a PDF attachment, with its title and subject, and records the download', async () => {
    const response = await t.get(pdfPath(colleague.idContrat), f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="contrat-${colleague.numeroLigne}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const doc = await PDFDocument.load(bytes);
    const offer = OFFERS.find((candidate) => candidate.idOffreEngagement === colleague.idOffreEngagement);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Contrat de la ligne ${formatPhone(colleague.numeroLigne)}`);
    expect(doc.getSubject()).toBe(`Conditions particulières du contrat n° ${colleague.idContrat} – ${offer?.libelle}`);
    expect(doc.getAuthor()).toBe('Telora Pro');
    expect(doc.getKeywords()).toContain(colleague.numeroLigne);
    expect(doc.getCreationDate()?.getTime()).toBe(Math.floor(t.clock.now().getTime() / 1000) * 1000);

    const text = await pdfLines(bytes);
    const prices = monthlyPrices(offer?.prixMensuelCentimes ?? 0);
    const euros = (value: number) => `${value.toFixed(2).replace('.', ',')} `;
    for (const expected of [
      formatPhone(colleague.numeroLigne),
      String(colleague.idContrat),
      account.raisonSociale,
      account.sirenSiret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4'),
      `${account.adresseCodePostal} ${account.adresseVille}`,
      offer?.libelle ?? '-',
      euros(prices.prixMensuelHT),
      euros(prices.prixMensuelTTC),
      (colleague.dateFinEngagement ?? '').split('-').reverse().join('/'),
      'Telora SAS',
      'immatriculée au RCS de Nanterre',
      '512 345 679',
      'Page 1 sur 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(await auditEntries(colleague.idContrat)).toHaveLength(1);
  });

  it('gives the line user their own line’s contract, and only that', async () => {
    const response = await t.get(pdfPath(f.own.idContrat), f.lineUser);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfLines(response.rawPayload)).toContain('Julien Roux');
  });

  it('answers 403 to another customer, to a line user on a colleague’s line and to a mandataire on an account they do not manage, recording nothing', async () => {
    const before = await auditEntries(colleague.idContrat);
    for (const [token, idContrat] of [
      [f.stranger, colleague.idContrat],
      [f.lineUser, colleague.idContrat],
      [f.mandataire, f.unmanagedLine.idContrat],
      [f.manager, 2_147_483_647],
    ] as const) {
      const response = await t.get(pdfPath(idContrat), token);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(response)).toEqual({ code: 'FORBIDDEN_CONTRACT', exceptionMessage: API_ERRORS.FORBIDDEN_CONTRACT.message });
    }
    expect(await auditEntries(colleague.idContrat)).toEqual(before);
    expect(await auditEntries(f.unmanagedLine.idContrat)).toEqual([]);
  });

  it('refuses an invalid id (400) and an anonymous caller (401)', async () => {
    for (const id of ['abc', '0', '-4', '1.5', '99999999999']) {
      const response = await t.get(pdfPath(id), f.manager);
      expect(response.statusCode, id).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION');
    }
    const anonymous = await t.get(pdfPath(colleague.idContrat));
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
  });
});

describe('OpenAPI document', () => {
  it('documents the contract as a binary PDF and the consumption call with its body', async () => {
    const document = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    expect(document.paths['/api/contrats/{id_contrat}/pdf']?.get).toMatchObject({
      responses: { 200: { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } },
    });
    expect(document.paths['/api/infoconso/getinfoconso']?.post).toMatchObject({
      requestBody: { content: { 'application/json': { schema: { required: ['idContrat'] } } } },
      responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } } },
    });
  });
});

describe('contract document', () => {
  const record: ContractRecord = {
    idContrat: 5_000_123,
    numeroLigne: '0612345678',
    codeStatut: 'ACTIF',
    typeSim: 'ESIM',
    dateActivation: new Date('2024-02-29T23:30:00Z'),
    dateFinEngagement: null,
    options: Array.from({ length: 60 }, (_, index) => `Option n° ${index + 1} avec un libellé assez long pour passer à la ligne suivante du document`),
    utilisateurPrenom: 'Zoë',
    utilisateurNom: 'Łukasiewicz 株',
    libelleOffre: 'Forfait Pro 5 Go',
    descriptionOffre: 'Appels et SMS illimités, 5 Go en France',
    prixMensuelCentimes: 123_456,
    optionsIncluses: [],
    idClientBscs: 1_000_001,
    codeClientBscs: '3.1000001',
    raisonSociale: 'Œuvres & Cie',
    siren: '732829320',
    sirenSiret: '73282932000013',
    adresseNumero: '27',
    adresseVoie: 'rue Monge',
    adresseCodePostal: '21000',
    adresseVille: 'Dijon',
  };

  it('runs over several pages, each with the legal mentions and its number, and shows what the fonts cannot as “?”', async () => {
    const bytes = await renderContractPdf({ record, brandName: 'Telora Pro', issuedAt: new Date('2026-03-01T10:00:00Z') });
    const doc = await PDFDocument.load(bytes);
    const pages = doc.getPageCount();
    expect(pages).toBeGreaterThan(1);
    const text = await pdfLines(bytes);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} sur ${pages}`);
    expect(text.match(/Telora Pro est une marque de Telora SAS/g)).toHaveLength(pages);
    // Activated on 1 March 2024 in France (00:30), no commitment; prices with a thousands space.
    expect(text).toContain('01/03/2024');
    expect(text).toContain('Sans engagement');
    expect(text).toContain('1 234,56 € HT, soit 1 481,47 € TTC');
    expect(text).toContain('Zoë Łukasiewicz ?');
    expect(text).toContain('Aucune option incluse');
    expect(text).toContain('Option n° 60 avec un libellé');
  });

  it('says when the commitment is over', async () => {
    const issuedAt = new Date('2026-03-01T10:00:00Z');
    const render = async (dateFinEngagement: string) =>
      pdfLines(await renderContractPdf({ record: { ...record, options: [], dateFinEngagement }, brandName: 'Telora Pro', issuedAt }));
    expect(await render('2026-03-01')).toMatch(/01\/03\/2026\n/);
    expect(await render('2026-02-28')).toContain('28/02/2026 (période d’engagement terminée)');
  });
});
