import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths, bulkSimulationSchema, errorMessage, nextBillingPeriodStart, tariffAccountTargetsSchema, tariffChangeScheduledNote } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { contracts, invoices, offers, tariffChanges } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, useTestContext } from '../../test/harness.ts';
import { auditCounts, bulkPaths, jobOf, startJob } from '../../test/support/bulk-actions.ts';

const { t, f } = useTestContext(demoFixture);

/** The mobile range's plans, as this file sets them (those of the tariff change's tests): all sold but 106. */
const PLANS = { cheap: 105, base: 102, dear: 103, withdrawn: 106 } as const;
const today = () => parisDay(t.clock.now());

async function setLine(idContrat: number, idOffre: number, end: string | null): Promise<void> {
  await t.db.update(contracts).set({ idOffreEngagement: idOffre, idGamme: 1, dateFinEngagement: end, codeStatut: 'ACTIF' }).where(eq(contracts.idContrat, idContrat));
}

const changesOf = (idContrats: readonly number[]) => t.db.select().from(tariffChanges).where(inArray(tariffChanges.idContrat, [...idContrats]));

let libelleOf: (id: number) => string;

beforeAll(async () => {
  await t.db.update(offers).set({ commercialise: true, engagementMois: 12 }).where(eq(offers.idGamme, 1));
  await t.db.update(offers).set({ commercialise: false }).where(eq(offers.idOffreEngagement, PLANS.withdrawn));
  // Every invoice settled: the unpaid-balance check (action PU) lets the account through.
  await t.db.update(invoices).set({ resteAPayerCentimes: 0 });
  const plans = new Map((await t.db.select().from(offers)).map((plan) => [plan.idOffreEngagement, plan.libelle]));
  libelleOf = (id) => plans.get(id) ?? '';
});

describe('bulk plan change (CHANGEMENT_OFFRE)', () => {
  it('lists the plans the account’s lines may move to, for managers of the account only', async () => {
    const path = `/api/clients/${f.account}/chgmttarif/offres`;
    const answer = bodyOf(await t.get(path, f.manager), tariffAccountTargetsSchema);
    const ids = answer.offres.map((plan) => plan.idOffreEngagement);
    expect(ids).toEqual(expect.arrayContaining([PLANS.cheap, PLANS.base, PLANS.dear]));
    expect(ids).not.toContain(PLANS.withdrawn);
    expectError(await t.get(path, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(path, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
  });

  it('dry run: each line by the single change’s rules, with its reason or its effective date; nothing written', async () => {
    const [free, committed, pending, onTarget] = [f.colleague(0), f.colleague(1), f.colleague(2), f.colleague(3)].map((line) => line.idContrat) as [number, number, number, number];
    const end = addMonths(today(), 8);
    await setLine(free, PLANS.base, null);
    await setLine(committed, PLANS.base, end);
    await setLine(pending, PLANS.base, null);
    await setLine(onTarget, PLANS.cheap, null);
    const scheduled = await t.send('POST', '/api/chgmttarif/enregistrer', {
      token: f.manager,
      json: { idContrat: pending, idOffreCible: PLANS.dear, effet: 'PROCHAINE_FACTURATION', action: 'Application_de_DR14' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const changesBefore = await changesOf([free, committed, onTarget]);
    const lignes = [free, committed, pending, onTarget, f.suspended.idContrat, f.unmanagedLine.idContrat];

    const answer = bodyOf(
      await t.send('POST', bulkPaths(f.account).start, {
        token: f.manager,
        json: { action: 'CHANGEMENT_OFFRE', parametres: { idOffreCible: PLANS.cheap, action: 'Application_de_DR14' }, lignes, simulation: true },
      }),
      bulkSimulationSchema,
    );
    expect(answer.lignes.map((row) => [row.resultat, row.motif])).toEqual([
      ['OK', tariffChangeScheduledNote(libelleOf(PLANS.cheap), nextBillingPeriodStart(today()))],
      ['REFUS', errorMessage('TARIFF_CHANGE_DR14_COMMITTED', { date: end })],
      ['REFUS', errorMessage('TARIFF_CHANGE_IN_PROGRESS')],
      ['REFUS', errorMessage('TARIFF_CHANGE_TARGET_INVALID')],
      ['REFUS', errorMessage('TARIFF_CHANGE_LINE_INACTIVE')],
      ['REFUS', errorMessage('FORBIDDEN_CONTRACT')],
    ]);
    expect(await changesOf([free, committed, onTarget])).toEqual(changesBefore);

    const invalid = await t.send('POST', bulkPaths(f.account).start, {
      token: f.manager,
      json: { action: 'CHANGEMENT_OFFRE', parametres: { idOffreCible: PLANS.cheap }, lignes: [free], simulation: true },
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid)).toMatchObject({ code: 'BULK_PARAMETERS_INVALID', exceptionMessage: expect.stringContaining('DR14') });
  });

  it('schedules each change at the single change’s effective date, mails once for the job, then cancels them on undo', async () => {
    const [free, committed] = [f.colleague(4), f.colleague(5)].map((line) => line.idContrat) as [number, number];
    const end = addMonths(today(), 8);
    await setLine(free, PLANS.base, null);
    await setLine(committed, PLANS.base, end);
    const mailsBefore = (await t.outbox()).length;
    const lignes = [free, committed, f.unmanagedLine.idContrat];

    const id = await startJob(t, f.manager, f.account, { action: 'CHANGEMENT_OFFRE', parametres: { idOffreCible: PLANS.cheap, action: 'Renonciation_de_DR14' }, lignes });
    const job = await jobOf(t, f.manager, f.account, id);
    const note = tariffChangeScheduledNote(libelleOf(PLANS.cheap), nextBillingPeriodStart(today()));
    expect(job).toMatchObject({ statut: 'TERMINE', total: 3, faits: 2, refuses: 1 });
    expect(job.retourArrierePossibleJusquA).not.toBeNull();
    expect(job.lignes.map((row) => [row.resultat, row.motif])).toEqual([
      ['OK', note],
      ['OK', note],
      ['REFUS', errorMessage('FORBIDDEN_CONTRACT')],
    ]);
    const changes = await changesOf([free, committed]);
    expect(changes.map((change) => [change.idContrat, change.statut, change.idOffreCible, change.dateEffet, change.immediat])).toEqual(
      expect.arrayContaining([
        [free, 'EN_ATTENTE', PLANS.cheap, nextBillingPeriodStart(today()), false],
        [committed, 'EN_ATTENTE', PLANS.cheap, nextBillingPeriodStart(today()), false],
      ]),
    );
    // Scheduled, not applied: the lines keep their plan until the date.
    expect((await t.db.select().from(contracts).where(eq(contracts.idContrat, free)))[0]?.idOffreEngagement).toBe(PLANS.base);
    expect(await changesOf([f.unmanagedLine.idContrat])).toEqual([]);
    const audited = await auditCounts(t, 'DEMANDE_CHANGEMENT_FORFAIT', [free, committed, f.unmanagedLine.idContrat]);
    expect([...audited.values()]).toEqual([1, 1, 0]);
    // One e-mail for the job, not the single change's recap per line.
    const mails = (await t.outbox()).slice(0, (await t.outbox()).length - mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`traitement n° ${id}`);

    const undone = await t.send('POST', `${bulkPaths(f.account).job(id)}/retour-arriere`, { token: f.manager });
    expect(undone.statusCode, undone.body).toBe(200);
    const after = await jobOf(t, f.manager, f.account, id);
    expect(after.lignes.map((row) => row.resultat)).toEqual(['RETABLI', 'RETABLI', 'REFUS']);
    const cancelled = await t.db.select().from(tariffChanges).where(and(inArray(tariffChanges.idContrat, [free, committed]), eq(tariffChanges.statut, 'ANNULE')));
    expect(cancelled).toHaveLength(2);
    expect([...(await auditCounts(t, 'ANNULATION_CHANGEMENT_FORFAIT', [free, committed])).values()]).toEqual([1, 1]);
  });

  it('refuses the undo of a change whose line was changed again meanwhile, saying why', async () => {
    const line = f.colleague(3).idContrat;
    await setLine(line, PLANS.base, null);
    const id = await startJob(t, f.manager, f.account, { action: 'CHANGEMENT_OFFRE', parametres: { idOffreCible: PLANS.dear, action: 'Application_de_DR14' }, lignes: [line] });
    const [change] = await changesOf([line]);
    const cancelled = await t.send('POST', '/api/chgmttarif/annuler', { token: f.manager, json: { idChangement: change?.id } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await t.send('POST', `${bulkPaths(f.account).job(id)}/retour-arriere`, { token: f.manager })).statusCode).toBe(200);
    const [row] = (await jobOf(t, f.manager, f.account, id)).lignes;
    expect(row).toMatchObject({ resultat: 'OK', motif: `Retour arrière refusé : ${errorMessage('TARIFF_CHANGE_NOT_CANCELLABLE')}` });
  });
});
