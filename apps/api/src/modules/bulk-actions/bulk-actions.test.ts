import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkJobListSchema, bulkJobSummarySchema, bulkSimulationSchema, errorMessage } from '@ecare/shared';
import { agents, auditLog, contracts, costCentres } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, useTestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { auditCounts, bulkPaths, jobOf, postCsv, startJob } from '../../test/support/bulk-actions.ts';
import { storedLine } from '../../test/support/lines.ts';
import { createContract } from '../../db/seed/factories.ts';
import { bulkJobRows } from './bulk-actions.schema.ts';

const { t, f } = useTestContext(demoFixture);
const FORBIDDEN = errorMessage('FORBIDDEN_CONTRACT');

const listingOf = async (idContrat: number) => (await storedLine(t, idContrat)).inscriptionAnnuaire;
const spaced = (numero: string) => numero.replace(/(\d{2})(?=\d)/g, '$1 ');

describe('bulk actions: access', () => {
  it('refuses another account, its jobs, line users and mandataires who do not manage it', async () => {
    const body = { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'PARUTION' }, lignes: [f.colleague(0).idContrat], simulation: true };
    expectError(await t.send('POST', bulkPaths(f.account).start, { token: f.stranger, json: body }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.send('POST', bulkPaths(f.account).start, { token: f.lineUser, json: body }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.send('POST', bulkPaths(f.notManaged).start, { token: f.mandataire, json: body }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(bulkPaths(f.account).list, f.stranger), 403, 'FORBIDDEN_ACCOUNT');

    const id = await startJob(t, f.manager, f.account, { ...body, simulation: false });
    for (const token of [f.stranger, f.lineUser]) {
      expectError(await t.get(bulkPaths(f.account).job(id), token), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.get(`${bulkPaths(f.account).job(id)}/export`, token), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.get(`${bulkPaths(f.account).job(id)}/avancement`, token), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.send('POST', `${bulkPaths(f.account).job(id)}/annulation`, { token }), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.send('POST', `${bulkPaths(f.account).job(id)}/retour-arriere`, { token }), 403, 'FORBIDDEN_ACCOUNT');
    }
    // Named under the stranger's own account, the bakery's job does not exist.
    expectError(await t.get(bulkPaths(f.strangerAccount).job(id), f.stranger), 404, 'BULK_JOB_NOT_FOUND');
    expectError(await t.get(`${bulkPaths(f.strangerAccount).job(id)}/avancement`, f.stranger), 404, 'BULK_JOB_NOT_FOUND');
    expectError(await t.send('POST', `${bulkPaths(f.strangerAccount).job(id)}/retour-arriere`, { token: f.stranger }), 404, 'BULK_JOB_NOT_FOUND');
  });

  it('refuses bad input with a French 400, never a 5xx', async () => {
    const path = bulkPaths(f.account).start;
    expectError(await t.send('POST', path, { token: f.manager, json: { action: 'INCONNUE', lignes: [1] } }), 400, 'VALIDATION');
    expectError(await t.send('POST', path, { token: f.manager, json: { action: 'ANNUAIRE', lignes: [] } }), 400, 'VALIDATION');
    // A JSON true, or a list of one id, is no id (it is not taken for line 1 or line 5).
    for (const lignes of [[true], [[f.colleague(0).idContrat]], [1.5]]) {
      expectError(await t.send('POST', path, { token: f.manager, json: { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'PARUTION' }, lignes, simulation: true } }), 400, 'VALIDATION');
    }
    const invalid = await t.send('POST', path, { token: f.manager, json: { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'X' }, lignes: [1] } });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid)).toMatchObject({ code: 'BULK_PARAMETERS_INVALID', exceptionMessage: expect.stringContaining('annuaire') });
    expectError(await postCsv(t, f.manager, f.account, { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'PARUTION' } }, '\n\n'), 400, 'BULK_CSV_EMPTY');
  });
});

describe('bulk actions: dry run', () => {
  it('answers every row OK or REFUS with its reason and changes nothing; another account’s line is refused, its number not shown', async () => {
    const mine = [f.colleague(0), f.colleague(1)];
    const before = await Promise.all(mine.map((line) => listingOf(line.idContrat)));
    const rowsBefore = (await t.db.select().from(bulkJobRows)).length;
    const auditBefore = [...(await auditCounts(t, 'MODIFICATION_ANNUAIRE', mine.map((line) => line.idContrat))).values()];
    const target = before[0] === 'PARUTION' ? 'LISTE_ORANGE' : 'PARUTION';
    const response = await t.send('POST', bulkPaths(f.account).start, {
      token: f.manager,
      json: { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: target }, lignes: [...mine.map((line) => line.idContrat), f.unmanagedLine.idContrat, mine[0]?.idContrat], simulation: true },
    });
    const answer = bodyOf(response, bulkSimulationSchema);
    expect(answer.lignes).toEqual([
      { idContrat: mine[0]?.idContrat, numeroLigne: mine[0]?.numeroLigne, resultat: 'OK', motif: null },
      { idContrat: mine[1]?.idContrat, numeroLigne: mine[1]?.numeroLigne, resultat: 'OK', motif: null },
      { idContrat: f.unmanagedLine.idContrat, numeroLigne: '', resultat: 'REFUS', motif: FORBIDDEN },
      { idContrat: mine[0]?.idContrat, numeroLigne: mine[0]?.numeroLigne, resultat: 'REFUS', motif: errorMessage('BULK_DUPLICATE_LINE') },
    ]);
    expect(await Promise.all(mine.map((line) => listingOf(line.idContrat)))).toEqual(before);
    expect(await t.db.select().from(bulkJobRows)).toHaveLength(rowsBefore);
    expect([...(await auditCounts(t, 'MODIFICATION_ANNUAIRE', mine.map((line) => line.idContrat))).values()]).toEqual(auditBefore);
  });

  it('reads a CSV of numbers in any format, header or not, and refuses what is no line of the account', async () => {
    const [a, b, c, d] = [f.colleague(0), f.colleague(1), f.colleague(2), f.colleague(3)];
    if (!a || !b || !c || !d) throw new Error('demo lines');
    const csv = [
      'numero;prenom;nom;email',
      `${spaced(a.numeroLigne)};Anne;Martin;anne.martin@exemple.fr`,
      `${b.numeroLigne};Bruno;Petit;`,
      `+33${c.numeroLigne.slice(1)};Chloé;Durand;chloe@exemple.fr`,
      `33 ${spaced(d.numeroLigne.slice(1))};Denis;Roux;pas-un-email`,
      `${f.unmanagedLine.numeroLigne};Eve;Blanc;`,
      'bonjour;Fred;Noir;',
    ].join('\r\n');
    const answer = bodyOf(await postCsv(t, f.manager, f.account, { action: 'UTILISATEUR', simulation: true }, csv), bulkSimulationSchema);
    expect(answer.lignes.map((row) => [row.numeroLigne, row.resultat])).toEqual([
      [a.numeroLigne, 'OK'],
      [b.numeroLigne, 'OK'],
      [c.numeroLigne, 'OK'],
      [d.numeroLigne, 'REFUS'],
      [f.unmanagedLine.numeroLigne, 'REFUS'],
      ['bonjour', 'REFUS'],
    ]);
    expect(answer.lignes[3]?.motif).toContain('adresse e-mail');
    expect(answer.lignes[4]).toMatchObject({ idContrat: null, motif: errorMessage('BULK_NUMBER_UNKNOWN') });
    expect(answer.lignes[5]?.motif).toBe(errorMessage('BULK_NUMBER_INVALID'));
    expect((await storedLine(t, a.idContrat)).utilisateurPrenom).not.toBe('Anne');
  });
});

describe('bulk actions: jobs', () => {
  it('runs a job: each row through the single action’s rules, audited once, never on another account’s line; then undoes it', async () => {
    const mine = [f.colleague(0), f.colleague(1), f.colleague(2)].map((line) => line.idContrat);
    const before = await Promise.all(mine.map(listingOf));
    const foreignBefore = await listingOf(f.unmanagedLine.idContrat);
    const auditBefore = await auditCounts(t, 'MODIFICATION_ANNUAIRE', mine);
    const id = await startJob(t, f.manager, f.account, { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'LISTE_ORANGE' }, lignes: [...mine, f.unmanagedLine.idContrat] });
    const job = await jobOf(t, f.manager, f.account, id);
    expect(job).toMatchObject({ statut: 'TERMINE', total: 4, faits: 3, refuses: 1, retourArriere: null });
    expect(job.retourArrierePossibleJusquA).not.toBeNull();
    expect(job.lignes.map((row) => row.resultat)).toEqual(['OK', 'OK', 'OK', 'REFUS']);
    expect(await Promise.all(mine.map(listingOf))).toEqual(['LISTE_ORANGE', 'LISTE_ORANGE', 'LISTE_ORANGE']);
    expect(await listingOf(f.unmanagedLine.idContrat)).toBe(foreignBefore);
    const counts = await auditCounts(t, 'MODIFICATION_ANNUAIRE', [...mine, f.unmanagedLine.idContrat]);
    expect(counts.get(f.unmanagedLine.idContrat)).toBe(0);
    for (const idContrat of mine) expect((counts.get(idContrat) ?? 0) - (auditBefore.get(idContrat) ?? 0)).toBe(1);

    const progressAnswer = await t.get(`${bulkPaths(f.account).job(id)}/avancement`, f.manager);
    expect(bodyOf(progressAnswer, bulkJobSummarySchema)).toMatchObject({ idTraitement: id, statut: 'TERMINE', total: 4, faits: 3, refuses: 1 });
    // The rows are not read: the page asks for them apart.
    expect(progressAnswer.json()).not.toHaveProperty('lignes');
    const list = bodyOf(await t.get(bulkPaths(f.account).list, f.manager), bulkJobListSchema);
    expect(list.traitements[0]).toMatchObject({ idTraitement: id, statut: 'TERMINE' });
    const csv = await t.get(`${bulkPaths(f.account).job(id)}/export`, f.manager);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('REFUS');

    expectError(await t.send('POST', `${bulkPaths(f.account).job(id)}/annulation`, { token: f.manager }), 409, 'BULK_NOT_CANCELLABLE');
    const undone = await t.send('POST', `${bulkPaths(f.account).job(id)}/retour-arriere`, { token: f.manager });
    expect(undone.statusCode, undone.body).toBe(200);
    const after = await jobOf(t, f.manager, f.account, id);
    expect(after).toMatchObject({ retourArriere: 'TERMINE', retourArrierePossibleJusquA: null });
    expect(after.lignes.map((row) => row.resultat)).toEqual(['RETABLI', 'RETABLI', 'RETABLI', 'REFUS']);
    expect(await Promise.all(mine.map(listingOf))).toEqual(before);
    expectError(await t.send('POST', `${bulkPaths(f.account).job(id)}/retour-arriere`, { token: f.manager }), 409, 'BULK_NOT_UNDOABLE');
  });

  it('puts lines in a cost centre and changes their labels by the line page’s rules, then undoes both', async () => {
    const [centre] = await t.db.insert(costCentres).values({ idClientBscs: f.account, code: 'BULK-TEST', libelle: 'Centre des actions groupées' }).returning();
    const [foreign] = await t.db.insert(costCentres).values({ idClientBscs: f.strangerAccount, code: 'BULK-AUTRE', libelle: 'Centre d’un autre compte' }).returning();
    const mine = [f.colleague(5), f.colleague(6)].map((line) => line.idContrat);
    const stored = async () => Promise.all(mine.map(async (idContrat) => { const line = await storedLine(t, idContrat); return { idCentre: line.idCentre, etiquettes: line.etiquettes }; }));
    const before = await stored();

    // Another account's centre is refused on every row, in the dry run as in the job.
    const refused = bodyOf(await t.send('POST', bulkPaths(f.account).start, { token: f.manager, json: { action: 'CENTRE_DE_COUT', parametres: { idCentre: foreign?.idCentre }, lignes: mine, simulation: true } }), bulkSimulationSchema);
    expect(refused.lignes.map((row) => [row.resultat, row.motif])).toEqual(mine.map(() => ['REFUS', errorMessage('COST_CENTRE_UNKNOWN')]));

    const placed = await startJob(t, f.manager, f.account, { action: 'CENTRE_DE_COUT', parametres: { idCentre: centre?.idCentre }, lignes: [...mine, f.unmanagedLine.idContrat] });
    expect(await jobOf(t, f.manager, f.account, placed)).toMatchObject({ statut: 'TERMINE', faits: 2, refuses: 1 });
    expect((await stored()).map((line) => line.idCentre)).toEqual([centre?.idCentre, centre?.idCentre]);

    // Eleven labels on a line would break the rule of ten: refused with its message, and nothing in the dry run changes.
    const tooMany = bodyOf(
      await t.send('POST', bulkPaths(f.account).start, { token: f.manager, json: { action: 'ETIQUETTES', parametres: { mode: 'AJOUTER', etiquettes: Array.from({ length: 10 }, (_, i) => `Lot ${i}`) }, lignes: mine, simulation: true } }),
      bulkSimulationSchema,
    );
    expect(tooMany.lignes.every((row) => row.resultat === 'OK' || row.motif === errorMessage('LINE_LABELS_TOO_MANY'))).toBe(true);
    const labelled = await startJob(t, f.manager, f.account, { action: 'ETIQUETTES', parametres: { mode: 'AJOUTER', etiquettes: ['Astreinte de nuit'] }, lignes: mine });
    expect(await jobOf(t, f.manager, f.account, labelled)).toMatchObject({ statut: 'TERMINE', faits: 2, refuses: 0 });
    for (const line of await stored()) expect(line.etiquettes).toContain('Astreinte de nuit');
    const audited = await auditCounts(t, 'MODIFICATION_ETIQUETTES_LIGNE', mine);
    for (const idContrat of mine) expect(audited.get(idContrat)).toBeGreaterThan(0);

    for (const id of [labelled, placed]) expect((await t.send('POST', `${bulkPaths(f.account).job(id)}/retour-arriere`, { token: f.manager })).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it('refuses an undo 15 minutes after the end', async () => {
    const id = await startJob(t, f.manager, f.account, { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'PARUTION' }, lignes: [f.colleague(4).idContrat] });
    t.clock.advance(15 * 60_000 + 1_000);
    expectError(await t.send('POST', `${bulkPaths(f.account).job(id)}/retour-arriere`, { token: f.manager }), 409, 'BULK_NOT_UNDOABLE');
  });

  it('bars and allows data with the freeze’s rules: a suspended line is refused with the single action’s reason', async () => {
    const lines = [f.colleague(0).idContrat, f.suspended.idContrat];
    const id = await startJob(t, f.manager, f.account, { action: 'DONNEES', parametres: { bloque: true }, lignes: lines });
    const job = await jobOf(t, f.manager, f.account, id);
    expect(job.lignes.map((row) => [row.resultat, row.motif])).toEqual([
      ['OK', null],
      ['REFUS', errorMessage('DATA_FREEZE_LINE_NOT_ACTIVE')],
    ]);
    expect((await auditCounts(t, 'BLOCAGE_DATA', lines)).get(f.colleague(0).idContrat)).toBe(1);
    const lifted = await startJob(t, f.manager, f.account, { action: 'DONNEES', parametres: { bloque: false }, lignes: [f.colleague(0).idContrat] });
    expect((await jobOf(t, f.manager, f.account, lifted)).faits).toBe(1);
    expect((await auditCounts(t, 'LEVEE_BLOCAGE_DATA', lines)).get(f.colleague(0).idContrat)).toBe(1);
  });

  it('bars or allows roaming or international calls, each line keeping its other barring, and undoes it line by line', async () => {
    const [a, b] = [f.colleague(7).idContrat, f.colleague(8).idContrat];
    await t.db.update(contracts).set({ barrageItinerance: false, barrageInternational: true }).where(eq(contracts.idContrat, a));
    await t.db.update(contracts).set({ barrageItinerance: false, barrageInternational: false }).where(eq(contracts.idContrat, b));
    const terminated = await createContract(t.db, { idClientBscs: f.account, codeStatut: 'RESILIE' });
    const barrings = async () =>
      Promise.all([a, b].map(async (idContrat) => { const line = await storedLine(t, idContrat); return [line.barrageItinerance, line.barrageInternational]; }));
    const lignes = [a, b, terminated.idContrat, f.unmanagedLine.idContrat];
    const roaming = { action: 'BARRAGE', parametres: { service: 'ITINERANCE', bloque: true }, lignes };

    for (const parametres of [{ service: 'DONNEES', bloque: true }, { service: 'ITINERANCE', bloque: 'true' }, { service: 'ITINERANCE' }]) {
      const invalid = await t.send('POST', bulkPaths(f.account).start, { token: f.manager, json: { ...roaming, parametres, simulation: true } });
      expect(invalid.statusCode, JSON.stringify(parametres)).toBe(400);
      expect(errorOf(invalid).code).toBe('BULK_PARAMETERS_INVALID');
    }

    const dryRun = bodyOf(await t.send('POST', bulkPaths(f.account).start, { token: f.manager, json: { ...roaming, simulation: true } }), bulkSimulationSchema);
    expect(dryRun.lignes.map((row) => [row.resultat, row.motif])).toEqual([
      ['OK', null],
      ['OK', null],
      ['REFUS', errorMessage('LINE_TERMINATED')],
      ['REFUS', FORBIDDEN],
    ]);
    expect(await barrings()).toEqual([[false, true], [false, false]]);
    expect([...(await auditCounts(t, 'MODIFICATION_BARRAGES', lignes)).values()]).toEqual([0, 0, 0, 0]);

    const barred = await startJob(t, f.manager, f.account, roaming);
    expect(await jobOf(t, f.manager, f.account, barred)).toMatchObject({ statut: 'TERMINE', faits: 2, refuses: 2 });
    expect(await barrings()).toEqual([[true, true], [true, false]]);
    const allowed = await startJob(t, f.manager, f.account, { action: 'BARRAGE', parametres: { service: 'INTERNATIONAL', bloque: false }, lignes: [a, b] });
    expect(await jobOf(t, f.manager, f.account, allowed)).toMatchObject({ statut: 'TERMINE', faits: 2, refuses: 0 });
    expect(await barrings()).toEqual([[true, false], [true, false]]);
    expect([...(await auditCounts(t, 'MODIFICATION_BARRAGES', lignes)).values()]).toEqual([2, 2, 0, 0]);

    // Each undo puts back what each line had of its job's service, and nothing of the other.
    expect((await t.send('POST', `${bulkPaths(f.account).job(allowed)}/retour-arriere`, { token: f.manager })).statusCode).toBe(200);
    expect(await barrings()).toEqual([[true, true], [true, false]]);
    expect((await t.send('POST', `${bulkPaths(f.account).job(barred)}/retour-arriere`, { token: f.manager })).statusCode).toBe(200);
    expect((await jobOf(t, f.manager, f.account, barred)).lignes.map((row) => row.resultat)).toEqual(['RETABLI', 'RETABLI', 'REFUS', 'REFUS']);
    expect(await barrings()).toEqual([[false, true], [false, false]]);
  });

  it('takes ten identical POSTs at once: ten jobs, each row of each done once, the lines consistent', async () => {
    const lines = [f.colleague(0), f.colleague(1), f.colleague(2), f.colleague(3)].map((line) => line.idContrat);
    const before = await auditCounts(t, 'MODIFICATION_ANNUAIRE', lines);
    const body = { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'LISTE_ROUGE' }, lignes: lines };
    const responses = await Promise.all(Array.from({ length: 10 }, () => t.send('POST', bulkPaths(f.account).start, { token: f.manager, json: body })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(202));
    const ids = responses.map((response) => (response.json() as { idTraitement: number }).idTraitement);
    expect(new Set(ids).size).toBe(10);
    for (const id of ids) expect(await jobOf(t, f.manager, f.account, id)).toMatchObject({ statut: 'TERMINE', faits: 4, refuses: 0 });
    const after = await auditCounts(t, 'MODIFICATION_ANNUAIRE', lines);
    for (const idContrat of lines) expect((after.get(idContrat) ?? 0) - (before.get(idContrat) ?? 0)).toBe(10);
    expect(await Promise.all(lines.map(listingOf))).toEqual(Array(4).fill('LISTE_ROUGE'));
  });

  it('records an agent’s job and each of its rows as the agent’s, with the reason', async () => {
    const agent = DEMO_AGENTS.distance;
    const motif = 'Demande du gestionnaire : annuaire de la flotte';
    const customer = await agentCustomerSession(t, agent, { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif });
    const [row] = await t.db.select({ id: agents.id }).from(agents).where(eq(agents.identifiant, agent.identifiant));
    const line = f.colleague(5).idContrat;
    const id = await startJob(t, customer, f.account, { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'PARUTION' }, lignes: [line, f.unmanagedLine.idContrat] });
    expect(await jobOf(t, customer, f.account, id)).toMatchObject({ statut: 'TERMINE', faits: 1, refuses: 1 });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.idContrat, line));
    const rowEntry = entries.filter((entry) => entry.action === 'MODIFICATION_ANNUAIRE').at(-1);
    expect(rowEntry).toMatchObject({ userId: row?.id, details: { motif } });
    const [started] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ACTION_GROUPEE')).orderBy(auditLog.id);
    expect(started).toBeDefined();
    const [stored] = await t.db.select().from(contracts).where(eq(contracts.idContrat, f.unmanagedLine.idContrat));
    expect(stored?.inscriptionAnnuaire).toBe(f.unmanagedLine.inscriptionAnnuaire);
  });
});
