import {
  costCentreListSchema,
  costCentreSchema,
  lineCostAllocationSchema,
  lineDetailSchema,
  linePageSchema,
  type CostCentreEntry,
} from '@ecare/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createContract } from '../../db/seed/factories.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { auditLog, billingAccounts, contracts } from '../../db/schema.ts';
import { DEMO_COMPANIES } from '../../db/seed/demo-companies.ts';
import { createTransact } from '../../db/transaction.ts';
import { parseCsv } from '../../test/csv-reader.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, useTestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { applyLineCentre, applyLineLabels } from './index.ts';

const { t, f } = useTestContext(async (t) => {
  const demo = await demoFixture(t);
  const [transport] = await t.db.select({ id: billingAccounts.idClientBscs }).from(billingAccounts).where(eq(billingAccounts.raisonSociale, DEMO_COMPANIES.transport.raisonSociale));
  if (!transport) throw new Error('no demo transport account');
  return { ...demo, transportAccount: transport.id };
});

const centresUrl = (account = f.account) => `/api/clients/${account}/centres-de-cout`;
async function tree(token = f.manager, account = f.account) {
  return bodyOf(await t.get(centresUrl(account), token), costCentreListSchema);
}
async function centre(code: string, token = f.manager, account = f.account): Promise<CostCentreEntry> {
  const found = (await tree(token, account)).centres.find((entry) => entry.code === code);
  if (!found) throw new Error(`no centre ${code}`);
  return found;
}
async function create(body: unknown, token = f.manager) {
  return t.send('POST', centresUrl(), { token, json: body });
}
async function lastAudit(action: string) {
  const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return entry;
}
const messageOf = (response: Awaited<ReturnType<typeof create>>) => errorOf(response).exceptionMessage;

describe('GET /api/clients/{id}/centres-de-cout', () => {
  it('lists the demo tree in reading order with its lines, to the account’s managers only', async () => {
    const list = await tree();
    expect(list.centres.map((entry) => [entry.code, entry.niveau])).toEqual([
      ['DIRCO', 1],
      ['BOUTIQUES', 2],
      ['DIJON-CENTRE', 3],
      ['LYON', 2],
      ['PROD', 1],
      ['FOURNIL', 2],
    ]);
    const dirco = list.centres[0];
    expect(dirco).toMatchObject({ libelle: 'Direction commerciale', idParent: null, nombreLignes: 1, nombreSousCentres: 2, nombreLignesTotal: 7 });
    expect(list.lignesSansCentre).toBe(2);
    expectError(await t.get(centresUrl(), f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(centresUrl(), f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(centresUrl(f.notManaged), f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(centresUrl(99_999_999_999), f.manager), 400, 'VALIDATION');
  });
});

describe('POST, PUT and DELETE /api/clients/{id}/centres-de-cout', () => {
  it('creates, renames, moves and deletes a centre, each audited, with exactly the centre’s fields', async () => {
    const prod = await centre('PROD');
    const created = await create({ code: ' qualite ', libelle: '  Qualité  ', idParent: prod.idCentre });
    expect(created.statusCode, created.body).toBe(201);
    const body = bodyOf(created, costCentreSchema);
    expect(Object.keys(JSON.parse(created.body) as object).sort()).toEqual(['code', 'idCentre', 'idParent', 'libelle']);
    expect(body).toMatchObject({ code: 'QUALITE', libelle: 'Qualité', idParent: prod.idCentre });
    expect((await lastAudit('CREATION_CENTRE_COUT'))?.details).toMatchObject({ apres: { code: 'QUALITE' } });

    const moved = await t.send('PUT', `${centresUrl()}/${body.idCentre}`, { token: f.manager, json: { code: 'QUALITE', libelle: 'Contrôle qualité', idParent: null } });
    expect(bodyOf(moved, costCentreSchema)).toEqual({ idCentre: body.idCentre, code: 'QUALITE', libelle: 'Contrôle qualité', idParent: null });
    expect((await lastAudit('MODIFICATION_CENTRE_COUT'))?.details).toMatchObject({ avant: { libelle: 'Qualité' }, apres: { libelle: 'Contrôle qualité' } });

    const removed = await t.send('DELETE', `${centresUrl()}/${body.idCentre}`, { token: f.manager });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await tree()).centres.some((entry) => entry.code === 'QUALITE')).toBe(false);
    expect(await lastAudit('SUPPRESSION_CENTRE_COUT')).toBeDefined();
  });

  it('refuses a duplicate code, a fourth level, a cycle, another account’s parent, with a French message', async () => {
    const dijon = await centre('DIJON-CENTRE');
    const dirco = await centre('DIRCO');
    const prod = await centre('PROD');
    const fournil = await centre('FOURNIL');
    const adm = await centre('ADM', f.mandataire, f.transportAccount);

    const duplicate = await create({ code: 'dirco', libelle: 'Doublon' });
    expectError(duplicate, 409, 'COST_CENTRE_CODE_TAKEN');
    expect(messageOf(duplicate)).toContain('déjà celui d’un autre centre');
    expectError(await create({ code: 'N4', libelle: 'Niveau 4', idParent: dijon.idCentre }), 400, 'COST_CENTRE_TOO_DEEP');
    // DIRCO spans three levels: under PROD it would make four.
    expectError(await t.send('PUT', `${centresUrl()}/${dirco.idCentre}`, { token: f.manager, json: { code: 'DIRCO', libelle: dirco.libelle, idParent: prod.idCentre } }), 400, 'COST_CENTRE_TOO_DEEP');
    expectError(await t.send('PUT', `${centresUrl()}/${prod.idCentre}`, { token: f.manager, json: { code: 'PROD', libelle: prod.libelle, idParent: fournil.idCentre } }), 400, 'COST_CENTRE_CYCLE');
    expectError(await t.send('PUT', `${centresUrl()}/${prod.idCentre}`, { token: f.manager, json: { code: 'PROD', libelle: prod.libelle, idParent: prod.idCentre } }), 400, 'COST_CENTRE_CYCLE');
    // A code another centre has, on a rename.
    expectError(await t.send('PUT', `${centresUrl()}/${prod.idCentre}`, { token: f.manager, json: { code: 'FOURNIL', libelle: prod.libelle, idParent: null } }), 409, 'COST_CENTRE_CODE_TAKEN');
    expectError(await create({ code: 'X1', libelle: 'Ailleurs', idParent: adm.idCentre }), 400, 'COST_CENTRE_PARENT_UNKNOWN');
    // Another account's centre named in this account's path.
    expectError(await t.send('PUT', `${centresUrl()}/${adm.idCentre}`, { token: f.manager, json: { code: 'ADM', libelle: 'Pris', idParent: null } }), 403, 'COST_CENTRE_UNKNOWN');
    expectError(await t.send('DELETE', `${centresUrl()}/${adm.idCentre}`, { token: f.manager }), 403, 'COST_CENTRE_UNKNOWN');
    // The other account's centre through its own path, by someone who does not manage it.
    expectError(await t.send('DELETE', `${centresUrl(f.transportAccount)}/${adm.idCentre}`, { token: f.manager }), 403, 'FORBIDDEN_ACCOUNT');
    expect((await centre('ADM', f.mandataire, f.transportAccount)).libelle).toBe('Direction administrative');
    expect((await tree()).centres.map((entry) => entry.code)).toEqual(['DIRCO', 'BOUTIQUES', 'DIJON-CENTRE', 'LYON', 'PROD', 'FOURNIL']);
  });

  it('refuses malformed bodies and ids with 400, never 5xx', async () => {
    const bad: unknown[] = [
      {},
      { code: '', libelle: 'Vide' },
      { code: 'A'.repeat(21), libelle: 'Trop long' },
      { code: 'É-1', libelle: 'Accent' },
      { code: 'OK1', libelle: 'Ligne\nDeux' },
      { code: 'OK1', libelle: 'Tab\there' },
      { code: 'OK1', libelle: 'x'.repeat(61) },
      { code: 'OK1', libelle: 'Parent', idParent: 99_999_999_999 },
      { code: 'OK1', libelle: 'Parent', idParent: -1 },
      { code: 'OK1', libelle: 'Champ', autre: 1 },
      { code: 42, libelle: 'Nombre' },
    ];
    for (const body of bad) expectError(await create(body), 400, 'VALIDATION');
    expectError(await t.send('PUT', `${centresUrl()}/99999999999`, { token: f.manager, json: { code: 'A', libelle: 'B' } }), 400, 'VALIDATION');
    expectError(await t.send('PUT', `${centresUrl()}/2147483647`, { token: f.manager, json: { code: 'A', libelle: 'B' } }), 403, 'COST_CENTRE_UNKNOWN');
    expectError(await t.send('DELETE', `${centresUrl()}/1?deplacerVers=autre`, { token: f.manager }), 400, 'VALIDATION');
    expectError(await create({ code: 'OK1', libelle: 'Parent', idParent: 2_147_483_647 }), 400, 'COST_CENTRE_PARENT_UNKNOWN');
  });

  it('creates one centre of ten identical requests at once, the others 409', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => create({ code: 'SIMULTANE', libelle: 'Dix fois' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expectError(answer, 409, 'COST_CENTRE_CODE_TAKEN');
    const made = await centre('SIMULTANE');
    expect((await t.send('DELETE', `${centresUrl()}/${made.idCentre}`, { token: f.manager })).statusCode).toBe(200);
  });

  it('keeps a centre with sub-centres or lines unless its lines are moved, to another centre or to none', async () => {
    const dirco = await centre('DIRCO');
    const lyon = await centre('LYON');
    expectError(await t.send('DELETE', `${centresUrl()}/${dirco.idCentre}`, { token: f.manager }), 409, 'COST_CENTRE_HAS_CHILDREN');
    const full = await t.send('DELETE', `${centresUrl()}/${lyon.idCentre}`, { token: f.manager });
    expectError(full, 409, 'COST_CENTRE_NOT_EMPTY');
    expect(messageOf(full)).toContain('choisissez le centre vers lequel les déplacer');
    expectError(await t.send('DELETE', `${centresUrl()}/${lyon.idCentre}?deplacerVers=${lyon.idCentre}`, { token: f.manager }), 400, 'COST_CENTRE_MOVE_TO_ITSELF');
    const adm = await centre('ADM', f.mandataire, f.transportAccount);
    expectError(await t.send('DELETE', `${centresUrl()}/${lyon.idCentre}?deplacerVers=${adm.idCentre}`, { token: f.manager }), 403, 'COST_CENTRE_UNKNOWN');

    // A centre of its own with two lines: moved to DIRCO on delete.
    const temp = bodyOf(await create({ code: 'TEMP', libelle: 'Temporaire', idParent: null }), costCentreSchema);
    const [a, b] = [f.colleague(4), f.colleague(5)];
    const before = await t.db.select({ idContrat: contracts.idContrat, idCentre: contracts.idCentre }).from(contracts).where(eq(contracts.idClientBscs, f.account));
    for (const line of [a, b]) expect((await t.send('PUT', `/api/lignes/${line.idContrat}/centre-de-cout`, { token: f.manager, json: { idCentre: temp.idCentre } })).statusCode).toBe(200);
    const moved = await t.send('DELETE', `${centresUrl()}/${temp.idCentre}?deplacerVers=${dirco.idCentre}`, { token: f.manager });
    expect(JSON.parse(moved.body)).toEqual({ idCentre: temp.idCentre, lignesDeplacees: 2 });
    expect((await lastAudit('SUPPRESSION_CENTRE_COUT'))?.details).toMatchObject({ lignesDeplacees: 2, deplaceesVers: dirco.idCentre });
    const temp2 = bodyOf(await create({ code: 'TEMP2', libelle: 'Temporaire', idParent: null }), costCentreSchema);
    await t.send('PUT', `/api/lignes/${a.idContrat}/centre-de-cout`, { token: f.manager, json: { idCentre: temp2.idCentre } });
    expect(JSON.parse((await t.send('DELETE', `${centresUrl()}/${temp2.idCentre}?deplacerVers=aucun`, { token: f.manager })).body)).toEqual({ idCentre: temp2.idCentre, lignesDeplacees: 1 });
    // Back as the demo had them.
    for (const row of before.filter((line) => line.idContrat === a.idContrat || line.idContrat === b.idContrat)) {
      await t.db.update(contracts).set({ idCentre: row.idCentre }).where(eq(contracts.idContrat, row.idContrat));
    }
  });

  it('lets an agent write for the manager, audited with the reason; a line user or another customer writes nothing', async () => {
    const agent = DEMO_AGENTS.distance;
    const motif = 'Le client réorganise ses centres de coût';
    const customer = await agentCustomerSession(t, agent, { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif });
    const made = bodyOf(await create({ code: 'AGENT', libelle: 'Créé par un conseiller' }, customer), costCentreSchema);
    const entry = await lastAudit('CREATION_CENTRE_COUT');
    expect(entry?.onBehalfOf).not.toBeNull();
    expect(entry?.details).toMatchObject({ motif });
    expect((await t.send('PUT', `/api/lignes/${f.colleague(8).idContrat}/etiquettes`, { token: customer, json: { etiquettes: ['Conseiller'] } })).statusCode).toBe(200);
    expect((await lastAudit('MODIFICATION_ETIQUETTES_LIGNE'))?.details).toMatchObject({ motif, apres: ['Conseiller'] });
    expectError(await t.get(centresUrl(f.strangerAccount), customer), 403, 'FORBIDDEN_ACCOUNT');

    expectError(await create({ code: 'USER', libelle: 'Non' }, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await create({ code: 'USER', libelle: 'Non' }, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.send('DELETE', `${centresUrl()}/${made.idCentre}`, { token: f.lineUser }), 403, 'FORBIDDEN_ACCOUNT');
    expect((await t.send('DELETE', `${centresUrl()}/${made.idCentre}`, { token: f.manager })).statusCode).toBe(200);
    await t.send('PUT', `/api/lignes/${f.colleague(8).idContrat}/etiquettes`, { token: f.manager, json: { etiquettes: [] } });
  });
});

describe('PUT /api/lignes/{idContrat}/centre-de-cout and /etiquettes', () => {
  const setCentre = (idContrat: number, idCentre: unknown, token = f.manager) => t.send('PUT', `/api/lignes/${idContrat}/centre-de-cout`, { token, json: { idCentre } });
  const setLabels = (idContrat: number, etiquettes: unknown, token = f.manager) => t.send('PUT', `/api/lignes/${idContrat}/etiquettes`, { token, json: { etiquettes } });

  it('puts a line in a centre of its account and takes it out, audited; the line page shows it', async () => {
    const line = f.colleague(0);
    const fournil = await centre('FOURNIL');
    const original = (await t.db.select({ idCentre: contracts.idCentre }).from(contracts).where(eq(contracts.idContrat, line.idContrat)))[0]?.idCentre ?? null;
    const set = bodyOf(await setCentre(line.idContrat, fournil.idCentre), lineCostAllocationSchema);
    expect(set.centre).toEqual({ idCentre: fournil.idCentre, code: 'FOURNIL', libelle: 'Fournil' });
    expect(bodyOf(await t.get(`/api/ligne/${line.idContrat}`, f.manager), lineDetailSchema).centre?.code).toBe('FOURNIL');
    const entry = await lastAudit('MODIFICATION_CENTRE_LIGNE');
    expect(entry).toMatchObject({ idContrat: line.idContrat, idClientBscs: f.account, details: { avant: original, apres: fournil.idCentre } });
    expect(bodyOf(await setCentre(line.idContrat, null), lineCostAllocationSchema).centre).toBeNull();
    await setCentre(line.idContrat, original);
  });

  it('refuses another account’s centre or line, a line user, a stranger and bad ids', async () => {
    const line = f.colleague(0);
    const adm = await centre('ADM', f.mandataire, f.transportAccount);
    expectError(await setCentre(line.idContrat, adm.idCentre), 403, 'COST_CENTRE_UNKNOWN');
    expectError(await setCentre(f.unmanagedLine.idContrat, null, f.mandataire), 403, 'FORBIDDEN_CONTRACT');
    expectError(await setCentre(f.own.idContrat, null, f.lineUser), 403, 'COST_CENTRES_MANAGER_ONLY');
    expectError(await setLabels(f.own.idContrat, ['Moi'], f.lineUser), 403, 'COST_CENTRES_MANAGER_ONLY');
    expectError(await setCentre(line.idContrat, null, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await setLabels(line.idContrat, ['X'], f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await setCentre(line.idContrat, 99_999_999_999), 400, 'VALIDATION');
    expectError(await setCentre(line.idContrat, 'DIRCO'), 400, 'VALIDATION');
    expectError(await t.send('PUT', `/api/lignes/99999999999/centre-de-cout`, { token: f.manager, json: { idCentre: null } }), 400, 'VALIDATION');
    expectError(await setCentre(2_147_483_647, null), 403, 'FORBIDDEN_CONTRACT');
    const ended = await createContract(t.db, { idClientBscs: f.account, codeStatut: 'RESILIE' });
    expectError(await setLabels(ended.idContrat, ['Fin']), 409, 'LINE_TERMINATED');
  });

  it('keeps labels trimmed, without duplicates whatever their case, at most ten of thirty characters', async () => {
    const line = f.colleague(1);
    const saved = bodyOf(await setLabels(line.idContrat, ['  Astreinte ', 'astreinte', 'VIP', 'Chantier   Nord', 'x'.repeat(30)]), lineCostAllocationSchema);
    expect(saved.etiquettes).toEqual(['Astreinte', 'VIP', 'Chantier Nord', 'x'.repeat(30)]);
    expect((await lastAudit('MODIFICATION_ETIQUETTES_LIGNE'))?.details).toMatchObject({ apres: saved.etiquettes });
    const ten = Array.from({ length: 10 }, (_, i) => `Étiquette ${i}`);
    expect(bodyOf(await setLabels(line.idContrat, [...ten, 'étiquette 3']), lineCostAllocationSchema).etiquettes).toEqual(ten);

    const refused: [unknown, string][] = [
      [[...ten, 'Onzième'], 'au plus 10 étiquettes'],
      [['y'.repeat(31)], 'au plus 30 caractères'],
      [['Deux\nlignes'], 'caractère de contrôle'],
      [['Nul\u0000'], 'ontrôle'],
      [['   '], 'ne peut pas être vide'],
      [Array.from({ length: 51 }, () => 'A'), 'au plus 10 étiquettes'],
      [[42], 'texte'],
      ['Astreinte', 'liste'],
    ];
    for (const [labels, message] of refused) {
      const answer = await setLabels(line.idContrat, labels);
      expectError(answer, 400, 'VALIDATION');
      expect(JSON.stringify(errorOf(answer))).toContain(message);
    }
    expect(bodyOf(await setLabels(line.idContrat, []), lineCostAllocationSchema).etiquettes).toEqual([]);
  });

  it('gives the per-row rules to other modules: outcomes and refusal codes in the caller’s transaction', async () => {
    const transaction = createTransact(t.db);
    const line = f.colleague(2);
    const lyon = await centre('LYON');
    const adm = await centre('ADM', f.mandataire, f.transportAccount);
    const target = { idClientBscs: f.account, idContrat: line.idContrat };
    const ended = await createContract(t.db, { idClientBscs: f.account, codeStatut: 'RESILIE' });
    const outcomes = await transaction(async (tx) => [
      await applyLineCentre(tx, target, adm.idCentre),
      await applyLineCentre(tx, { idClientBscs: f.account, idContrat: f.unmanagedLine.idContrat }, null),
      await applyLineCentre(tx, { idClientBscs: f.account, idContrat: ended.idContrat }, null),
      await applyLineLabels(tx, target, { mode: 'AJOUTER', etiquettes: ['Bulk', 'bulk'] }),
      await applyLineLabels(tx, target, { mode: 'AJOUTER', etiquettes: ['z'.repeat(31)] }),
      await applyLineLabels(tx, target, { mode: 'RETIRER', etiquettes: ['BULK'] }),
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.code))).toEqual(['COST_CENTRE_UNKNOWN', 'FORBIDDEN_CONTRACT', 'LINE_TERMINATED', 'ok', 'LINE_LABEL_TOO_LONG', 'ok']);
    const before = (await t.db.select({ idCentre: contracts.idCentre }).from(contracts).where(eq(contracts.idContrat, line.idContrat)))[0]?.idCentre ?? null;
    const moved = await transaction((tx) => applyLineCentre(tx, target, lyon.idCentre));
    expect(moved).toEqual({ ok: true, avant: before, apres: lyon.idCentre, modifiee: before !== lyon.idCentre });
    await t.db.update(contracts).set({ idCentre: before }).where(and(eq(contracts.idContrat, line.idContrat)));
  });
});

describe('the fleet list and its export by centre and label', () => {
  const page = async (query: string) => bodyOf(await t.get(`/api/contrats_pagination/${f.account}?taille=100&${query}`, f.manager), linePageSchema);

  it('filters by a centre with its sub-centres, by no centre, by a label whatever its case; rows carry both', async () => {
    const dirco = await centre('DIRCO');
    const boutiques = await centre('BOUTIQUES');
    const all = await page('');
    expect(all.contrats.every((line) => Array.isArray(line.etiquettes))).toBe(true);
    expect((await page(`idCentre=${dirco.idCentre}`)).total).toBe(dirco.nombreLignesTotal);
    const shops = await page(`idCentre=${boutiques.idCentre}`);
    expect(shops.contrats.map((line) => line.centre?.code).sort()).toEqual(['BOUTIQUES', 'DIJON-CENTRE', 'DIJON-CENTRE']);
    const none = await page('idCentre=aucun');
    expect(none.total).toBe((await tree()).lignesSansCentre);
    expect(none.contrats.every((line) => line.centre === null)).toBe(true);
    const oncall = await page('etiquette=ASTREINTE');
    expect(oncall.total).toBe(2);
    expect(oncall.contrats.every((line) => line.etiquettes.includes('Astreinte'))).toBe(true);
    expect((await page(`etiquette=astreinte&idCentre=${(await centre('FOURNIL')).idCentre}`)).total).toBe(2);
    const grouped = await page('tri=centre');
    const codes = grouped.contrats.map((line) => line.centre?.code ?? '');
    expect(codes).toEqual([...codes].sort());
  });

  it('refuses another account’s centre and malformed filters', async () => {
    const adm = await centre('ADM', f.mandataire, f.transportAccount);
    expectError(await t.get(`/api/contrats_pagination/${f.account}?idCentre=${adm.idCentre}`, f.manager), 403, 'COST_CENTRE_UNKNOWN');
    expectError(await t.get(`/api/contrats_pagination/${f.account}/export?idCentre=${adm.idCentre}`, f.manager), 403, 'COST_CENTRE_UNKNOWN');
    expectError(await t.get(`/api/contrats_pagination/${f.account}?idCentre=tous`, f.manager), 400, 'VALIDATION');
    expectError(await t.get(`/api/contrats_pagination/${f.account}?idCentre=99999999999`, f.manager), 400, 'VALIDATION');
    expectError(await t.get(`/api/contrats_pagination/${f.account}?etiquette=${'e'.repeat(31)}`, f.manager), 400, 'VALIDATION');
  });

  it('exports the centre and the labels of each line, in the centre order when asked', async () => {
    const fournil = await centre('FOURNIL');
    const response = await t.get(`/api/contrats_pagination/${f.account}/export?format=csv&idCentre=${fournil.idCentre}&tri=centre`, f.manager);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(response.rawPayload.toString('utf8').slice(1));
    const at = (name: string) => header?.indexOf(name) ?? -1;
    expect(at('Code centre de coût')).toBeGreaterThan(-1);
    expect(rows.map((row) => row[at('Code centre de coût')])).toEqual(['FOURNIL', 'FOURNIL']);
    expect(rows.map((row) => row[at('Centre de coût')])).toEqual(['Fournil', 'Fournil']);
    expect(rows.map((row) => row[at('Étiquettes')]).sort()).toEqual(['Astreinte', 'Astreinte, Livraison']);
  });

  it('lists the labels the account’s lines carry', async () => {
    const answer = JSON.parse((await t.get(`/api/clients/${f.account}/etiquettes`, f.manager)).body) as { etiquettes: { etiquette: string; nombreLignes: number }[] };
    expect(answer.etiquettes).toEqual([
      { etiquette: 'Astreinte', nombreLignes: 2 },
      { etiquette: 'Livraison', nombreLignes: 2 },
      { etiquette: 'VIP', nombreLignes: 1 },
    ]);
    expectError(await t.get(`/api/clients/${f.account}/etiquettes`, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
  });
});
