import { ANOMALY, DEFAULT_THRESHOLDS, type AlertType, type AlertUnit, type ThresholdAction, type ThresholdOrigin } from '@ecare/shared';

/** Thresholds as stored and compared: amounts in centimes HT. */
export interface StoredThresholds {
  dataPourcentages: number[];
  horsForfaitCentimes: number | null;
  itineranceCentimes: number | null;
  action: ThresholdAction;
  prevenirUtilisateur: boolean;
}

export const DEFAULT_STORED_THRESHOLDS: StoredThresholds = {
  dataPourcentages: [...DEFAULT_THRESHOLDS.dataPourcentages],
  horsForfaitCentimes: DEFAULT_THRESHOLDS.horsForfaitEurosHT * 100,
  itineranceCentimes: DEFAULT_THRESHOLDS.itineranceEurosHT * 100,
  action: DEFAULT_THRESHOLDS.action,
  prevenirUtilisateur: DEFAULT_THRESHOLDS.prevenirUtilisateur,
};

/** A line's thresholds: its own, else its account's, else the portal's. */
export function effectiveThresholds(line: StoredThresholds | null, account: StoredThresholds | null): { thresholds: StoredThresholds; origine: ThresholdOrigin } {
  if (line) return { thresholds: line, origine: 'LIGNE' };
  if (account) return { thresholds: account, origine: 'COMPTE' };
  return { thresholds: DEFAULT_STORED_THRESHOLDS, origine: 'DEFAUT' };
}

/** What the guard knows of a line when records were just counted for it. */
export interface WatchedLine {
  thresholds: StoredThresholds;
  /** MB included each period; null when data is unlimited. */
  dataAllowanceMo: number | null;
  /** The running period so far: data in MB (roaming included), out-of-bundle and roaming amounts. */
  periodDataMo: number;
  periodHorsForfaitCentimes: number;
  periodItineranceCentimes: number;
  /** Data of the days the records fell on (roaming included), in bytes. */
  touchedDaysOctets: number[];
  /** Data of each of the previous days with usage, up to ANOMALY.historyDays of them (bytes). */
  previousDaysOctets: number[];
  /** Out of bundle within the last 24 hours, in centimes HT. */
  horsForfait24hCentimes: number;
}

/**
 * An alert the line has earned; the store keeps one per line, type, `cle` and period. `seuil` and
 * `valeur` count in `unite`, amounts in centimes (the API shows them in euros).
 */
export interface AlertCandidate {
  type: AlertType;
  cle: string;
  seuil: number;
  valeur: number;
  unite: AlertUnit;
  /** With BLOCAGE_DATA, this crossing suspends the line's data. */
  gele: boolean;
}

const MIB = 1024 * 1024;

/**
 * The thresholds and anomalies a line has crossed (decision 047). Data percentages count only for
 * a capped plan; with BLOCAGE_DATA the largest percentage and the two amounts freeze the line's
 * data, the smaller percentages only warn, an anomaly never freezes (it may be a normal day of a
 * line that changed use: the manager decides).
 */
export function crossings(line: WatchedLine): AlertCandidate[] {
  const found: AlertCandidate[] = [];
  const { thresholds } = line;
  const freezes = thresholds.action === 'BLOCAGE_DATA';
  const allowance = line.dataAllowanceMo;
  if (allowance !== null && allowance > 0) {
    const reached = Math.floor((line.periodDataMo * 100) / allowance);
    const largest = Math.max(...thresholds.dataPourcentages);
    for (const percent of thresholds.dataPourcentages) {
      if (line.periodDataMo * 100 >= percent * allowance) {
        found.push({ type: 'DATA_SEUIL', cle: String(percent), seuil: percent, valeur: reached, unite: 'POURCENT', gele: freezes && percent === largest });
      }
    }
  }
  const amounts = [
    ['HORS_FORFAIT', thresholds.horsForfaitCentimes, line.periodHorsForfaitCentimes],
    ['ITINERANCE', thresholds.itineranceCentimes, line.periodItineranceCentimes],
  ] as const;
  for (const [type, threshold, value] of amounts) {
    if (threshold !== null && value >= threshold && value > 0) {
      found.push({ type, cle: String(threshold), seuil: threshold, valeur: value, unite: 'EUROS_HT', gele: freezes });
    }
  }
  const dayLimit = Math.max(ANOMALY.medianFactor * median(line.previousDaysOctets), ANOMALY.minimumOctets);
  const heaviestDay = Math.max(0, ...line.touchedDaysOctets);
  if (heaviestDay > dayLimit) {
    found.push({ type: 'ANOMALIE', cle: 'DATA_JOUR', seuil: Math.round(dayLimit / MIB), valeur: Math.round(heaviestDay / MIB), unite: 'MO', gele: false });
  }
  if (line.horsForfait24hCentimes >= ANOMALY.horsForfait24hCentimes) {
    found.push({
      type: 'ANOMALIE',
      cle: 'HORS_FORFAIT_24H',
      seuil: ANOMALY.horsForfait24hCentimes,
      valeur: line.horsForfait24hCentimes,
      unite: 'EUROS_HT',
      gele: false,
    });
  }
  return found;
}

/**
 * Whether a line's previous days can matter: a touched day at or below ANOMALY.minimumOctets
 * raises no anomaly whatever their median, so the guard reads them only above it.
 */
export const needsHistory = (touchedDayOctets: number) => touchedDayOctets > ANOMALY.minimumOctets;

/**
 * Whether a line's last 24 hours can reach the anomaly's amount: they hold at most what the days
 * they fall on hold (every record counted adds to its day, no amount is negative), so the guard
 * adds up the records only when those days reach it.
 */
export const mayReach24h = (recentDaysCentimes: number) => recentDaysCentimes >= ANOMALY.horsForfait24hCentimes;

/** The median of some values (0 for none): the middle one, or the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
