import { randomBytes } from 'node:crypto';
import { USAGE_BATCH_MAX, consumptionSchema, usageBatchAnswerSchema, type UsageEventInput } from '@ecare/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contracts, lineUsageDays } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { dayIncrements } from './usage-feed.rules.ts';
import { usageEvents } from './usage-feed.schema.ts';

const TOKEN = 'usage-feed-test-token-0123456789abcdef';
const URL = '/api/interne/usages';

const { t, f } = useTestContext(
  async (t) => {
    // The records below are of February to April 2026: the feed's clock stands a little after.
    t.clock.advance(new Date('2026-04-20T12:00:00Z').getTime() - t.clock.now().getTime());
    const lines = await t.db.select().from(contracts).orderBy(asc(contracts.idContrat));
    const running = lines.filter((line) => line.codeStatut === 'ACTIF');
    const [first, second] = running;
    const last = lines.at(-1);
    if (!first || !second || !last) throw new Error('the demo data has no running line');
    // A terminated line, of a number no running line carries.
    const [terminated] = await t.db
      .insert(contracts)
      .values({ ...first, idContrat: last.idContrat + 1, numeroLigne: '0799000001', codeStatut: 'RESILIE', iccid: null })
      .returning();
    if (!terminated) throw new Error('the terminated line was not made');
    const demo = await demoFixture(t);
    return { first, second, terminated, manager: demo.manager, managed: demo.colleagues[0] ?? first };
  },
  { env: { USAGE_FEED_TOKEN: TOKEN } },
);

const feed = (json: unknown, token: string | null = TOKEN) =>
  t.app.inject({ method: 'POST', url: URL, headers: token === null ? {} : { authorization: `Bearer ${token}` }, payload: json as object });

let sequence = 0;
/** A record of a line, its id new to this run. */
function record(numeroLigne: string, overrides: Partial<UsageEventInput> = {}): UsageEventInput {
  sequence += 1;
  return {
    idEvenement: `test-${randomBytes(6).toString('hex')}-${sequence}`,
    numeroLigne,
    horodatage: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    type: 'DATA',
    zone: 'FRANCE',
    volume: 1_000_000,
    montantHorsForfaitCentimes: 0,
    ...overrides,
  };
}

async function daysOf(idContrat: number) {
  return t.db.select().from(lineUsageDays).where(eq(lineUsageDays.idContrat, idContrat)).orderBy(asc(lineUsageDays.jour));
}
async function storedCount(ids: string[]) {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(usageEvents).where(inArray(usageEvents.idEvenement, ids));
  return row?.n ?? 0;
}

describe('POST /api/interne/usages', () => {
  it('refuses a caller without the feed’s token, or with another one, before reading the records', async () => {
    const body = { evenements: [record(f.first.numeroLigne)] };
    expectError(await feed(body, null), 401, 'USAGE_FEED_TOKEN_INVALID');
    expectError(await feed(body, `${TOKEN}x`), 401, 'USAGE_FEED_TOKEN_INVALID');
    expectError(await feed(body, TOKEN.slice(0, -1)), 401, 'USAGE_FEED_TOKEN_INVALID');
    const basic = await t.app.inject({ method: 'POST', url: URL, headers: { authorization: `Basic ${TOKEN}` }, payload: body });
    expectError(basic, 401, 'USAGE_FEED_TOKEN_INVALID');
    expect(await storedCount([body.evenements[0]?.idEvenement ?? ''])).toBe(0);
  });

  it('adds each record to its line’s day in France, roaming apart, and answers what it counted', async () => {
    const before = await daysOf(f.first.idContrat);
    // 23:30 UTC on 31 January is 1 February in Paris; the international form of the number is the line's.
    const international = `+33${f.first.numeroLigne.slice(1)}`;
    const batch = [
      record(f.first.numeroLigne, { horodatage: '2026-01-31T23:30:00Z', type: 'DATA', volume: 5_000_000, montantHorsForfaitCentimes: 150 }),
      record(international, { horodatage: '2026-02-01T08:00:00+01:00', type: 'VOIX', volume: 125 }),
      record(f.first.numeroLigne, { horodatage: '2026-02-01T09:00:00Z', type: 'SMS', volume: 2 }),
      record(f.first.numeroLigne, { horodatage: '2026-02-01T10:00:00Z', type: 'DATA_ITINERANCE', zone: 'MONDE', volume: 7_000, montantHorsForfaitCentimes: 1_234 }),
      record(f.first.numeroLigne, { horodatage: '2026-02-01T11:00:00Z', type: 'VOIX_ITINERANCE', zone: 'UE', volume: 60, montantHorsForfaitCentimes: 66 }),
      record(f.first.numeroLigne, { horodatage: '2026-01-31T22:59:59Z', type: 'DATA', volume: 1 }),
    ];
    const answer = bodyOf(await feed({ evenements: batch }), usageBatchAnswerSchema);
    expect(answer).toEqual({ acceptes: 6, doublons: 0, rejetes: [] });
    const days = (await daysOf(f.first.idContrat)).filter((day) => !before.some((old) => old.jour === day.jour));
    expect(days.map((day) => day.jour)).toEqual(['2026-01-31', '2026-02-01']);
    expect(days[0]).toMatchObject({ dataOctets: 1, releves: 1, horsForfaitCentimes: 0 });
    expect(days[1]).toMatchObject({
      dataOctets: 5_000_000,
      voixSecondes: 125,
      sms: 2,
      dataItineranceOctets: 7_000,
      voixItineranceSecondes: 60,
      horsForfaitCentimes: 150 + 1_234 + 66,
      itineranceCentimes: 1_234 + 66,
      releves: 5,
    });
  });

  it('counts a record once: sent again, twice in a batch, or by two batches at once', async () => {
    const day = '2026-03-10';
    const at = `${day}T10:00:00Z`;
    const batch = Array.from({ length: 30 }, () => record(f.second.numeroLigne, { horodatage: at, volume: 1_000, montantHorsForfaitCentimes: 7 }));
    const first = bodyOf(await feed({ evenements: batch }), usageBatchAnswerSchema);
    expect(first).toEqual({ acceptes: 30, doublons: 0, rejetes: [] });
    // The same batch again, with its first record twice more.
    const again = bodyOf(await feed({ evenements: [...batch, batch[0], batch[0]] }), usageBatchAnswerSchema);
    expect(again).toEqual({ acceptes: 0, doublons: 32, rejetes: [] });

    // Ten overlapping batches at once: 20 new records, each sent by several of them in another order.
    const fresh = Array.from({ length: 20 }, () => record(f.second.numeroLigne, { horodatage: at, volume: 1_000, montantHorsForfaitCentimes: 7 }));
    const batches = Array.from({ length: 10 }, (_, index) => {
      const part = fresh.filter((_, n) => (n + index) % 3 !== 0);
      return index % 2 === 0 ? part : [...part].reverse();
    });
    const answers = await Promise.all(batches.map(async (evenements) => bodyOf(await feed({ evenements }), usageBatchAnswerSchema)));
    expect(answers.reduce((sum, answer) => sum + answer.acceptes, 0)).toBe(20);
    answers.forEach((answer, index) => expect(answer.acceptes + answer.doublons).toBe(batches[index]?.length));
    const [stored] = (await daysOf(f.second.idContrat)).filter((row) => row.jour === day);
    expect(stored).toMatchObject({ dataOctets: 50 * 1_000, horsForfaitCentimes: 50 * 7, releves: 50 });
  });

  it('refuses, with their reason, the records of unknown or terminated lines and those ahead of the clock or too old, and counts the others', async () => {
    const good = record(f.first.numeroLigne);
    const unknown = record('0799999999');
    const terminated = record(f.terminated.numeroLigne);
    const future = record(f.first.numeroLigne, { horodatage: new Date(t.clock.now().getTime() + 10 * 60_000).toISOString() });
    const old = record(f.first.numeroLigne, { horodatage: new Date(t.clock.now().getTime() - 93 * 86_400_000).toISOString() });
    const answer = bodyOf(await feed({ evenements: [good, unknown, terminated, future, old] }), usageBatchAnswerSchema);
    expect(answer.acceptes).toBe(1);
    expect(answer.rejetes).toEqual([
      { idEvenement: unknown.idEvenement, raison: 'LIGNE_INCONNUE', message: 'Aucune ligne mobile ne porte ce numéro.' },
      { idEvenement: terminated.idEvenement, raison: 'LIGNE_RESILIEE', message: 'La ligne est résiliée : sa consommation n’est plus relevée.' },
      { idEvenement: future.idEvenement, raison: 'HORODATAGE_FUTUR', message: 'L’horodatage est dans le futur.' },
      { idEvenement: old.idEvenement, raison: 'HORODATAGE_ANCIEN', message: 'L’horodatage date de plus de 92 jours.' },
    ]);
    expect(await storedCount([good.idEvenement, unknown.idEvenement, terminated.idEvenement, future.idEvenement, old.idEvenement])).toBe(1);
  });

  it('refuses a malformed batch whole, with a French message, and keeps none of it', async () => {
    const good = record(f.first.numeroLigne);
    const malformed: unknown[] = [
      { evenements: [] },
      { evenements: [good, { ...record(f.first.numeroLigne), volume: -1 }] },
      { evenements: [good, { ...record(f.first.numeroLigne), volume: 1.5 }] },
      { evenements: [good, { ...record(f.first.numeroLigne), type: 'MMS' }] },
      { evenements: [good, { ...record(f.first.numeroLigne), horodatage: '2026-02-01 10:00' }] },
      { evenements: [good, { ...record(f.first.numeroLigne), numeroLigne: '0112345678' }] },
      { evenements: [good, { ...record(f.first.numeroLigne), idEvenement: 'a\u0000b' }] },
      { evenements: [good, { ...record(f.first.numeroLigne), idEvenement: 'x'.repeat(101) }] },
      { evenements: [good, { ...record(f.first.numeroLigne), extra: true }] },
      { evenements: Array.from({ length: USAGE_BATCH_MAX + 1 }, () => good) },
    ];
    for (const body of malformed) {
      const answer = await feed(body);
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(400);
    }
    expect(await storedCount([good.idEvenement])).toBe(0);
    // Over 5 MB: refused before it is parsed.
    const huge = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ evenements: [good], remplissage: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await storedCount([good.idEvenement])).toBe(0);
  });

  it('takes 10,000 records in one request', async () => {
    const batch = Array.from({ length: USAGE_BATCH_MAX }, (_, n) => record(n % 2 === 0 ? f.first.numeroLigne : f.second.numeroLigne, { horodatage: '2026-04-02T12:00:00Z', volume: 1 }));
    const answer = bodyOf(await feed({ evenements: batch }), usageBatchAnswerSchema);
    expect(answer).toEqual({ acceptes: USAGE_BATCH_MAX, doublons: 0, rejetes: [] });
    const [day] = (await daysOf(f.first.idContrat)).filter((row) => row.jour === '2026-04-02');
    expect(day?.releves).toBe(USAGE_BATCH_MAX / 2);
  }, 60_000);
});

describe('what the feed counted, on the consumption page', () => {
  it('adds to the running period of the line, roaming included, bytes as MB and seconds as minutes begun', async () => {
    const read = async () => {
      const answer = await t.send('POST', '/api/infoconso/getinfoconso', { token: f.manager, json: { idContrat: f.managed.idContrat } });
      expect(answer.statusCode, answer.body).toBe(200);
      const current = bodyOf(answer, consumptionSchema).periodes.find((period) => period.enCours);
      if (!current) throw new Error('no running period');
      return current;
    };
    const before = await read();
    expect(before.periode).toBe('2026-04');
    const MIB = 1024 * 1024;
    const at = '2026-04-10T10:00:00Z';
    const batch = [
      record(f.managed.numeroLigne, { horodatage: at, type: 'DATA', volume: 3 * MIB }),
      record(f.managed.numeroLigne, { horodatage: at, type: 'DATA_ITINERANCE', zone: 'UE', volume: MIB, montantHorsForfaitCentimes: 250 }),
      record(f.managed.numeroLigne, { horodatage: at, type: 'VOIX', volume: 61 }),
      record(f.managed.numeroLigne, { horodatage: at, type: 'SMS', volume: 3 }),
    ];
    expect(bodyOf(await feed({ evenements: batch }), usageBatchAnswerSchema).acceptes).toBe(4);
    const after = await read();
    expect(after.releve).toBe(true);
    expect(after.dataMo - before.dataMo).toBe(4);
    expect(after.voixMinutes - before.voixMinutes).toBe(2);
    expect(after.sms - before.sms).toBe(3);
    expect(Math.round((after.horsForfaitHT - before.horsForfaitHT) * 100)).toBe(250);
  });
});

describe('the days a batch adds to', () => {
  it('add up to its records, whatever they are', () => {
    const types = ['DATA', 'VOIX', 'SMS', 'DATA_ITINERANCE', 'VOIX_ITINERANCE'] as const;
    const event = fc.record({
      idContrat: fc.integer({ min: 1, max: 4 }),
      horodatage: fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2026-12-31T23:59:59Z'), noInvalidDate: true }),
      type: fc.constantFrom(...types),
      volume: fc.integer({ min: 0, max: 1_000_000_000 }),
      montantHorsForfaitCentimes: fc.integer({ min: 0, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 200 }), (events) => {
        const stored = events.map((e, n) => ({ ...e, idEvenement: String(n), zone: 'FRANCE' as const, recuLe: new Date() }));
        const days = dayIncrements(stored);
        const sum = (pick: (d: (typeof days)[number]) => number | undefined) => days.reduce((total, d) => total + (pick(d) ?? 0), 0);
        const of = (type: (typeof types)[number]) => stored.filter((e) => e.type === type).reduce((total, e) => total + e.volume, 0);
        expect(sum((d) => d.releves)).toBe(stored.length);
        expect(sum((d) => d.dataOctets)).toBe(of('DATA'));
        expect(sum((d) => d.voixSecondes)).toBe(of('VOIX'));
        expect(sum((d) => d.sms)).toBe(of('SMS'));
        expect(sum((d) => d.dataItineranceOctets)).toBe(of('DATA_ITINERANCE'));
        expect(sum((d) => d.voixItineranceSecondes)).toBe(of('VOIX_ITINERANCE'));
        expect(sum((d) => d.horsForfaitCentimes)).toBe(stored.reduce((total, e) => total + e.montantHorsForfaitCentimes, 0));
        expect(sum((d) => d.itineranceCentimes)).toBe(stored.filter((e) => e.type.endsWith('ITINERANCE')).reduce((total, e) => total + e.montantHorsForfaitCentimes, 0));
        expect(new Set(days.map((d) => `${d.idContrat}|${d.jour}`)).size).toBe(days.length);
      }),
    );
  });
});
