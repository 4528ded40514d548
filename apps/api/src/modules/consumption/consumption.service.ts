import {
  CONSUMPTION_HISTORY_PERIODS,
  CONSUMPTION_PERIODS_SHOWN,
  billingPeriodOf,
  monthlyPrices,
  periodBounds,
  periodsBetween,
  periodsEndingWith,
  type Consumption,
  type ConsumptionDay,
  type ConsumptionPeriod,
  type ConsumptionRequest,
} from '@ecare/shared';
import { addDays, parisDay } from '@ecare/shared/paris-time';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import { planAllowances } from './consumption.allowances.ts';
import type { ConsumptionRepository, FedDay, FedPeriod, UsageRow } from './consumption.repository.ts';

export interface ConsumptionDeps {
  repo: ConsumptionRepository;
  policy: AccessPolicy;
  clock: Clock;
}

const MIB = 1024 * 1024;

/**
 * A period's use: its monthly reading, plus what the usage feed added to its days (decision 045):
 * bytes as MB (the plans count 1,024 MB a GB), seconds as minutes begun.
 */
function combined(monthly: UsageRow | undefined, fed: FedPeriod | undefined, periode: string): UsageRow | undefined {
  if (!fed) return monthly;
  return {
    periode: monthly?.periode ?? `${periode}-01`,
    dataMo: (monthly?.dataMo ?? 0) + Math.round(fed.dataOctets / MIB),
    voixMinutes: (monthly?.voixMinutes ?? 0) + Math.ceil(fed.voixSecondes / 60),
    sms: (monthly?.sms ?? 0) + fed.sms,
    horsForfaitCentimes: (monthly?.horsForfaitCentimes ?? 0) + fed.horsForfaitCentimes,
  };
}

/**
 * The running period's days from its first to `today`, each present (zeros when nothing was fed).
 * Each day is rounded on its own, like the period rounds its total: their sum may differ from the
 * period's by the rounding (decision 045); SMS and amounts add up exactly.
 */
function daysOf(periode: string, today: string, fedDays: readonly FedDay[]): ConsumptionDay[] {
  const fed = new Map(fedDays.map((day) => [day.jour, day]));
  const days: ConsumptionDay[] = [];
  for (let jour = periodBounds(periode).debut; jour <= today; jour = addDays(jour, 1)) {
    const day = fed.get(jour);
    days.push({
      jour,
      dataMo: Math.round(((day?.dataOctets ?? 0) + (day?.dataItineranceOctets ?? 0)) / MIB),
      dataItineranceMo: Math.round((day?.dataItineranceOctets ?? 0) / MIB),
      voixMinutes: Math.ceil(((day?.voixSecondes ?? 0) + (day?.voixItineranceSecondes ?? 0)) / 60),
      sms: day?.sms ?? 0,
      horsForfaitHT: monthlyPrices(day?.horsForfaitCentimes ?? 0).prixMensuelHT,
      itineranceHT: monthlyPrices(day?.itineranceCentimes ?? 0).prixMensuelHT,
      releves: day?.releves ?? 0,
    });
  }
  return days;
}

function periodOf(periode: string, current: string, row: UsageRow | undefined): ConsumptionPeriod {
  const prices = monthlyPrices(row?.horsForfaitCentimes ?? 0);
  return {
    periode,
    ...periodBounds(periode),
    enCours: periode === current,
    releve: row !== undefined,
    voixMinutes: row?.voixMinutes ?? 0,
    sms: row?.sms ?? 0,
    dataMo: row?.dataMo ?? 0,
    horsForfaitHT: prices.prixMensuelHT,
    horsForfaitTTC: prices.prixMensuelTTC,
  };
}

export function createConsumptionService({ repo, policy, clock }: ConsumptionDeps) {
  return {
    /**
     * A line's use over the chosen billing period and the five before it, against its plan's
     * allowance. The line's user and the managers of its account may read it; reads are not
     * audited (counts per month, not the calls themselves: decision 019).
     */
    async consumption(userId: number, { idContrat, periode }: ConsumptionRequest): Promise<Consumption> {
      await policy.contractAccess(userId, idContrat);
      const now = clock.now();
      const current = billingPeriodOf(now);
      const chosen = periode ?? current;
      const back = periodsBetween(chosen, current);
      if (back < 0) throw fail('CONSUMPTION_PERIOD_FUTURE');
      if (back >= CONSUMPTION_HISTORY_PERIODS) throw fail('CONSUMPTION_PERIOD_TOO_OLD');

      const line = await repo.line(idContrat);
      if (!line) throw fail('FORBIDDEN_CONTRACT');
      const shown = periodsEndingWith(chosen, CONSUMPTION_PERIODS_SHOWN);
      const history = periodsEndingWith(current, CONSUMPTION_HISTORY_PERIODS);
      // One read covers the periods shown and the year that may be chosen (17 rows at most).
      const first = [shown[0] ?? chosen, history[0] ?? current].sort()[0] ?? chosen;
      const today = parisDay(now);
      const running = chosen === current;
      const [rows, fedRows, fedDays] = await Promise.all([
        repo.usage(idContrat, periodBounds(first).debut, periodBounds(current).debut),
        repo.fedUsage(idContrat, periodBounds(first).debut, periodBounds(current).fin),
        running ? repo.fedDays(idContrat, periodBounds(current).debut, today) : Promise.resolve([]),
      ]);
      const monthly = new Map(rows.map((row) => [row.periode.slice(0, 7), row]));
      const fed = new Map(fedRows.map((row) => [row.periode, row]));
      const byPeriod = new Map<string, UsageRow>();
      for (const periode of new Set([...monthly.keys(), ...fed.keys()])) {
        const row = combined(monthly.get(periode), fed.get(periode), periode);
        if (row) byPeriod.set(periode, row);
      }
      return {
        idContrat,
        numeroLigne: line.numeroLigne,
        libelleOffre: line.libelleOffre,
        periode: chosen,
        periodeCourante: current,
        // What may be chosen is what was recorded (the running period always: it opens the page).
        periodesConsultables: history.filter((p) => p === current || byPeriod.has(p)).reverse(),
        forfait: planAllowances(line),
        periodes: shown.map((p) => periodOf(p, current, byPeriod.get(p))),
        jours: running ? daysOf(current, today, fedDays) : [],
      };
    },
  };
}
export type ConsumptionService = ReturnType<typeof createConsumptionService>;
