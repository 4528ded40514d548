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
import { addDays, parisDay, parisInstant } from '@ecare/shared/paris-time';
import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { OFFERS } from '../../db/reference/index.ts';
import { contracts, lineUsage, lineUsageDays, offers } from '../../db/schema.ts';
import { heavyLineOf } from '../../db/seed/demo-usage.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, openApiDocumentSchema, useTestContext } from '../../test/harness.ts';
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

describe('the running period, day by day (decision 045)', () => {
  const MIB = 1024 * 1024;
  type FedDayRow = Omit<typeof lineUsageDays.$inferInsert, 'idContrat'>;

  /** Replaces the fed days of a line by `days`. */
  async function feedDays(idContrat: number, days: readonly FedDayRow[]) {
    await t.db.delete(lineUsageDays).where(eq(lineUsageDays.idContrat, idContrat));
    if (days.length > 0) await t.db.insert(lineUsageDays).values(days.map((day) => ({ ...day, idContrat })));
  }

  /** Runs `body` with the clock at `instant`, then puts it back. */
  async function at<T>(instant: Date, body: () => Promise<T>): Promise<T> {
    const shift = instant.getTime() - t.clock.now().getTime();
    t.clock.advance(shift);
    try {
      return await body();
    } finally {
      t.clock.advance(-shift);
    }
  }

  it('lists every day in France from the period’s first to today, zeros where nothing was fed, the last day included even when UTC is still on the day before', async () => {
    const line = f.colleague(5);
    const today = parisDay(t.clock.now());
    // Twenty past midnight in Paris: in UTC (and in New York) it is still the day before.
    const justAfterMidnight = parisInstant(today, 0, 20);
    expect(justAfterMidnight.toISOString().slice(0, 10)).toBe(addDays(today, -1));
    const first = `${today.slice(0, 7)}-01`;
    await feedDays(line.idContrat, [
      { jour: first, dataOctets: 3 * MIB, dataItineranceOctets: MIB, voixSecondes: 61, voixItineranceSecondes: 0, sms: 2, horsForfaitCentimes: 250, itineranceCentimes: 250, releves: 4 },
      { jour: today, dataOctets: MIB / 2, voixSecondes: 1, sms: 1, horsForfaitCentimes: 1, releves: 2 },
    ]);
    const body = await at(justAfterMidnight, () => read(f.manager, { idContrat: line.idContrat }));
    const day = Number(today.slice(8));
    expect(body.jours.map((entry) => entry.jour)).toEqual(Array.from({ length: day }, (_, index) => addDays(first, index)));
    expect(body.jours[0]).toEqual({ jour: first, dataMo: 4, dataItineranceMo: 1, voixMinutes: 2, sms: 2, horsForfaitHT: 2.5, itineranceHT: 2.5, releves: 4 });
    // Half a MB rounds to the nearest (up), a second is a minute begun, a centime stays a centime.
    expect(body.jours.at(-1)).toEqual({ jour: today, dataMo: 1, dataItineranceMo: 0, voixMinutes: 1, sms: 1, horsForfaitHT: 0.01, itineranceHT: 0, releves: 2 });
    for (const entry of body.jours.slice(1, -1)) {
      expect(entry).toEqual({ jour: entry.jour, dataMo: 0, dataItineranceMo: 0, voixMinutes: 0, sms: 0, horsForfaitHT: 0, itineranceHT: 0, releves: 0 });
    }
    await feedDays(line.idContrat, []);
  });

  it('is documented in French in the OpenAPI document, in the route and in the field', async () => {
    const document = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    const route = JSON.stringify(document.paths[URL]?.post);
    expect(route).toContain('`jours` la donne jour par jour (jour en France)');
    expect(route).toContain('Chaque jour est arrondi à part');
    expect(route).toContain('Données du jour, en France et en itinérance, en Mo de 1 024 × 1 024 octets');
  });

  it('is empty for a closed period, and all zeros for a running one the feed has not reached yet', async () => {
    const line = f.colleague(5);
    await feedDays(line.idContrat, []);
    const current = billingPeriodOf(t.clock.now());
    expect((await read(f.manager, { idContrat: line.idContrat, periode: shiftPeriod(current, -1) })).jours).toEqual([]);
    const running = await read(f.manager, { idContrat: line.idContrat });
    expect(running.jours).toHaveLength(Number(parisDay(t.clock.now()).slice(8)));
    expect(running.jours.every((day) => day.releves === 0 && day.dataMo === 0 && day.voixMinutes === 0 && day.sms === 0 && day.horsForfaitHT === 0)).toBe(true);
  });

  it('gives days whose SMS and amounts add up to what the period adds from the feed, and whose rounded MB and minutes stay within the rounding of it', async () => {
    const line = f.colleague(5);
    await feedDays(line.idContrat, []);
    const monthly = (await read(f.manager, { idContrat: line.idContrat })).periodes.at(-1);
    if (!monthly) throw new Error('no running period');
    const today = parisDay(t.clock.now());
    const first = `${today.slice(0, 7)}-01`;
    const count = Number(today.slice(8));
    const dayArbitrary = fc.record({
      index: fc.integer({ min: 0, max: count - 1 }),
      dataOctets: fc.integer({ min: 0, max: 5 * 1024 * MIB }),
      dataItineranceOctets: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 512 * MIB })),
      voixSecondes: fc.integer({ min: 0, max: 8 * 3600 }),
      voixItineranceSecondes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3600 })),
      sms: fc.integer({ min: 0, max: 500 }),
      horsForfaitCentimes: fc.integer({ min: 0, max: 50_000 }),
      releves: fc.integer({ min: 1, max: 1_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(dayArbitrary, { selector: (day) => day.index, maxLength: count }), async (fed) => {
        const rows = fed.map(({ index, ...day }) => ({ ...day, jour: addDays(first, index), itineranceCentimes: Math.min(day.horsForfaitCentimes, 100) }));
        await feedDays(line.idContrat, rows);
        const body = await read(f.manager, { idContrat: line.idContrat });
        const period = body.periodes.at(-1);
        if (!period) throw new Error('no running period');
        expect(body.jours).toHaveLength(count);
        const sum = (pick: (day: (typeof body.jours)[number]) => number) => body.jours.reduce((total, day) => total + pick(day), 0);
        const total = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((all, row) => all + pick(row), 0);
        // Exact: SMS, records, and amounts in centimes.
        expect(sum((day) => day.sms)).toBe(period.sms - monthly.sms);
        expect(sum((day) => day.releves)).toBe(total((row) => row.releves));
        expect(sum((day) => Math.round(day.horsForfaitHT * 100))).toBe(Math.round((period.horsForfaitHT - monthly.horsForfaitHT) * 100));
        expect(sum((day) => Math.round(day.itineranceHT * 100))).toBe(total((row) => row.itineranceCentimes));
        // The period rounds its total of bytes and seconds; each day rounds its own.
        const fedMo = period.dataMo - monthly.dataMo;
        expect(fedMo).toBe(Math.round(total((row) => row.dataOctets + row.dataItineranceOctets) / MIB));
        expect(Math.abs(sum((day) => day.dataMo) - fedMo)).toBeLessThanOrEqual((rows.length + 1) / 2);
        const fedMinutes = period.voixMinutes - monthly.voixMinutes;
        expect(fedMinutes).toBe(Math.ceil(total((row) => row.voixSecondes + row.voixItineranceSecondes) / 60));
        expect(sum((day) => day.voixMinutes)).toBeGreaterThanOrEqual(fedMinutes);
        expect(sum((day) => day.voixMinutes) - fedMinutes).toBeLessThan(Math.max(1, rows.length));
        for (const day of body.jours) expect(day.dataItineranceMo).toBeLessThanOrEqual(day.dataMo);
      }),
      { numRuns: 25 },
    );
    await feedDays(line.idContrat, []);
  }, 60_000);
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
