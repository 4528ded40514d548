import { parisDay } from '@ecare/shared/paris-time';
import { USAGE_CLOCK_SKEW_MS, USAGE_MAX_AGE_DAYS, USAGE_REJECTIONS, type UsageBatchAnswer, type UsageEvent, type UsageRejection } from '@ecare/shared';
import type { FedLine, StoredUsageEvent, UsageDayIncrement } from './usage-feed.repository.ts';

/** What a batch becomes before it is written: the records to keep, the duplicates within it, the refused ones. */
export interface SortedBatch {
  toKeep: StoredUsageEvent[];
  /** Records whose id came earlier in the same batch: the first one counts. */
  repeated: number;
  rejected: UsageBatchAnswer['rejetes'];
}

const reject = (idEvenement: string, raison: UsageRejection) => ({ idEvenement, raison, message: USAGE_REJECTIONS[raison] });

/** Sorts a batch's records: the first of each id, on a running line, neither ahead of the clock nor too old, is kept. */
export function sortBatch(events: readonly UsageEvent[], lines: ReadonlyMap<string, FedLine>, now: Date): SortedBatch {
  const seen = new Set<string>();
  const sorted: SortedBatch = { toKeep: [], repeated: 0, rejected: [] };
  const latest = now.getTime() + USAGE_CLOCK_SKEW_MS;
  const earliest = now.getTime() - USAGE_MAX_AGE_DAYS * 86_400_000;
  for (const event of events) {
    if (seen.has(event.idEvenement)) {
      sorted.repeated += 1;
      continue;
    }
    seen.add(event.idEvenement);
    const line = lines.get(event.numeroLigne);
    const at = new Date(event.horodatage);
    if (!line) sorted.rejected.push(reject(event.idEvenement, 'LIGNE_INCONNUE'));
    else if (line.resiliee) sorted.rejected.push(reject(event.idEvenement, 'LIGNE_RESILIEE'));
    else if (at.getTime() > latest) sorted.rejected.push(reject(event.idEvenement, 'HORODATAGE_FUTUR'));
    else if (at.getTime() < earliest) sorted.rejected.push(reject(event.idEvenement, 'HORODATAGE_ANCIEN'));
    else {
      sorted.toKeep.push({
        idEvenement: event.idEvenement,
        idContrat: line.idContrat,
        horodatage: at,
        type: event.type,
        zone: event.zone,
        volume: event.volume,
        montantHorsForfaitCentimes: event.montantHorsForfaitCentimes,
        recuLe: now,
      });
    }
  }
  return sorted;
}

/** Where each type of record adds its volume in its line's day. */
const VOLUME_OF = {
  DATA: 'dataOctets',
  VOIX: 'voixSecondes',
  SMS: 'sms',
  DATA_ITINERANCE: 'dataItineranceOctets',
  VOIX_ITINERANCE: 'voixItineranceSecondes',
} as const satisfies Record<StoredUsageEvent['type'], keyof UsageDayIncrement>;
const ROAMING = new Set<StoredUsageEvent['type']>(['DATA_ITINERANCE', 'VOIX_ITINERANCE']);

/** The kept records added up per line and day in France: what each line's day grows by. */
export function dayIncrements(events: readonly StoredUsageEvent[]): UsageDayIncrement[] {
  const days = new Map<string, Required<UsageDayIncrement>>();
  // A day in France starts and ends on a whole UTC hour: one reading of the calendar per hour.
  const dayOfHour = new Map<number, string>();
  for (const event of events) {
    const hour = Math.floor(event.horodatage.getTime() / 3_600_000);
    let jour = dayOfHour.get(hour);
    if (jour === undefined) {
      jour = parisDay(event.horodatage);
      dayOfHour.set(hour, jour);
    }
    const key = `${event.idContrat}|${jour}`;
    let day = days.get(key);
    if (!day) {
      day = { idContrat: event.idContrat, jour, dataOctets: 0, voixSecondes: 0, sms: 0, dataItineranceOctets: 0, voixItineranceSecondes: 0, horsForfaitCentimes: 0, itineranceCentimes: 0, releves: 0 };
      days.set(key, day);
    }
    day[VOLUME_OF[event.type]] += event.volume;
    day.horsForfaitCentimes += event.montantHorsForfaitCentimes;
    if (ROAMING.has(event.type)) day.itineranceCentimes += event.montantHorsForfaitCentimes;
    day.releves += 1;
  }
  return [...days.values()];
}
