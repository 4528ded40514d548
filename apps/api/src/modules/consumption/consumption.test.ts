import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  CONSUMPTION_HISTORY_PERIODS,
  billingPeriodOf,
  consumptionSchema,
  periodBounds,
  periodsEndingWith,
  shiftPeriod,
} from '@ecare/shared';
import { and, asc, eq } from 'drizzle-orm';
import { OFFERS } from '../../db/reference/index.ts';
import { contracts, lineUsage, offers } from '../../db/schema.ts';
import { heavyLineOf } from '../../db/seed/demo-usage.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, useTestContext } from '../../test/harness.ts';
import { planAllowances } from './consumption.allowances.ts';

const { t, f } = useTestContext(demoFixture);

/** An active bakery line without a portal user, not the heavy user's. */
let colleague: typeof contracts.$inferSelect;
let heavy: typeof contracts.$inferSelect;

const URL = '/api/infoconso/getinfoconso';
const consumption = (token: string, json: unknown) => t.send('POST', URL, { token, json });

beforeAll(async () => {
  const withOffers = await t.db
    .select({ line: contracts, dataMo: offers.dataMo, dataIllimitee: offers.dataIllimitee })
    .from(contracts)
    .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement));
  const heavyId = heavyLineOf(withOffers.map(({ line, dataMo, dataIllimitee }) => ({ ...line, dataMo, dataIllimitee })))?.idContrat;
  const heavyLine = f.lines.find((line) => line.idContrat === heavyId);
  const other = f.colleagues.find((line) => line.idContrat !== heavyId);
  if (!other || !heavyLine) throw new Error('demo lines are not as expected');
  colleague = other;
  heavy = heavyLine;
});

const offerOf = (idOffreEngagement: number) => {
  const offer = OFFERS.find((candidate) => candidate.idOffreEngagement === idOffreEngagement);
  if (!offer) throw new Error(`no offer ${idOffreEngagement}`);
  return offer;
};

async function read(token: string, json: unknown) {
  const response = await consumption(token, json);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, consumptionSchema);
}

async function expectRefused(token: string, json: unknown, code: keyof typeof API_ERRORS, status: number) {
  const response = await consumption(token, json);
  expect(response.statusCode, `${JSON.stringify(json)} ${response.body}`).toBe(status);
  const error = errorOf(response);
  expect(error.code).toBe(code);
  if (code !== 'VALIDATION') expect(error.exceptionMessage).toBe(API_ERRORS[code].message);
}

describe('POST /api/infoconso/getinfoconso', () => {
  it('gives a manager the current billing period and the five before it, as recorded, against the plan', async () => {
    const current = billingPeriodOf(t.clock.now());
    const body = await read(f.manager, { idContrat: colleague.idContrat });
    const offer = offerOf(colleague.idOffreEngagement);
    expect(body).toMatchObject({ idContrat: colleague.idContrat, numeroLigne: colleague.numeroLigne, libelleOffre: offer.libelle, periode: current, periodeCourante: current });
    expect(body.periodes.map((period) => period.periode)).toEqual(periodsEndingWith(current, 6));
    // The demo records six periods: those, newest first, are the ones offered.
    expect(body.periodesConsultables).toEqual(periodsEndingWith(current, 6).reverse());
    expect(body.forfait.data).toEqual(offer.dataIllimitee ? { illimite: true, inclus: null } : { illimite: false, inclus: offer.dataMo });

    const stored = await t.db.select().from(lineUsage).where(eq(lineUsage.idContrat, colleague.idContrat)).orderBy(asc(lineUsage.periode));
    expect(stored).toHaveLength(6);
    body.periodes.forEach((period, index) => {
      const row = stored[index];
      expect(period).toEqual({
        periode: row?.periode.slice(0, 7),
        ...periodBounds(period.periode),
        enCours: index === 5,
        releve: true,
        voixMinutes: row?.voixMinutes,
        sms: row?.sms,
        dataMo: row?.dataMo,
        horsForfaitHT: (row?.horsForfaitCentimes ?? 0) / 100,
        horsForfaitTTC: Math.round((row?.horsForfaitCentimes ?? 0) * 1.2) / 100,
      });
    });
    // Capped plans stay under their allowance, but for the heavy user.
    if (body.forfait.data.inclus !== null) {
      for (const period of body.periodes) expect(period.dataMo).toBeLessThanOrEqual(body.forfait.data.inclus);
    }
  });

  it('shows the heavy user far above the allowance every full period, with out-of-bundle charges including VAT', async () => {
    const body = await read(f.manager, { idContrat: heavy.idContrat });
    const allowance = body.forfait.data;
    expect(allowance.illimite).toBe(false);
    const included = allowance.inclus ?? 0;
    expect(included).toBeGreaterThanOrEqual(1_024);
    const complete = body.periodes.filter((period) => !period.enCours);
    expect(complete).toHaveLength(5);
    for (const period of complete) {
      expect(period.dataMo, period.periode).toBeGreaterThan(included * 1.3);
      // At least the gigabytes started beyond the allowance, at 10 € HT each.
      expect(period.horsForfaitHT).toBeGreaterThanOrEqual(Math.ceil((period.dataMo - included) / 1_024) * 10);
      expect(period.horsForfaitTTC).toBeCloseTo(period.horsForfaitHT * 1.2, 2);
    }
    expect(Math.max(...complete.map((period) => period.dataMo))).toBeGreaterThan(included * 2);
  });

  it('lets the line user read their own line, for an earlier period too, with nothing recorded before the demo’s six periods', async () => {
    const current = billingPeriodOf(t.clock.now());
    const latest = await read(f.lineUser, { idContrat: f.own.idContrat });
    expect(latest.periodes.every((period) => period.releve)).toBe(true);

    const earlier = shiftPeriod(current, -2);
    const body = await read(f.lineUser, { idContrat: f.own.idContrat, periode: earlier });
    expect(body.periode).toBe(earlier);
    expect(body.periodeCourante).toBe(current);
    expect(body.periodes.map((period) => period.periode)).toEqual(periodsEndingWith(earlier, 6));
    expect(body.periodes.some((period) => period.enCours)).toBe(false);
    // The demo holds the current period and the five before it: the window's first two are older.
    expect(body.periodes.map((period) => period.releve)).toEqual([false, false, true, true, true, true]);
    const empty = body.periodes[0];
    expect(empty).toMatchObject({ voixMinutes: 0, sms: 0, dataMo: 0, horsForfaitHT: 0, horsForfaitTTC: 0 });
  });

  it('offers to choose only the periods with recorded usage, the running one always', async () => {
    const current = billingPeriodOf(t.clock.now());
    // A line with a gap in its records (two months without a reading) and one with none at all.
    const gapped = f.colleague(3);
    const gap = [shiftPeriod(current, -2), shiftPeriod(current, -3)];
    for (const periode of gap) {
      await t.db.delete(lineUsage).where(and(eq(lineUsage.idContrat, gapped.idContrat), eq(lineUsage.periode, `${periode}-01`)));
    }
    const withGap = await read(f.manager, { idContrat: gapped.idContrat });
    expect(withGap.periodesConsultables).toEqual(periodsEndingWith(current, 6).reverse().filter((periode) => !gap.includes(periode)));
    // Each period offered has figures, and the window of an older one shows them too.
    const oldest = withGap.periodesConsultables.at(-1) ?? current;
    expect((await read(f.manager, { idContrat: gapped.idContrat, periode: oldest })).periodes.at(-1)?.releve).toBe(true);

    const unread = f.colleague(4);
    await t.db.delete(lineUsage).where(eq(lineUsage.idContrat, unread.idContrat));
    expect((await read(f.manager, { idContrat: unread.idContrat })).periodesConsultables).toEqual([current]);
  });

  it('accepts the oldest period kept and refuses an older or a future one', async () => {
    const current = billingPeriodOf(t.clock.now());
    const oldest = shiftPeriod(current, -(CONSUMPTION_HISTORY_PERIODS - 1));
    expect((await read(f.manager, { idContrat: colleague.idContrat, periode: oldest })).periode).toBe(oldest);
    await expectRefused(f.manager, { idContrat: colleague.idContrat, periode: shiftPeriod(current, -CONSUMPTION_HISTORY_PERIODS) }, 'CONSUMPTION_PERIOD_TOO_OLD', 400);
    await expectRefused(f.manager, { idContrat: colleague.idContrat, periode: shiftPeriod(current, 1) }, 'CONSUMPTION_PERIOD_FUTURE', 400);
    await expectRefused(f.manager, { idContrat: colleague.idContrat, periode: '2999-01' }, 'CONSUMPTION_PERIOD_FUTURE', 400);
    // The catalogue's text (free of the shared constants) says the same history.
    expect(API_ERRORS.CONSUMPTION_PERIOD_TOO_OLD.message).toContain(`${CONSUMPTION_HISTORY_PERIODS} dernières périodes`);
  });

  it('refuses a malformed period or line (400)', async () => {
    for (const json of [
      { idContrat: colleague.idContrat, periode: '2026-13' },
      { idContrat: colleague.idContrat, periode: '2026-00' },
      { idContrat: colleague.idContrat, periode: '2026-1' },
      { idContrat: colleague.idContrat, periode: '26-01' },
      { idContrat: colleague.idContrat, periode: '2026-01-01' },
      { idContrat: colleague.idContrat, periode: 'janvier' },
      { idContrat: colleague.idContrat, periode: 202601 },
      { idContrat: colleague.idContrat, periode: null },
      { idContrat: String(colleague.idContrat) },
      { idContrat: 0 },
      { idContrat: -3 },
      { idContrat: 1.5 },
      { idContrat: 2_147_483_648 },
      {},
    ]) {
      await expectRefused(f.manager, json, 'VALIDATION', 400);
    }
    const response = await t.send('POST', URL, { token: f.manager, json: [] });
    expect(response.statusCode).toBe(400);
  });

  it('answers 403 to another customer, to a line user on a colleague’s line and to a mandataire on an account they do not manage', async () => {
    for (const [token, idContrat] of [
      [f.stranger, colleague.idContrat],
      [f.stranger, f.own.idContrat],
      [f.lineUser, colleague.idContrat],
      [f.mandataire, f.unmanagedLine.idContrat],
      [f.manager, f.unmanagedLine.idContrat],
      [f.manager, 2_147_483_647],
    ] as const) {
      await expectRefused(token, { idContrat }, 'FORBIDDEN_CONTRACT', 403);
      // The period is checked after the access: an unreachable line tells nothing about it.
      await expectRefused(token, { idContrat, periode: '2999-01' }, 'FORBIDDEN_CONTRACT', 403);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.send('POST', URL, { json: { idContrat: colleague.idContrat } });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });
});

describe('plan allowances', () => {
  const line = (idOffreEngagement: number) => {
    const offer = offerOf(idOffreEngagement);
    return { idContrat: 1, numeroLigne: '0600000000', idOffreEngagement, libelleOffre: offer.libelle, idGamme: offer.idGamme, dataMo: offer.dataMo, dataIllimitee: offer.dataIllimitee };
  };
  const unlimited = { illimite: true, inclus: null };

  it('counts calls and SMS as unlimited on the plans that say so, and data as the catalogue caps it', () => {
    expect(planAllowances(line(101))).toEqual({ voix: unlimited, sms: unlimited, data: { illimite: false, inclus: 5_120 } });
    expect(planAllowances(line(104))).toEqual({ voix: unlimited, sms: unlimited, data: unlimited });
  });

  it('gives the voice plan its two hours and the data-only SIM neither calls nor SMS', () => {
    expect(planAllowances(line(105))).toEqual({ voix: { illimite: false, inclus: 120 }, sms: unlimited, data: { illimite: false, inclus: 100 } });
    expect(planAllowances(line(106))).toEqual({ voix: { illimite: false, inclus: 0 }, sms: { illimite: false, inclus: 0 }, data: { illimite: false, inclus: 20_480 } });
  });

  it('includes nothing mobile on a fixed-line plan', () => {
    const none = { illimite: false, inclus: 0 };
    expect(planAllowances(line(201))).toEqual({ voix: none, sms: none, data: none });
  });
});
