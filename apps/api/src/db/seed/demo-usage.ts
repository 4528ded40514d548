import { CONSUMPTION_PERIODS_SHOWN, billingPeriodOf, periodBounds, periodsEndingWith } from '@ecare/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { contracts, lineUsage, offers } from '../schema.ts';
import { Random } from './random.ts';
import { parisDay } from '@ecare/shared/paris-time';

/** What the usage of a demo line is drawn from. */
export interface UsageLine {
  idContrat: number;
  idClientBscs: number;
  codeStatut: 'ACTIF' | 'SUSPENDU' | 'RESILIE' | 'EN_COURS';
  dateActivation: Date;
  /** The line's own portal user, if any. */
  userId: number | null;
  idOffreEngagement: number;
  dataMo: number | null;
  dataIllimitee: boolean;
}

export type UsageRow = typeof lineUsage.$inferInsert;

/** Out-of-bundle data, billed by gigabyte started beyond the allowance (excluding VAT). */
export const DATA_OVERAGE_CENTS_PER_GB = 1_000;
/** Minutes beyond a plan's included calls (Forfait Voix Pro 2 h), excluding VAT. */
export const VOICE_OVERAGE_CENTS_PER_MINUTE = 35;
export const VOICE_PLAN = { id: 105, minutes: 120 } as const;
/** Data-only SIM (tablet, router): no calls, no SMS. */
export const DATA_ONLY_PLAN = 106;
/** A capped line that went far beyond its allowance: this many times its data, month after month. */
const HEAVY_RATIOS = [1.35, 1.5, 1.7, 1.9, 2.1, 2.3] as const;

/** Day of the month and length of the month of a moment, in France. */
function dayInMonth(now: Date): { day: number; days: number } {
  const day = Number(parisDay(now).slice(8));
  const { fin } = periodBounds(billingPeriodOf(now));
  return { day, days: Number(fin.slice(8)) };
}

/**
 * The demo's heavy data user: the first line, by contract number, of the first demo account
 * (the bakery) that has no portal user of its own and whose plan caps data at 1 GB or more.
 */
export function heavyLineOf(lines: readonly UsageLine[]): UsageLine | undefined {
  const firstAccount = Math.min(...lines.map((line) => line.idClientBscs));
  return [...lines]
    .sort((a, b) => a.idContrat - b.idContrat)
    .find(
      (line) =>
        line.idClientBscs === firstAccount &&
        line.userId === null &&
        line.codeStatut === 'ACTIF' &&
        !line.dataIllimitee &&
        (line.dataMo ?? 0) >= 1_024,
    );
}

/**
 * Six billing periods of use for each line, ending with the one `now` falls in: calls, SMS and
 * data around a habit of the line's own (drawn from its contract number, so that a line's
 * figures do not depend on the others), capped plans staying under their allowance except the
 * heavy user's, who pays for each gigabyte started beyond it. The running period counts only
 * the days gone by; nothing before the activation month, nothing for a line not yet active, and
 * nothing in the running period for a suspended line. The same `now` always gives the same rows.
 */
export function buildDemoUsage(lines: readonly UsageLine[], now: Date): UsageRow[] {
  const periods = periodsEndingWith(billingPeriodOf(now), CONSUMPTION_PERIODS_SHOWN);
  const { day, days } = dayInMonth(now);
  const heavy = heavyLineOf(lines);
  const rows: UsageRow[] = [];

  for (const line of lines) {
    if (line.codeStatut === 'EN_COURS') continue;
    const rng = new Random(Math.imul(line.idContrat, 0x85ebca6b) ^ 0x2f6b_a3c1);
    const allowance = line.dataIllimitee ? null : (line.dataMo ?? 0);
    const voiceHabit = line.idOffreEngagement === VOICE_PLAN.id ? rng.int(85, 118) : rng.int(90, 950);
    const smsHabit = rng.int(8, 260);
    // Capped plans: a share of the allowance; unlimited ones: 6 to 45 GB a month.
    const dataHabit = allowance === null ? rng.int(6_144, 46_080) : Math.round(allowance * (0.2 + rng.next() * 0.55));
    const activation = billingPeriodOf(line.dateActivation);

    periods.forEach((periode, index) => {
      const running = index === periods.length - 1;
      // The same draws for every period, used or not, so each period's figures stay put.
      const voiceSwing = 0.75 + rng.next() * 0.5;
      const smsSwing = 0.6 + rng.next() * 0.8;
      const dataSwing = 0.7 + rng.next() * 0.45;
      const extraRoll = rng.next();
      const extraCents = rng.int(150, 1_290);
      if (periode < activation) return;
      if (running && line.codeStatut !== 'ACTIF') {
        rows.push({ idContrat: line.idContrat, periode: `${periode}-01`, voixMinutes: 0, sms: 0, dataMo: 0, horsForfaitCentimes: 0 });
        return;
      }
      // Share of the period the line was in service: days gone by, or days since activation.
      let share = running ? day / days : 1;
      if (periode === activation) {
        const activatedOn = Number(parisDay(line.dateActivation).slice(8));
        share = Math.max(0, share - (activatedOn - 1) / days);
      }

      const dataOnly = line.idOffreEngagement === DATA_ONLY_PLAN;
      const voixMinutes = dataOnly ? 0 : Math.round(voiceHabit * voiceSwing * share);
      const sms = dataOnly ? 0 : Math.round(smsHabit * smsSwing * share);
      let dataMo: number;
      if (line === heavy && allowance !== null) dataMo = Math.round(allowance * (HEAVY_RATIOS[index] ?? 2) * share);
      else if (allowance === null) dataMo = Math.round(dataHabit * dataSwing * share);
      else dataMo = Math.min(Math.round(dataHabit * dataSwing * share), Math.floor(allowance * 0.97));

      let horsForfaitCentimes = 0;
      if (allowance !== null && dataMo > allowance) horsForfaitCentimes += Math.ceil((dataMo - allowance) / 1_024) * DATA_OVERAGE_CENTS_PER_GB;
      if (line.idOffreEngagement === VOICE_PLAN.id && voixMinutes > VOICE_PLAN.minutes) {
        horsForfaitCentimes += (voixMinutes - VOICE_PLAN.minutes) * VOICE_OVERAGE_CENTS_PER_MINUTE;
      }
      // Now and then a call abroad or to a premium-rate number.
      if (!dataOnly && extraRoll < 0.12 * share) horsForfaitCentimes += extraCents;
      rows.push({ idContrat: line.idContrat, periode: `${periode}-01`, voixMinutes, sms, dataMo, horsForfaitCentimes });
    });
  }
  return rows;
}

/** What a demo line's usage is drawn from, as read from a contract joined to its offer (UsageLine). */
export const USAGE_LINE_COLUMNS = {
  idContrat: contracts.idContrat,
  idClientBscs: contracts.idClientBscs,
  codeStatut: contracts.codeStatut,
  dateActivation: contracts.dateActivation,
  userId: contracts.userId,
  idOffreEngagement: contracts.idOffreEngagement,
  dataMo: offers.dataMo,
  dataIllimitee: offers.dataIllimitee,
};

/** Seeds the demo lines' usage of the last six billing periods, `now` (the seeding time) being in the last. */
export async function seedDemoUsage(db: Database, now: Date = new Date()): Promise<void> {
  const lines = await db
    .select(USAGE_LINE_COLUMNS)
    .from(contracts)
    .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
    .orderBy(asc(contracts.idContrat));
  const rows = buildDemoUsage(lines, now);
  if (rows.length > 0) await db.insert(lineUsage).values(rows);
}
