import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, LINE_SORT_FIELDS, linePageSchema, type LineStatus } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog, contracts } from '../../db/schema.ts';
import { sheetCells, unzip } from '../../test/support/unzip.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, useTestContext } from '../../test/harness.ts';
import { EXPORT_HEADERS } from './lines-export.ts';
import { createLinesRepository } from './lines.repository.ts';
import { parseCsv } from '../../test/csv-reader.ts';

const { t, f } = useTestContext(demoFixture);

/** A bakery line whose user's names hold what breaks naive CSV and spreadsheets. */
let tricky: number;
const TRICKY = {
  utilisateurPrenom: 'Dupont; "Jo"',
  utilisateurNom: 'Ligne 1\nLigne 2',
  utilisateurEmail: "=cmd|' /C calc'!A0",
};
beforeAll(async () => {
  const line = f.colleagues[2];
  if (!line) throw new Error('no line');
  tricky = line.idContrat;
  await t.db.update(contracts).set(TRICKY).where(eq(contracts.idContrat, tricky));
});

const exportUrl = (query = '') => `/api/contrats_pagination/${f.account}/export${query}`;

const parisToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(t.clock.now());

async function csv(query = '', token = f.manager) {
  const response = await t.get(exportUrl(query), token);
  expect(response.statusCode, response.body).toBe(200);
  const text = response.rawPayload.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header).toEqual(EXPORT_HEADERS);
  expect(response.headers['x-total-count']).toBe(String(rows.length));
  return { response, text, rows };
}

const column = (name: string) => EXPORT_HEADERS.indexOf(name);
const numbers = (rows: string[][]) => rows.map((row) => row[column('Numéro de ligne')]);
const contractIds = (rows: string[][]) => rows.map((row) => Number(row[column('Identifiant contrat')])).sort();
const sorted = (ids: number[]) => [...ids].sort();

describe('GET /api/contrats_pagination/{id}/export?format=csv', () => {
  it('sends every line as a UTF-8 CSV attachment with a BOM, French headers and `;`', async () => {
    const { response, rows } = await csv();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="lignes-${f.account}-${parisToday()}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(rows).toHaveLength(f.lines.length);
    expect(contractIds(rows)).toEqual(sorted(f.lines.map((line) => line.idContrat)));
    // In the list's default order, numbers as people read them.
    expect(numbers(rows)).toEqual([...f.lines].sort((a, b) => a.numeroLigne.localeCompare(b.numeroLigne)).map((line) => formatPhone(line.numeroLigne)));
    const own = rows.find((row) => Number(row[column('Identifiant contrat')]) === f.own.idContrat);
    expect(own?.[column('Prénom utilisateur')]).toBe('Julien');
    expect(own?.[column('Nom utilisateur')]).toBe('Roux');
    expect(own?.[column('Statut')]).toBe('Active');
    expect(own?.[column('Prix mensuel HT (€)')]).toMatch(/^\d+,\d{2}$/);
    expect(own?.[column('Date d’activation')]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const suspended = rows.find((row) => Number(row[column('Identifiant contrat')]) === f.suspended.idContrat);
    expect(suspended?.[column('Statut')]).toBe('Suspendue');
  });

  it('quotes `;`, quotes and line breaks, and neutralises a cell starting like a formula', async () => {
    const { text, rows } = await csv();
    const row = rows.find((cells) => Number(cells[column('Identifiant contrat')]) === tricky);
    expect(row?.[column('Prénom utilisateur')]).toBe(TRICKY.utilisateurPrenom);
    expect(row?.[column('Nom utilisateur')]).toBe(TRICKY.utilisateurNom);
    expect(row?.[column('E-mail utilisateur')]).toBe(`'${TRICKY.utilisateurEmail}`);
    expect(text).toContain(';"Dupont; ""Jo""";"Ligne 1\nLigne 2";\'=cmd|\' /C calc\'!A0;');
    expect(rows.every((cells) => cells.length === EXPORT_HEADERS.length)).toBe(true);
  });

  it('applies the list’s search, filters and order', async () => {
    expect(contractIds((await csv('?statut=SUSPENDU')).rows)).toEqual([f.suspended.idContrat]);
    expect(contractIds((await csv('?recherche=julien%20roux&statut=ACTIF')).rows)).toContain(f.own.idContrat);
    const pairs = f.own.numeroLigne.replace(/(\d{2})(?=\d)/g, '$1 ');
    expect(contractIds((await csv(`?recherche=${encodeURIComponent(`+33 ${pairs.slice(1)}`)}`)).rows)).toEqual([f.own.idContrat]);
    const plan = f.own.idOffreEngagement;
    expect(contractIds((await csv(`?idOffreEngagement=${plan}`)).rows)).toEqual(sorted(f.lines.filter((line) => line.idOffreEngagement === plan).map((line) => line.idContrat)));
    const descending = numbers((await csv('?tri=numeroLigne&ordre=desc')).rows);
    expect(descending).toEqual([...descending].sort().reverse());
    const none = await csv('?recherche=zzzzzz');
    expect(none.rows).toEqual([]);
    expect(none.response.headers['x-total-count']).toBe('0');
  });

  it('exports a selection of lines, all of the account', async () => {
    const chosen = [f.colleagues[0], f.colleagues[4], f.suspended].map((line) => line?.idContrat ?? 0);
    expect(contractIds((await csv(`?ids=${chosen.join(',')}`)).rows)).toEqual(sorted(chosen));
    // With a filter too, and an id named twice.
    expect(contractIds((await csv(`?ids=${chosen.join(',')},${chosen[0]}&statut=SUSPENDU`)).rows)).toEqual([f.suspended.idContrat]);
  });

  it('records every export in the audit log, and no refused one', async () => {
    const entries = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'EXPORT_LIGNES'), eq(auditLog.idClientBscs, f.account)))
        .orderBy(asc(auditLog.id));
    const before = (await entries()).length;
    await csv('?statut=ACTIF');
    await t.get(exportUrl(), f.stranger);
    await t.get(exportUrl('?format=pdf'), f.manager);
    const after = await entries();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ idContrat: null, sourceAddress: expect.any(String) });
  });
});

describe('GET /api/contrats_pagination/{id}/export?format=xlsx', () => {
  it('sends a workbook that unzips and holds the header and the right rows', async () => {
    const response = await t.get(exportUrl('?format=xlsx&tri=numeroLigne&ordre=asc'), f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="lignes-${f.account}-${parisToday()}.xlsx"`);
    expect(response.headers['x-total-count']).toBe(String(f.lines.length));
    const unzipped = await unzip(response.rawPayload);
    try {
      expect(unzipped.names).toContain('xl/worksheets/sheet1.xml');
      expect(unzipped.testOutput).toMatch(/No errors detected/);
      const cells = sheetCells((await unzipped.read('xl/worksheets/sheet1.xml')).toString('utf8'));
      EXPORT_HEADERS.forEach((header, index) => {
        expect(cells.get(`${String.fromCharCode(65 + index)}1`)?.value).toBe(header);
      });
      const byNumber = [...f.lines].sort((a, b) => a.numeroLigne.localeCompare(b.numeroLigne));
      byNumber.forEach((line, index) => {
        const row = index + 2;
        expect(cells.get(`A${row}`)?.value).toBe(formatPhone(line.numeroLigne));
        expect(cells.get(`L${row}`)).toMatchObject({ type: 'n', value: String(line.idContrat) });
        // Activation date as a date cell.
        expect(cells.get(`J${row}`)).toMatchObject({ type: 'n', style: '2' });
      });
      expect(cells.has(`A${byNumber.length + 2}`)).toBe(false);
      const trickyRow = byNumber.findIndex((line) => line.idContrat === tricky) + 2;
      expect(cells.get(`F${trickyRow}`)?.value).toBe(TRICKY.utilisateurPrenom);
      expect(cells.get(`G${trickyRow}`)?.value).toBe(TRICKY.utilisateurNom);
      // Text in an inline string is never run: kept as typed.
      expect(cells.get(`H${trickyRow}`)).toEqual({ type: 'inlineStr', value: TRICKY.utilisateurEmail, style: null });
    } finally {
      await unzipped.remove();
    }
  });

  it('applies the filters too', async () => {
    const response = await t.get(exportUrl(`?format=xlsx&statut=SUSPENDU`), f.manager);
    expect(response.statusCode).toBe(200);
    const unzipped = await unzip(response.rawPayload);
    try {
      const cells = sheetCells((await unzipped.read('xl/worksheets/sheet1.xml')).toString('utf8'));
      expect(cells.get('L2')?.value).toBe(String(f.suspended.idContrat));
      expect(cells.get('B2')?.value).toBe('Suspendue');
      expect(cells.has('A3')).toBe(false);
    } finally {
      await unzipped.remove();
    }
  });
});

describe('export refusals', () => {
  const invalid = async (query: string): Promise<string[]> => {
    const response = await t.get(exportUrl(query), f.manager);
    expect(response.statusCode, query).toBe(400);
    const error = errorOf(response);
    expect(error).toMatchObject({ code: 'VALIDATION', exceptionMessage: API_ERRORS.VALIDATION.message });
    return error.issues?.map((issue) => issue.message) ?? [];
  };

  it('refuses an unknown format, bad ids or too many, and bad filters, in French', async () => {
    expect(await invalid('?format=pdf')).toEqual(['Le format d’export doit être csv ou xlsx.']);
    expect(await invalid('?ids=12,abc')).toEqual(['Les lignes sélectionnées doivent être désignées par leurs identifiants de contrat.']);
    expect(await invalid('?ids=0')).toEqual(['Les lignes sélectionnées doivent être désignées par leurs identifiants de contrat.']);
    const many = Array.from({ length: 1_001 }, (_, index) => 5_000_001 + index).join(',');
    expect(await invalid(`?ids=${many}`)).toEqual(['Au plus 1000 lignes sélectionnées peuvent être exportées à la fois.']);
    expect(await invalid('?statut=PERDU')).toEqual(['Statut de ligne inconnu : les statuts possibles sont ACTIF, SUSPENDU, RESILIE, EN_COURS.']);
    expect(await invalid('?idOffreEngagement=1.5')).toEqual(['Le forfait doit être désigné par son identifiant numérique.']);
    expect((await invalid('?tri=prix')).length).toBe(1);
  });

  const refused = (response: LightMyRequestResponse, code: 'FORBIDDEN_ACCOUNT' | 'FORBIDDEN_CONTRACT') => expectError(response, 403, code);

  it('refuses another customer, a simple line user and an anonymous caller', async () => {
    refused(await t.get(exportUrl(), f.stranger), 'FORBIDDEN_ACCOUNT');
    refused(await t.get(exportUrl('?format=xlsx'), f.lineUser), 'FORBIDDEN_ACCOUNT');
    refused(await t.get(`/api/contrats_pagination/${f.strangerAccount}/export`, f.manager), 'FORBIDDEN_ACCOUNT');
    expect((await t.get(exportUrl())).statusCode).toBe(401);
  });

  it('refuses a selection naming a line of another account or no line at all', async () => {
    const [foreign] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, f.strangerAccount));
    if (!foreign) throw new Error('the stranger has no line');
    refused(await t.get(exportUrl(`?ids=${f.own.idContrat},${foreign.idContrat}`), f.manager), 'FORBIDDEN_CONTRACT');
    refused(await t.get(exportUrl(`?ids=${f.own.idContrat},2000000000`), f.manager), 'FORBIDDEN_CONTRACT');
    // The account is checked first: another customer learns nothing about the ids.
    refused(await t.get(exportUrl(`?ids=${foreign.idContrat}`), f.stranger), 'FORBIDDEN_ACCOUNT');
  });
});

describe('export batches', () => {
  it('reads every line once, in the list’s order, whatever the batch size, sort and direction', async () => {
    const repo = createLinesRepository(t.db);
    for (const tri of LINE_SORT_FIELDS) {
      for (const ordre of ['asc', 'desc'] as const) {
        const page = await t.get(`/api/contrats_pagination/${f.account}?taille=100&tri=${tri}&ordre=${ordre}`, f.manager);
        const expected = bodyOf(page, linePageSchema).contrats.map((line) => line.idContrat);
        for (const size of [1, 5, 12, 50]) {
          const read: number[] = [];
          let batches = 0;
          for await (const batch of repo.exportBatches(f.account, {}, { tri, ordre }, size)) {
            batches += 1;
            expect(batch.length).toBeLessThanOrEqual(size);
            read.push(...batch.map((row) => row.idContrat));
          }
          expect(read, `${tri} ${ordre} by ${size}`).toEqual(expected);
          expect(batches).toBe(Math.ceil(expected.length / size));
        }
      }
    }
    const statuses: LineStatus[] = ['SUSPENDU'];
    const filtered: number[] = [];
    for await (const batch of repo.exportBatches(f.account, { statut: statuses }, { tri: 'codeStatut', ordre: 'asc' }, 1)) filtered.push(...batch.map((row) => row.idContrat));
    expect(filtered).toEqual([f.suspended.idContrat]);
  });
});
