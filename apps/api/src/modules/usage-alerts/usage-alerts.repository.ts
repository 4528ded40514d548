import { and, count, desc, eq, gte, inArray, isNotNull, lt, or, sql, type Column } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { contracts, lineUsage, lineUsageDays, offers, userBillingAccounts, users } from '../../db/schema.ts';
import { usageEvents } from '../usage-feed/index.ts';
import type { AlertCandidate, StoredThresholds } from './usage-alerts.rules.ts';
import { dataFreezes, usageAlerts, usageThresholds } from './usage-alerts.schema.ts';

export type AlertRow = typeof usageAlerts.$inferSelect & { numeroLigne: string };
export type FreezeRow = typeof dataFreezes.$inferSelect;

/** A line as the guard reads it when records were counted for it. */
export interface WatchRow {
  idContrat: number;
  idClientBscs: number;
  numeroLigne: string;
  codeStatut: string;
  dataMo: number | null;
  dataIllimitee: boolean;
  utilisateurEmail: string | null;
  lineThresholds: StoredThresholds | null;
  accountThresholds: StoredThresholds | null;
  /** The monthly reading of the running period, in MB, and its out-of-bundle amount. */
  monthlyDataMo: number;
  monthlyHorsForfaitCentimes: number;
  /** What the feed counted in the running period's days. */
  fedDataOctets: number;
  fedHorsForfaitCentimes: number;
  fedItineranceCentimes: number;
  /** Data of the heaviest day touched now, and the out-of-bundle amount of the days the last 24 hours fall on. */
  touchedDayOctets: number;
  recentDaysHorsForfaitCentimes: number;
}

/** Ids per statement: far below PostgreSQL's 65,535 parameters. */
const IDS_PER_STATEMENT = 5_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const thresholdColumns = {
  dataPourcentages: usageThresholds.dataPourcentages,
  horsForfaitCentimes: usageThresholds.horsForfaitCentimes,
  itineranceCentimes: usageThresholds.itineranceCentimes,
  action: usageThresholds.action,
  prevenirUtilisateur: usageThresholds.prevenirUtilisateur,
};

const alertColumns = {
  idAlerte: usageAlerts.idAlerte,
  idContrat: usageAlerts.idContrat,
  idClientBscs: usageAlerts.idClientBscs,
  periode: usageAlerts.periode,
  type: usageAlerts.type,
  cle: usageAlerts.cle,
  seuil: usageAlerts.seuil,
  valeur: usageAlerts.valeur,
  unite: usageAlerts.unite,
  declencheeLe: usageAlerts.declencheeLe,
  statut: usageAlerts.statut,
  blocage: usageAlerts.blocage,
  numeroLigne: contracts.numeroLigne,
};

/** `column = any(ids)`: the ids as one array parameter, one plan whatever their count. */
const anyOf = (column: Column, ids: readonly number[]) => sql`${column} = any(${sql.param([...ids])}::int[])`;

/** Sums as double precision: exact up to 2^53, far above a line's month of bytes. */
const total = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${expression}), 0)::float8`;

export function createUsageAlertsRepository(db: Database) {
  return {
    async accountThresholds(idClientBscs: number): Promise<StoredThresholds | null> {
      const [row] = await db.select(thresholdColumns).from(usageThresholds).where(eq(usageThresholds.idClientBscs, idClientBscs));
      return row ?? null;
    },

    async lineThresholds(idContrat: number): Promise<StoredThresholds | null> {
      const [row] = await db.select(thresholdColumns).from(usageThresholds).where(eq(usageThresholds.idContrat, idContrat));
      return row ?? null;
    },

    async saveAccountThresholds(tx: Transaction, idClientBscs: number, values: StoredThresholds, now: Date): Promise<void> {
      await tx.db
        .insert(usageThresholds)
        .values({ idClientBscs, ...values, modifieLe: now })
        .onConflictDoUpdate({ target: usageThresholds.idClientBscs, targetWhere: isNotNull(usageThresholds.idClientBscs), set: { ...values, modifieLe: now } });
    },

    async saveLineThresholds(tx: Transaction, idContrat: number, values: StoredThresholds, now: Date): Promise<void> {
      await tx.db
        .insert(usageThresholds)
        .values({ idContrat, ...values, modifieLe: now })
        .onConflictDoUpdate({ target: usageThresholds.idContrat, targetWhere: isNotNull(usageThresholds.idContrat), set: { ...values, modifieLe: now } });
    },

    /** Drops a line's own thresholds; true when it had some. */
    async deleteLineThresholds(tx: Transaction, idContrat: number): Promise<boolean> {
      const rows = await tx.db.delete(usageThresholds).where(eq(usageThresholds.idContrat, idContrat)).returning({ id: usageThresholds.id });
      return rows.length > 0;
    },

    /**
     * What the guard needs of each line just fed: plan, thresholds, the running period so far, the
     * days touched now and those the last 24 hours fall on. Three reads a batch of lines, each by
     * primary key or index range; of the days, only the period's, the touched ones and the last 24 hours'.
     */
    async watch(idContrats: readonly number[], days: { periodStart: string; touchedFrom: string; recentFrom: string }): Promise<WatchRow[]> {
      const out: WatchRow[] = [];
      const from = [days.periodStart, days.touchedFrom, days.recentFrom].reduce((earliest, day) => (day < earliest ? day : earliest));
      const dayData = sql`${lineUsageDays.dataOctets} + ${lineUsageDays.dataItineranceOctets}`;
      for (const ids of chunks(idContrats, IDS_PER_STATEMENT)) {
        const [lines, fed] = await Promise.all([
          db
            .select({
              idContrat: contracts.idContrat,
              idClientBscs: contracts.idClientBscs,
              numeroLigne: contracts.numeroLigne,
              codeStatut: contracts.codeStatut,
              dataMo: offers.dataMo,
              dataIllimitee: offers.dataIllimitee,
              utilisateurEmail: sql<string | null>`coalesce(${users.email}, ${contracts.utilisateurEmail})`,
              monthlyDataMo: sql<number>`coalesce(${lineUsage.dataMo}, 0)`,
              monthlyHorsForfaitCentimes: sql<number>`coalesce(${lineUsage.horsForfaitCentimes}, 0)`,
            })
            .from(contracts)
            .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
            .leftJoin(users, eq(users.id, contracts.userId))
            .leftJoin(lineUsage, and(eq(lineUsage.idContrat, contracts.idContrat), eq(lineUsage.periode, days.periodStart)))
            .where(anyOf(contracts.idContrat, ids)),
          db
            .select({
              idContrat: lineUsageDays.idContrat,
              fedDataOctets: total(sql`case when ${lineUsageDays.jour} >= ${days.periodStart} then ${dayData} end`),
              fedHorsForfaitCentimes: total(sql`case when ${lineUsageDays.jour} >= ${days.periodStart} then ${lineUsageDays.horsForfaitCentimes} end`),
              fedItineranceCentimes: total(sql`case when ${lineUsageDays.jour} >= ${days.periodStart} then ${lineUsageDays.itineranceCentimes} end`),
              touchedDayOctets: sql<number>`coalesce(max((${dayData})::float8) filter (where ${lineUsageDays.jour} >= ${days.touchedFrom}), 0)`,
              recentDaysHorsForfaitCentimes: total(sql`case when ${lineUsageDays.jour} >= ${days.recentFrom} then ${lineUsageDays.horsForfaitCentimes} end`),
            })
            .from(lineUsageDays)
            .where(and(anyOf(lineUsageDays.idContrat, ids), gte(lineUsageDays.jour, from)))
            .groupBy(lineUsageDays.idContrat),
        ]);
        const thresholds = await this.thresholdsOf(lines.map((line) => line.idContrat), [...new Set(lines.map((line) => line.idClientBscs))]);
        const fedBy = new Map(fed.map((row) => [row.idContrat, row]));
        for (const line of lines) {
          const days = fedBy.get(line.idContrat);
          out.push({
            idContrat: line.idContrat,
            idClientBscs: line.idClientBscs,
            numeroLigne: line.numeroLigne,
            codeStatut: line.codeStatut,
            dataMo: line.dataMo,
            dataIllimitee: line.dataIllimitee,
            utilisateurEmail: line.utilisateurEmail,
            lineThresholds: thresholds.lines.get(line.idContrat) ?? null,
            accountThresholds: thresholds.accounts.get(line.idClientBscs) ?? null,
            monthlyDataMo: Number(line.monthlyDataMo),
            monthlyHorsForfaitCentimes: Number(line.monthlyHorsForfaitCentimes),
            fedDataOctets: days?.fedDataOctets ?? 0,
            fedHorsForfaitCentimes: days?.fedHorsForfaitCentimes ?? 0,
            fedItineranceCentimes: days?.fedItineranceCentimes ?? 0,
            touchedDayOctets: days?.touchedDayOctets ?? 0,
            recentDaysHorsForfaitCentimes: days?.recentDaysHorsForfaitCentimes ?? 0,
          });
        }
      }
      return out;
    },

    /** Data of each day with usage from `historyStart` to the day before `today`, per line (bytes). */
    async previousDays(idContrats: readonly number[], { historyStart, today }: { historyStart: string; today: string }): Promise<Map<number, number[]>> {
      const out = new Map<number, number[]>();
      for (const ids of chunks(idContrats, IDS_PER_STATEMENT)) {
        const rows = await db
          .select({ idContrat: lineUsageDays.idContrat, octets: sql<number[]>`array_agg((${lineUsageDays.dataOctets} + ${lineUsageDays.dataItineranceOctets})::float8)` })
          .from(lineUsageDays)
          .where(and(anyOf(lineUsageDays.idContrat, ids), gte(lineUsageDays.jour, historyStart), lt(lineUsageDays.jour, today), sql`${lineUsageDays.releves} > 0`))
          .groupBy(lineUsageDays.idContrat);
        for (const row of rows) out.set(row.idContrat, row.octets.map(Number));
      }
      return out;
    },

    /** The out-of-bundle amount of the records of some lines since `since`, per line (centimes HT). */
    async horsForfaitSince(idContrats: readonly number[], since: Date): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      for (const ids of chunks(idContrats, IDS_PER_STATEMENT)) {
        const rows = await db
          .select({ idContrat: usageEvents.idContrat, centimes: total(sql`${usageEvents.montantHorsForfaitCentimes}`) })
          .from(usageEvents)
          .where(and(anyOf(usageEvents.idContrat, ids), gte(usageEvents.horodatage, since), sql`${usageEvents.montantHorsForfaitCentimes} > 0`))
          .groupBy(usageEvents.idContrat);
        for (const row of rows) out.set(row.idContrat, row.centimes);
      }
      return out;
    },

    /** The thresholds of some lines and of some accounts, those that have their own. */
    async thresholdsOf(idContrats: readonly number[], idClientBscs: readonly number[]) {
      const lines = new Map<number, StoredThresholds>();
      const accounts = new Map<number, StoredThresholds>();
      const rows = await db
        .select({ ...thresholdColumns, idContrat: usageThresholds.idContrat, idClientBscs: usageThresholds.idClientBscs })
        .from(usageThresholds)
        .where(or(anyOf(usageThresholds.idContrat, idContrats), anyOf(usageThresholds.idClientBscs, idClientBscs)));
      for (const { idContrat, idClientBscs: account, ...values } of rows) {
        if (idContrat !== null) lines.set(idContrat, values);
        else if (account !== null) accounts.set(account, values);
      }
      return { lines, accounts };
    },

    /**
     * Records the alerts not recorded yet (one per line, type, rule and period), in the order of
     * their keys so that two evaluations never lock in crossing orders; gives back those this call
     * recorded.
     */
    async insertAlerts(tx: Transaction, alerts: readonly (AlertCandidate & { idContrat: number; idClientBscs: number; periode: string })[], now: Date) {
      const sorted = [...alerts].sort((a, b) => a.idContrat - b.idContrat || a.type.localeCompare(b.type) || a.cle.localeCompare(b.cle));
      const inserted: (typeof usageAlerts.$inferSelect)[] = [];
      for (const part of chunks(sorted, 1_000)) {
        const rows = await tx.db
          .insert(usageAlerts)
          .values(part.map(({ gele: _gele, ...alert }) => ({ ...alert, declencheeLe: now })))
          .onConflictDoNothing({ target: [usageAlerts.idContrat, usageAlerts.type, usageAlerts.cle, usageAlerts.periode] })
          .returning();
        inserted.push(...rows);
      }
      return inserted;
    },

    async markFreezing(tx: Transaction, idAlertes: readonly number[]): Promise<void> {
      if (idAlertes.length === 0) return;
      await tx.db.update(usageAlerts).set({ blocage: true }).where(inArray(usageAlerts.idAlerte, [...idAlertes]));
    },

    /**
     * Freezes a line's data unless it already is in this period (a freeze of an earlier period is
     * replaced: it has ended). True when this call froze it.
     */
    async freeze(tx: Transaction, freeze: FreezeRow): Promise<boolean> {
      const rows = await tx.db
        .insert(dataFreezes)
        .values(freeze)
        .onConflictDoUpdate({
          target: dataFreezes.idContrat,
          set: { periode: freeze.periode, depuis: freeze.depuis, cause: freeze.cause, idAlerte: freeze.idAlerte },
          setWhere: lt(dataFreezes.periode, freeze.periode),
        })
        .returning({ idContrat: dataFreezes.idContrat });
      return rows.length > 0;
    },

    /** Lifts a line's freeze; the row it removed, if any. */
    async unfreeze(tx: Transaction, idContrat: number): Promise<FreezeRow | null> {
      const [row] = await tx.db.delete(dataFreezes).where(eq(dataFreezes.idContrat, idContrat)).returning();
      return row ?? null;
    },

    async freezeOf(idContrat: number): Promise<(FreezeRow & { alerte: AlertRow | null }) | null> {
      const [row] = await db.select().from(dataFreezes).where(eq(dataFreezes.idContrat, idContrat));
      if (!row) return null;
      const alerte = row.idAlerte === null ? null : await this.alert(row.idAlerte);
      return { ...row, alerte };
    },

    /** Freezes set in a period before `periode`: they have ended, and are removed with what they were. */
    async endFreezesBefore(tx: Transaction, periode: string): Promise<(FreezeRow & { idClientBscs: number; numeroLigne: string })[]> {
      const ended = await tx.db.delete(dataFreezes).where(lt(dataFreezes.periode, periode)).returning();
      if (ended.length === 0) return [];
      const lines = await tx.db
        .select({ idContrat: contracts.idContrat, idClientBscs: contracts.idClientBscs, numeroLigne: contracts.numeroLigne })
        .from(contracts)
        .where(inArray(contracts.idContrat, ended.map((row) => row.idContrat)));
      const byId = new Map(lines.map((line) => [line.idContrat, line]));
      return ended.flatMap((row) => {
        const line = byId.get(row.idContrat);
        return line ? [{ ...row, idClientBscs: line.idClientBscs, numeroLigne: line.numeroLigne }] : [];
      });
    },

    async alert(idAlerte: number): Promise<AlertRow | null> {
      const [row] = await db.select(alertColumns).from(usageAlerts).innerJoin(contracts, eq(contracts.idContrat, usageAlerts.idContrat)).where(eq(usageAlerts.idAlerte, idAlerte));
      return row ?? null;
    },

    async setStatus(idAlerte: number, statut: 'VUE' | 'RESOLUE'): Promise<void> {
      // Marking seen does not bring back a resolved alert.
      const condition = statut === 'VUE' ? and(eq(usageAlerts.idAlerte, idAlerte), eq(usageAlerts.statut, 'NOUVELLE')) : eq(usageAlerts.idAlerte, idAlerte);
      await db.update(usageAlerts).set({ statut }).where(condition);
    },

    /** An account's or a line's alerts, newest first, at most `limit`, and how many there are. */
    async alerts(owner: { idClientBscs: number } | { idContrat: number }, statut: string | undefined, limit: number): Promise<{ rows: AlertRow[]; total: number }> {
      const where = and(
        'idClientBscs' in owner ? eq(usageAlerts.idClientBscs, owner.idClientBscs) : eq(usageAlerts.idContrat, owner.idContrat),
        statut ? eq(usageAlerts.statut, statut as AlertRow['statut']) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db.select(alertColumns).from(usageAlerts).innerJoin(contracts, eq(contracts.idContrat, usageAlerts.idContrat)).where(where).orderBy(desc(usageAlerts.declencheeLe), desc(usageAlerts.idAlerte)).limit(limit),
        db.select({ n: count() }).from(usageAlerts).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** The e-mail addresses of the managers of some accounts. */
    async managerEmails(tx: Transaction, idClientBscs: readonly number[]): Promise<Map<number, string[]>> {
      const byAccount = new Map<number, string[]>();
      if (idClientBscs.length === 0) return byAccount;
      for (const part of chunks(idClientBscs, IDS_PER_STATEMENT)) {
        const rows = await tx.db
          .select({ idClientBscs: userBillingAccounts.idClientBscs, email: users.email })
          .from(userBillingAccounts)
          .innerJoin(users, eq(users.id, userBillingAccounts.userId))
          .where(and(anyOf(userBillingAccounts.idClientBscs, part), eq(userBillingAccounts.isGestionnaire, true)));
        for (const row of rows) byAccount.set(row.idClientBscs, [...(byAccount.get(row.idClientBscs) ?? []), row.email]);
      }
      return byAccount;
    },

    /** A line as the freeze needs it. */
    async line(idContrat: number) {
      const [row] = await db
        .select({ idContrat: contracts.idContrat, idClientBscs: contracts.idClientBscs, numeroLigne: contracts.numeroLigne, codeStatut: contracts.codeStatut })
        .from(contracts)
        .where(eq(contracts.idContrat, idContrat));
      return row ?? null;
    },
  };
}
export type UsageAlertsRepository = ReturnType<typeof createUsageAlertsRepository>;
