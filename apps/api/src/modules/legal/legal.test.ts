import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_CARBON_FACTORS,
  LEGAL_PAGE_CODES,
  STATIC_DOCUMENT_TYPES,
  TERMINATION_FEES_RULE,
  terminationFees,
  legalPageSchema,
  monthlyPrices,
  staticDocumentListSchema,
} from '@ecare/shared';
import { LEGAL_HTML_RULES } from '@ecare/shared/legal-html';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { LEGAL_PAGES, OFFERS, STATIC_DOCUMENTS } from '../../db/reference/index.ts';
import { legalPages, staticDocuments } from '../../db/schema.ts';
import { bodyOf, createTestContext, errorOf, openApiDocumentSchema, type TestContext } from '../../test/harness.ts';
import { pdfLines } from '../../test/pdf-text.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { documentBlocks, renderStaticDocument } from './legal.document.ts';

let t: TestContext;
let manager: string;
beforeAll(async () => {
  t = await createTestContext();
  manager = await t.loginAs('gestionnaire');
});
afterAll(() => t.close());

const pagePath = (code: string) => `/api/mentions-legales/${code}`;
const documentPath = (type: string) => `/api/documentstatique/${type}`;


/** Any answer to a malformed request: never a server error, always the API's error shape. */
function expectRefusal(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(errorOf(response).exceptionMessage).not.toMatch(/stack|postgres|sql|TypeError/i);
}

describe('GET /api/mentions-legales/{pageCode}', () => {
  it.each(LEGAL_PAGE_CODES)('answers the %s page to a visitor without a session, brand put in, HTML already reduced', async (code) => {
    const response = await t.get(pagePath(code));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const page = bodyOf(response, legalPageSchema);
    const declared = LEGAL_PAGES.find((row) => row.pageCode === code);
    expect(page).toMatchObject({ pageCode: code, titre: declared?.titre, miseAJour: declared?.miseAJour });
    expect(page.contenuHtml).toContain('<h2>');
    expect(page.contenuHtml).toContain('Telora Pro');
    expect(page.contenuHtml).not.toContain('{{marque}}');
    // Reduced once, it stays as it is: the web app's second pass changes nothing.
    expect(sanitizeHtml(page.contenuHtml, LEGAL_HTML_RULES)).toBe(page.contenuHtml);
  });

  it('answers the same page to a signed-in user', async () => {
    const anonymous = bodyOf(await t.get(pagePath('MENTIONS_LEGALES')), legalPageSchema);
    const signedIn = bodyOf(await t.get(pagePath('MENTIONS_LEGALES'), manager), legalPageSchema);
    expect(signedIn).toEqual(anonymous);
  });

  it('names the operator, its host and its publication director in the legal notice', async () => {
    const { contenuHtml } = bodyOf(await t.get(pagePath('MENTIONS_LEGALES')), legalPageSchema);
    for (const text of ['Telora SAS', 'Société par actions simplifiée', '25&nbsp;000&nbsp;000&nbsp;€', 'Nanterre 512&nbsp;345&nbsp;679', '18 rue des Quatre-Vents', 'FR75512345679', 'Directrice de la publication', 'Hébergement']) {
      expect(contenuHtml).toContain(text);
    }
    expect(contenuHtml).toContain('<a href="/ecare/pages/accessibilite">');
  });

  it('states the accessibility status as non conforme, what was and was not checked, and the recourse', async () => {
    const { titre, contenuHtml } = bodyOf(await t.get(pagePath('ACCESSIBILITE')), legalPageSchema);
    expect(titre).toBe('Déclaration d’accessibilité');
    for (const text of ['<strong>non conforme</strong>', 'RGAA', 'axe-core', '375 pixels', 'clavier seul', 'Aucun audit manuel', 'Défenseur des droits', 'Libre réponse 71120']) {
      expect(contenuHtml).toContain(text);
    }
  });

  it('gives the carbon factor of mobile data with its method, and a table of examples with headers', async () => {
    const { contenuHtml } = bodyOf(await t.get(pagePath('ENVIRONNEMENT')), legalPageSchema);
    expect(contenuHtml).toContain(`${String(DATA_CARBON_FACTORS.mobileGrammesParGo).replace('.', ',')}&nbsp;g&nbsp;éqCO<sub>2</sub>`);
    expect(contenuHtml).toContain('2021-1732');
    expect(contenuHtml).toContain('ADEME');
    expect(contenuHtml).toMatch(/<th scope="row">5&nbsp;Go<\/th><td>247&nbsp;g&nbsp;éqCO<sub>2<\/sub><\/td>/);
  });

  it('lists every plan of the catalogue with its prices in the terms and prices page', async () => {
    const { contenuHtml } = bodyOf(await t.get(pagePath('CONDITIONS_TARIFS')), legalPageSchema);
    expect(contenuHtml).toContain('<caption>');
    for (const offer of OFFERS) {
      const ttc = monthlyPrices(offer.prixMensuelCentimes).prixMensuelTTC.toFixed(2).replace('.', ',');
      expect(contenuHtml).toContain(`<th scope="row">${offer.libelle}</th>`);
      expect(contenuHtml).toContain(`${ttc}&nbsp;€`);
    }
    expect(contenuHtml).toContain('13 mois');
  });

  it('says where personal data goes, why, for how long, and how to reach the data protection officer', async () => {
    const { contenuHtml } = bodyOf(await t.get(pagePath('DONNEES_PERSONNELLES')), legalPageSchema);
    for (const text of ['Responsable du traitement', 'Base légale', 'Durée de conservation', 'Délégué à la protection des données', '10 rue de l’Exemple', 'CNIL', 'portabilité']) {
      expect(contenuHtml).toContain(text);
    }
  });

  it('answers 404 with a catalogue error for an unknown code, in any case', async () => {
    for (const code of ['INCONNU', 'mentions_legales', 'MENTIONS-LEGALES', '%20MENTIONS_LEGALES']) {
      const response = await t.get(pagePath(code));
      expect(response.statusCode, code).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'LEGAL_PAGE_NOT_FOUND', exceptionMessage: 'Cette page d’information n’existe pas.' });
    }
  });

  it('refuses malformed codes without a server error', async () => {
    const malformed = ['%00', 'A%01B', '%7F', 'X'.repeat(65), 'X'.repeat(5_000), '%ZZ', '%C3%28', '..%2F..%2Fetc%2Fpasswd', "'%20OR%201=1--", '%F0%9F%98%80'];
    for (const code of malformed) {
      const response = await t.get(pagePath(code));
      if (response.statusCode === 404) expect(errorOf(response).code, code).toBe('LEGAL_PAGE_NOT_FOUND');
      else expectRefusal(response);
    }
    expect((await t.get(pagePath('%00'))).statusCode).toBe(400);
    expect((await t.get(pagePath('X'.repeat(65)))).statusCode).toBe(400);
  });

  it('never lets a script stored in a page reach the answer, and escapes the brand', async () => {
    const [before] = await t.db.select().from(legalPages).where(eq(legalPages.pageCode, 'ENVIRONNEMENT'));
    await t.db
      .update(legalPages)
      .set({
        contenuHtml:
          '<h2 onclick="x()">Titre</h2><script>alert(1)</script><p>Texte {{marque}}<img src=x onerror="alert(2)"></p>' +
          '<a href="javascript:alert(3)">lien</a><iframe src="https://evil.example"></iframe><p style="x">fin</p>',
      })
      .where(eq(legalPages.pageCode, 'ENVIRONNEMENT'));
    try {
      const { contenuHtml } = bodyOf(await t.get(pagePath('ENVIRONNEMENT')), legalPageSchema);
      expect(contenuHtml).toBe('<h2>Titre</h2><p>Texte Telora Pro</p><a>lien</a><p>fin</p>');

      // A brand with markup characters comes out as text.
      const other = await t.anotherInstance({ BRAND_NAME: 'Télé <b>& Co</b>' });
      const response = await other.inject({ method: 'GET', url: pagePath('ENVIRONNEMENT') });
      expect(bodyOf(response, legalPageSchema).contenuHtml).toBe('<h2>Titre</h2><p>Texte Télé &lt;b&gt;&amp; Co&lt;/b&gt;</p><a>lien</a><p>fin</p>');
    } finally {
      await t.db.update(legalPages).set({ contenuHtml: before?.contenuHtml ?? '' }).where(eq(legalPages.pageCode, 'ENVIRONNEMENT'));
    }
  });
});

describe('GET /api/documentstatique', () => {
  it('lists the three documents in order, with version, date and file name, without a session', async () => {
    const response = await t.get('/api/documentstatique');
    expect(response.statusCode).toBe(200);
    const documents = bodyOf(response, staticDocumentListSchema);
    expect(documents.map((document) => document.type)).toEqual([...STATIC_DOCUMENT_TYPES]);
    for (const declared of STATIC_DOCUMENTS) {
      expect(documents.find((document) => document.type === declared.type)).toEqual({
        type: declared.type,
        titre: declared.titre,
        version: declared.version,
        dateVersion: declared.dateVersion,
        nomFichier: `${declared.type.toLowerCase()}-telora-pro-${declared.version}.pdf`,
      });
    }
  });
});

describe('GET /api/documentstatique/{type}', () => {
  it.each(STATIC_DOCUMENT_TYPES)('gives the %s as a PDF attachment that reads back, titled and dated by its version', async (type) => {
    const declared = STATIC_DOCUMENTS.find((document) => document.type === type);
    const response = await t.get(documentPath(type));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${type.toLowerCase()}-telora-pro-${declared?.version}.pdf"`);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe(`${declared?.titre} – Telora Pro`);
    expect(doc.getAuthor()).toBe('Telora SAS');
    expect(doc.getSubject()).toMatch(new RegExp(`^Version ${declared?.version.replace('.', '\\.')}, en vigueur à compter du \\d\\d/\\d\\d/\\d{4}$`));
    expect(doc.getCreationDate()?.toISOString()).toBe(`${declared?.dateVersion}T00:00:00.000Z`);

    const text = await pdfLines(bytes);
    expect(text).toContain(declared?.titre);
    expect(text).toContain(`Page 1 sur ${doc.getPageCount()}`);
    expect(text).toContain('Telora Pro est une marque de Telora SAS');
    expect(text).not.toContain('{{marque}}');
    expect(text).not.toContain('?');
    // The same version gives the same bytes.
    expect(Buffer.compare((await t.get(documentPath(type), manager)).rawPayload, bytes)).toBe(0);
  });

  it('prices the plans in the price guide as the catalogue does', async () => {
    const text = await pdfLines((await t.get(documentPath('GT'))).rawPayload);
    for (const offer of OFFERS) expect(text.replace(/\n/g, ' ')).toContain(offer.libelle);
    expect(text).toContain('14,99 € HT par mois (17,99 € TTC)');
  });

  it('states the early-termination fees in the CGV and the CGA as the portal computes and bills them, with a worked example', async () => {
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    const example = terminationFees({ moisRestants: 20, dureeEngagementMois: 24, mensualiteHtCentimes: 2_499, exoneration: null }).calcul ?? '';
    expect(flat(example)).toBe('8 mensualités × 24,99 € + ¼ × 12 mensualités × 24,99 € = 274,89 € HT');
    for (const type of ['CGV', 'CGA']) {
      const text = flat(await pdfLines((await t.get(documentPath(type))).rawPayload));
      expect(text, type).toContain(flat(TERMINATION_FEES_RULE));
      expect(text, type).toContain(flat(example));
      expect(text, type).not.toContain('restant à courir jusqu’à son terme');
    }
    const page = bodyOf(await t.get(pagePath('CONDITIONS_TARIFS')), legalPageSchema);
    expect(flat(page.contenuHtml)).toContain(flat(TERMINATION_FEES_RULE));
  });

  it('makes the document again once its row changes', async () => {
    const [before] = await t.db.select().from(staticDocuments).where(eq(staticDocuments.type, 'CGA'));
    if (!before) throw new Error('no CGA');
    const first = (await t.get(documentPath('CGA'))).rawPayload;
    await t.db.update(staticDocuments).set({ version: '2027.1', contenu: '## Article unique\n\nTexte de {{marque}}.' }).where(eq(staticDocuments.type, 'CGA'));
    try {
      const response = await t.get(documentPath('CGA'));
      expect(response.headers['content-disposition']).toBe('attachment; filename="cga-telora-pro-2027.1.pdf"');
      expect(Buffer.compare(response.rawPayload, first)).not.toBe(0);
      const text = await pdfLines(response.rawPayload);
      expect(text).toContain('Article unique');
      expect(text).toContain('Texte de Telora Pro.');
    } finally {
      await t.db.update(staticDocuments).set({ version: before.version, contenu: before.contenu }).where(eq(staticDocuments.type, 'CGA'));
    }
  });

  it('answers 404 with a catalogue error for an unknown type, and refuses malformed ones without a server error', async () => {
    for (const type of ['CGU', 'cgv', 'CGV.pdf', '..%2FCGV']) {
      const response = await t.get(documentPath(type));
      expect(response.statusCode, type).toBe(404);
      expect(errorOf(response).code).toBe('STATIC_DOCUMENT_NOT_FOUND');
    }
    for (const type of ['%00', 'C%0AGV', 'X'.repeat(65), 'X'.repeat(5_000), '%ZZ', '%E2%80%AE']) {
      const response = await t.get(documentPath(type));
      if (response.statusCode === 404) expect(errorOf(response).code, type).toBe('STATIC_DOCUMENT_NOT_FOUND');
      else expectRefusal(response);
    }
  });
});

describe('static document layout', () => {
  it('reads headings, paragraphs and lists from the stored text', () => {
    expect(documentBlocks('Intro sur\ndeux lignes.\n\n## Article 1 – Objet\n\n- un\n- deux\n\r\n\nFin.')).toEqual([
      { kind: 'paragraph', text: 'Intro sur deux lignes.' },
      { kind: 'heading', text: 'Article 1 – Objet' },
      { kind: 'list', items: ['un', 'deux'] },
      { kind: 'paragraph', text: 'Fin.' },
    ]);
  });

  it('spreads a long text over several pages, each numbered, and shows a character outside the typeface as "?"', async () => {
    const contenu = Array.from({ length: 60 }, (_, index) => `## Article ${index + 1}\n\n${'Texte du contrat. '.repeat(30)}`).join('\n\n');
    const bytes = await renderStaticDocument({ titre: 'Essai ✓ 株', version: '1', dateVersion: '2026-01-02', contenu, brandName: 'Telora Pro' });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(3);
    const text = await pdfLines(bytes);
    expect(text).toContain(`Page ${doc.getPageCount()} sur ${doc.getPageCount()}`);
    expect(text).toContain('Essai ✓ ?');
  });
});

describe('OpenAPI document', () => {
  it('documents the three routes as public', async () => {
    const document = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    for (const path of ['/api/mentions-legales/{pageCode}', '/api/documentstatique', '/api/documentstatique/{type}']) {
      expect(document.paths[path]?.get, path).toMatchObject({ security: [] });
    }
  });
});
