import type { UsageEvent, UsageType, UsageZone } from '@ecare/shared';
import { parisWallTime } from '@ecare/shared/paris-time';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../core/jobs.ts';
import { DATA_ONLY_PLAN, DATA_OVERAGE_CENTS_PER_GB, heavyLineOf, VOICE_OVERAGE_CENTS_PER_MINUTE, VOICE_PLAN, type UsageLine } from '../../db/seed/demo-usage.ts';
import { Random } from '../../db/seed/random.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UsageFeedRepository } from './usage-feed.repository.ts';
import type { UsageFeedService } from './usage-feed.service.ts';

/*
 * The demo usage feed (decision 045): with the demo data loaded, a job plays the mediation system
 * every minute, so that a fresh `npm start` shows usage growing. Its records are drawn from the
 * line and the minute only: a minute fed twice (two instances, a retried tick) counts once.
 */

export const DEMO_USAGE_FEED_JOB = 'usage-feed-demo';
/** Every minute (UTC); each tick feeds the minute that has just ended. */
export const DEMO_USAGE_FEED_CRON = '* * * * *';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

/** The largest record the generator draws of each kind: a heavy user's slice of a minute, a 10-minute call, 3 SMS. */
export const DEMO_FEED_MAX = { dataOctets: 256 * MIB, voiceSeconds: 600, sms: 3 } as const;

/** A demo line as the feed draws its usage: its plan, its part in the demo, what it used so far this billing period. */
export interface DemoFeedLine {
  idContrat: number;
  numeroLigne: string;
  idOffreEngagement: number;
  /** The plan's data allowance in MB; null: unlimited. */
  dataMo: number | null;
  /** The demo's heavy data user (heavyLineOf): a few hundred MB a minute, day and night. */
  heavy: boolean;
  /** Travels in the EU now and then (a lorry driver): some days all its usage is roaming. */
  traveller: boolean;
  /** Used so far in the running billing period: data in bytes (roaming included), calls in seconds. */
  usedDataOctets: number;
  usedVoiceSeconds: number;
}

/** A line of a demo account as stored, with its plan. */
export interface DemoAccountLine extends UsageLine {
  numeroLigne: string;
}

/** Lines of the demo accounts that are fed: the running ones, the heavy user and the travellers named. */
export function demoFeedLines(lines: readonly DemoAccountLine[], used: ReadonlyMap<number, { dataOctets: number; voiceSeconds: number }>): DemoFeedLine[] {
  const heavy = heavyLineOf(lines);
  const accounts = [...new Set(lines.map((line) => line.idClientBscs))].sort((a, b) => a - b);
  // Two lines of the second demo account (the haulier) cross borders.
  const travellers = new Set(
    lines
      .filter((line) => line.idClientBscs === accounts[1] && line.codeStatut === 'ACTIF' && line.idOffreEngagement !== DATA_ONLY_PLAN && line !== heavy)
      .sort((a, b) => a.idContrat - b.idContrat)
      .slice(0, 2)
      .map((line) => line.idContrat),
  );
  return lines
    .filter((line) => line.codeStatut === 'ACTIF')
    .map((line) => ({
      idContrat: line.idContrat,
      numeroLigne: line.numeroLigne,
      idOffreEngagement: line.idOffreEngagement,
      dataMo: line.dataIllimitee ? null : (line.dataMo ?? 0),
      heavy: line === heavy,
      traveller: travellers.has(line.idContrat),
      usedDataOctets: used.get(line.idContrat)?.dataOctets ?? 0,
      usedVoiceSeconds: used.get(line.idContrat)?.voiceSeconds ?? 0,
    }));
}

/** Share of a line's habit used in each hour of the day in France: busy working hours, quiet nights. */
const ACTIVITY_BY_HOUR = [0.05, 0.03, 0.02, 0.02, 0.03, 0.08, 0.25, 0.55, 0.85, 1, 1, 1, 0.8, 0.9, 1, 1, 1, 0.95, 0.8, 0.6, 0.45, 0.35, 0.2, 0.1] as const;
/** Sunday, then Saturday, are quieter. */
const ACTIVITY_BY_WEEKDAY = [0.4, 1, 1, 1, 1, 1, 0.7] as const;
/** Minutes of full activity in a month: about ten working hours a day. */
const ACTIVE_MINUTES_A_MONTH = 30 * 10 * 60;

/** How busy lines are at `minute`, from 0 to 1. */
export function activityAt(minute: Date): number {
  const { hour, weekday } = parisWallTime(minute);
  return (ACTIVITY_BY_HOUR[hour] ?? 0) * (ACTIVITY_BY_WEEKDAY[weekday] ?? 1);
}

/** A line's habit: drawn from its contract number alone, so that it never changes. */
function habitOf(line: DemoFeedLine) {
  const rng = new Random(Math.imul(line.idContrat, 0x27d4eb2f) ^ 0x5bd1_e995);
  const monthlyDataMo = line.dataMo === null ? rng.int(6_144, 46_080) : line.dataMo * (0.2 + rng.next() * 0.55);
  const monthlyMinutes = line.idOffreEngagement === VOICE_PLAN.id ? rng.int(85, 118) : rng.int(90, 950);
  return {
    dataMoPerMinute: monthlyDataMo / ACTIVE_MINUTES_A_MONTH,
    // Calls of three minutes on average.
    callsPerMinute: monthlyMinutes / 3 / ACTIVE_MINUTES_A_MONTH,
    smsPerMinute: rng.int(8, 260) / ACTIVE_MINUTES_A_MONTH,
  };
}

/** Whether a travelling line is abroad (in the EU) on the day of `minute`: about one day in four. */
function abroad(line: DemoFeedLine, minute: Date): boolean {
  if (!line.traveller) return false;
  const day = Date.parse(`${parisWallTime(minute).day}T00:00:00Z`) / 86_400_000;
  return new Random(Math.imul(line.idContrat, 0x1b873593) ^ day).next() < 0.25;
}

/** What a use costs beyond the bundle: each gigabyte started, each minute begun, past the plan's allowance. */
function overage(line: DemoFeedLine, used: { dataOctets: number; voiceSeconds: number }, type: UsageType, volume: number): number {
  if (type === 'DATA' || type === 'DATA_ITINERANCE') {
    const allowance = line.dataMo;
    if (allowance === null) return 0;
    const beyond = (octets: number) => Math.ceil(Math.max(0, octets - allowance * MIB) / GIB);
    const cents = (beyond(used.dataOctets + volume) - beyond(used.dataOctets)) * DATA_OVERAGE_CENTS_PER_GB;
    used.dataOctets += volume;
    return cents;
  }
  if (type === 'VOIX' || type === 'VOIX_ITINERANCE') {
    const beyond = (seconds: number) => Math.max(0, Math.ceil(seconds / 60) - VOICE_PLAN.minutes);
    const cents = line.idOffreEngagement === VOICE_PLAN.id ? (beyond(used.voiceSeconds + volume) - beyond(used.voiceSeconds)) * VOICE_OVERAGE_CENTS_PER_MINUTE : 0;
    used.voiceSeconds += volume;
    return cents;
  }
  return 0;
}

/**
 * The records of one minute of the demo lines (`minute`: its first millisecond): each line's data,
 * calls and SMS around its habit, busier by day than by night in France, the heavy user always
 * downloading, a traveller's usage as EU roaming on its days abroad. The volumes depend on the
 * line and the minute only, and so do the ids (`demo-<contract>-<minute>-<n>`): a minute drawn
 * twice gives the same records. The out-of-bundle amounts follow what each line has used this
 * period: nothing until its allowance is gone (EU roaming is charged as at home).
 */
export function demoUsageBatch(lines: readonly DemoFeedLine[], minute: Date): UsageEvent[] {
  const minuteIndex = Math.floor(minute.getTime() / 60_000);
  const start = minuteIndex * 60_000;
  const activity = activityAt(new Date(start));
  const records: UsageEvent[] = [];
  for (const line of lines) {
    const rng = new Random(Math.imul(line.idContrat, 0x9e3779b1) ^ Math.imul(minuteIndex, 0x85ebca6b) ^ 0x1f2e_3d4c);
    const habit = habitOf(line);
    const away = abroad(line, new Date(start));
    const zone: UsageZone = away ? 'UE' : 'FRANCE';
    const drawn: { at: number; type: UsageType; volume: number }[] = [];
    const at = () => start + rng.int(0, 59_999);

    if (line.heavy) {
      // A few hundred MB a minute, less at night, in two or three pieces.
      const total = rng.int(200, 450) * MIB * (0.6 + 0.4 * activity);
      const pieces = rng.int(2, 3);
      for (let piece = 0; piece < pieces; piece++) drawn.push({ at: at(), type: away ? 'DATA_ITINERANCE' : 'DATA', volume: Math.round(total / pieces) });
    } else if (rng.next() < 0.7 * activity) {
      const volume = Math.round((habit.dataMoPerMinute / 0.7) * (0.3 + rng.next() * 1.4) * MIB);
      if (volume > 0) drawn.push({ at: at(), type: away ? 'DATA_ITINERANCE' : 'DATA', volume: Math.min(volume, DEMO_FEED_MAX.dataOctets) });
    }
    if (line.idOffreEngagement !== DATA_ONLY_PLAN) {
      if (rng.next() < habit.callsPerMinute * activity) drawn.push({ at: at(), type: away ? 'VOIX_ITINERANCE' : 'VOIX', volume: rng.int(15, DEMO_FEED_MAX.voiceSeconds) });
      if (rng.next() < habit.smsPerMinute * activity) drawn.push({ at: at(), type: 'SMS', volume: rng.int(1, DEMO_FEED_MAX.sms) });
    }

    const used = { dataOctets: line.usedDataOctets, voiceSeconds: line.usedVoiceSeconds };
    drawn.sort((a, b) => a.at - b.at);
    drawn.forEach((record, n) => {
      records.push({
        idEvenement: `demo-${line.idContrat}-${minuteIndex}-${n}`,
        numeroLigne: line.numeroLigne,
        horodatage: new Date(record.at).toISOString(),
        type: record.type,
        zone,
        volume: record.volume,
        montantHorsForfaitCentimes: overage(line, used, record.type, record.volume),
      });
    });
  }
  return records;
}

export interface DemoFeedDeps {
  repo: UsageFeedRepository;
  service: Pick<UsageFeedService, 'ingest'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Feeds, every minute, the minute just ended of the demo accounts' lines (none when the demo data is not loaded). */
export function scheduleDemoUsageFeed(jobs: Jobs, { repo, service, clock, log }: DemoFeedDeps): Promise<void> {
  return jobs.schedule(DEMO_USAGE_FEED_JOB, DEMO_USAGE_FEED_CRON, async () => {
    const now = clock.now();
    const { lines, used } = await repo.demoLines(now);
    const evenements = demoUsageBatch(demoFeedLines(lines, used), new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 60_000));
    if (evenements.length === 0) return;
    const answer = await service.ingest({ evenements });
    log.debug({ acceptes: answer.acceptes, doublons: answer.doublons, rejetes: answer.rejetes.length }, 'demo usage fed');
  });
}
