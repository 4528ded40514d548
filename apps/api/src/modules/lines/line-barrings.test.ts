import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  errorMessage,
  lineBarringsAnswerSchema,
  lineDetailSchema,
} from '@ecare/shared';
import { agents, contracts } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createContract } from '../../db/seed/factories.ts';
import { releasedTogether, statusTally } from '../../test/concurrent.ts';
import { parseCsv } from '../../test/csv-reader.ts';
import { demoFixture, userIdOf } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, openApiDocumentSchema, useTestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { auditOf, storedLine } from '../../test/support/lines.ts';
import { EXPORT_HEADERS } from './lines-export.ts';

const { t, f } = useTestContext(demoFixture);

const bar = (idContrat: number | string, json: unknown, token = f.manager) =>
  t.send('PUT', `/api/lignes/${idContrat}/barrages`, { token, json });

const barringsOf = async (idContrat: number) => {
  const line = await storedLine(t, idContrat);
  return { itinerance: line.barrageItinerance, international: line.barrageInternational };
};

describe('PUT /api/lignes/{idContrat}/barrages', () => {
  it('lets the manager bar roaming and international calls, shown on the line page and audited before and after', async () => {
    const line = f.colleague(0);
    expect(await barringsOf(line.idContrat)).toEqual({ itinerance: false, international: false });
    const response = await bar(line.idContrat, { itinerance: true, international: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response, lineBarringsAnswerSchema)).toEqual({ idContrat: line.idContrat, itinerance: true, international: false });
    expect(await barringsOf(line.idContrat)).toEqual({ itinerance: true, international: false });
    const detail = bodyOf(await t.get(`/api/ligne/${line.idContrat}`, f.manager), lineDetailSchema);
    expect(detail.barrages).toEqual({ itinerance: true, international: false });
    expect(detail.actions).toContain('BARRAGE');

    expect(bodyOf(await bar(line.idContrat, { itinerance: false, international: true }), lineBarringsAnswerSchema)).toMatchObject({ itinerance: false, international: true });
    const entries = await auditOf(t, 'MODIFICATION_BARRAGES', line.idContrat);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      idClientBscs: f.account,
      onBehalfOf: null,
      details: { avant: { itinerance: false, international: false }, apres: { itinerance: true, international: false } },
    });
    expect(entries[1]?.details).toEqual({ avant: { itinerance: true, international: false }, apres: { itinerance: false, international: true } });
    expect(entries[0]?.sourceAddress).toMatch(/^198\.51\./);
  });

  it('shows the line user their own line’s barrings, but the change is the manager’s', async () => {
    expect(bodyOf(await t.get(`/api/ligne/${f.own.idContrat}`, f.lineUser), lineDetailSchema)).toMatchObject({
      barrages: { itinerance: f.own.barrageItinerance, international: f.own.barrageInternational },
      actions: expect.not.arrayContaining(['BARRAGE']),
    });
    expectError(await bar(f.own.idContrat, { itinerance: true, international: true }, f.lineUser), 403, 'FORBIDDEN_LINE_ACTION');
    expectError(await bar(f.colleague(1).idContrat, { itinerance: true, international: true }, f.lineUser), 403, 'FORBIDDEN_CONTRACT');
    expect(await barringsOf(f.own.idContrat)).toEqual({ itinerance: f.own.barrageItinerance, international: f.own.barrageInternational });
    expect(await auditOf(t, 'MODIFICATION_BARRAGES', f.own.idContrat)).toHaveLength(0);
  });

  it('refuses another customer’s line, an unknown line, a line of an account only attached to, and an anonymous caller', async () => {
    const line = f.colleague(1);
    const json = { itinerance: true, international: true };
    expectError(await bar(line.idContrat, json, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await bar(f.unmanagedLine.idContrat, json, f.mandataire), 403, 'FORBIDDEN_CONTRACT');
    expectError(await bar(f.unmanagedLine.idContrat, json, f.manager), 403, 'FORBIDDEN_CONTRACT');
    expectError(await bar(2_000_000_000, json), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.send('PUT', `/api/lignes/${line.idContrat}/barrages`, { json }), 401, 'UNAUTHENTICATED');
    expect(await barringsOf(line.idContrat)).toEqual({ itinerance: line.barrageItinerance, international: line.barrageInternational });
    expect(await barringsOf(f.unmanagedLine.idContrat)).toEqual({ itinerance: f.unmanagedLine.barrageItinerance, international: f.unmanagedLine.barrageInternational });
    expect(await auditOf(t, 'MODIFICATION_BARRAGES', line.idContrat)).toHaveLength(0);
  });

  it('refuses a terminated line with the catalogue’s French message', async () => {
    const terminated = await createContract(t.db, { idClientBscs: f.account, codeStatut: 'RESILIE' });
    const response = await bar(terminated.idContrat, { itinerance: true, international: false });
    expectError(response, 409, 'LINE_TERMINATED');
    expect(errorOf(response).exceptionMessage).toBe(errorMessage('LINE_TERMINATED'));
    expect(await barringsOf(terminated.idContrat)).toEqual({ itinerance: false, international: false });
    expect(await auditOf(t, 'MODIFICATION_BARRAGES', terminated.idContrat)).toHaveLength(0);
  });

  it('refuses a malformed body with a 400, never reading a text as a boolean', async () => {
    const line = f.colleague(2);
    const before = await barringsOf(line.idContrat);
    const bodies: unknown[] = [
      {},
      { itinerance: true },
      { international: false },
      { itinerance: 'true', international: false },
      { itinerance: true, international: 'false' },
      { itinerance: 1, international: 0 },
      { itinerance: null, international: true },
      { itinerance: true, international: true, donnees: true },
      [true, true],
      null,
    ];
    for (const json of bodies) {
      const response = await bar(line.idContrat, json);
      expect(response.statusCode, JSON.stringify(json)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION');
    }
    const typed = errorOf(await bar(line.idContrat, { itinerance: 'true', international: false }));
    expect((typed.issues ?? []).map((issue) => issue.message)).toContain('Indiquez si l’itinérance est bloquée (true) ou autorisée (false).');
    for (const id of ['abc', '0', '-3', '99999999999']) expectError(await bar(id, { itinerance: true, international: true }), 400, 'VALIDATION');
    expect(await barringsOf(line.idContrat)).toEqual(before);
    expect(await auditOf(t, 'MODIFICATION_BARRAGES', line.idContrat)).toHaveLength(0);
  });

  it('takes concurrent changes of one line without a 5xx: each is applied and audited once, the line ends as one of them', async () => {
    const line = f.colleague(3);
    const wanted = Array.from({ length: 8 }, (_, i) => ({ itinerance: i % 2 === 0, international: i % 3 === 0 }));
    const answers = await releasedTogether(wanted.length, (i) => bar(line.idContrat, wanted[i]));
    expect(statusTally(answers)).toEqual({ 200: wanted.length });
    expect(wanted).toContainEqual(await barringsOf(line.idContrat));
    const entries = await auditOf(t, 'MODIFICATION_BARRAGES', line.idContrat);
    expect(entries).toHaveLength(wanted.length);
    // Each change starts from the one before it: the writes never interleave.
    for (let i = 1; i < entries.length; i++) expect((entries[i]?.details as { avant: unknown }).avant).toEqual((entries[i - 1]?.details as { apres: unknown }).apres);
  });

  it('lets an agent change them for the manager, audited as the agent’s with the reason', async () => {
    const agent = DEMO_AGENTS.distance;
    const motif = 'Le gestionnaire part à l’étranger avec cette ligne';
    const customer = await agentCustomerSession(t, agent, { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif });
    const line = f.colleague(4);
    expect((await bar(line.idContrat, { itinerance: false, international: true }, customer)).statusCode).toBe(200);
    const [row] = await t.db.select({ id: agents.id }).from(agents).where(eq(agents.identifiant, agent.identifiant));
    const [entry] = await auditOf(t, 'MODIFICATION_BARRAGES', line.idContrat);
    expect(entry).toMatchObject({
      userId: row?.id,
      onBehalfOf: await userIdOf(t, DEMO_USERS.gestionnaire.email),
      details: { motif, avant: { itinerance: false, international: false }, apres: { itinerance: false, international: true } },
    });
    // The agent's session reaches the one account it was opened for.
    expectError(await bar(f.unmanagedLine.idContrat, { itinerance: true, international: true }, customer), 403, 'FORBIDDEN_CONTRACT');
  });

  it('puts both barrings at the end of the fleet export', async () => {
    const line = f.colleague(5);
    await t.db.update(contracts).set({ barrageItinerance: true, barrageInternational: false }).where(eq(contracts.idContrat, line.idContrat));
    expect(EXPORT_HEADERS.slice(-2)).toEqual(['Itinérance bloquée', 'International bloqué']);
    const response = await t.get(`/api/contrats_pagination/${f.account}/export?ids=${line.idContrat},${f.colleague(6).idContrat}`, f.manager);
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = parseCsv(response.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual(EXPORT_HEADERS);
    const byId = new Map(rows.map((cells) => [Number(cells[EXPORT_HEADERS.indexOf('Identifiant contrat')]), cells.slice(-2)]));
    expect(byId.get(line.idContrat)).toEqual(['Oui', 'Non']);
    expect(byId.get(f.colleague(6).idContrat)).toEqual(['Non', 'Non']);
  });

  it('is documented with its body', async () => {
    const document = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    const write = JSON.stringify(document.paths['/api/lignes/{idContrat}/barrages']?.put);
    expect(write).toContain('requestBody');
    expect(write).toContain('itinerance');
    expect(write).toContain('international');
  });
});
