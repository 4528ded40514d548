import {
  ALERT_STATUS_LABELS,
  ALERT_TYPE_LABELS,
  ALERTS_EXPORT_MAX,
  ALERTS_PAGE_MAX,
  alertSentence,
  ANOMALY,
  billingPeriodOf,
  shiftPeriod,
  type Alert,
  type AlertsAnswer,
  type AlertsQuery,
  type AlertUpdate,
  type DataFreeze,
  type Thresholds,
  type ThresholdsAnswer,
} from '@ecare/shared';
import { addDays, parisDateTimeFormat, parisDay } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import type { Actor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import type { Jobs } from '../../core/jobs.ts';
import type { Transaction } from '../../db/transaction.ts';
import { CSV_BOM, csvRow } from '../../lib/csv.ts';
import { fail } from '../../lib/errors.ts';
import type { UsageDayIncrement } from '../usage-feed/index.ts';
import type { WebhooksModule } from '../webhooks/index.ts';
import type { UsageAlertsMails } from './usage-alerts.mails.ts';
import type { AlertRow, FreezeRow, UsageAlertsRepository, WatchRow } from './usage-alerts.repository.ts';
import { crossings, effectiveThresholds, mayReach24h, needsHistory, type StoredThresholds } from './usage-alerts.rules.ts';

export const EVALUATE_QUEUE = 'usage-alerts.evaluate';
/** The lines a batch of the usage feed added to, and its earliest day. */
export interface EvaluateJob {
  lignes: number[];
  depuis: string;
}

/** Several waiting evaluations as one: each line once, from the earliest day any of them names. */
export function mergeEvaluations(jobs: readonly EvaluateJob[]): EvaluateJob {
  const lignes = [...new Set(jobs.flatMap((job) => job.lignes))].sort((a, b) => a - b);
  const depuis = jobs.reduce((earliest, job) => (job.depuis < earliest ? job.depuis : earliest), jobs[0]?.depuis ?? '9999-12-31');
  return { lignes, depuis };
}

export interface UsageAlertsDeps extends ServiceCore {
  repo: UsageAlertsRepository;
  jobs: Jobs;
  mails: UsageAlertsMails;
  /** Tells the account's webhooks of each alert raised (`alerte.consommation`). */
  webhooks: Pick<WebhooksModule, 'emitAll'>;
}


const MIB = 1024 * 1024;
const exportMoment = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });
const UNIT_LABELS = { POURCENT: '% du forfait de données', EUROS_HT: '€ HT', MO: 'Mo' } as const;
/** Who the audit log names for what the guard does by itself. */
const SYSTEM = { userId: 0, sourceAddress: 'tache-planifiee' } as const;

const toStored = (t: Thresholds): StoredThresholds => ({
  dataPourcentages: t.dataPourcentages,
  horsForfaitCentimes: t.horsForfaitEurosHT === null ? null : Math.round(t.horsForfaitEurosHT * 100),
  itineranceCentimes: t.itineranceEurosHT === null ? null : Math.round(t.itineranceEurosHT * 100),
  action: t.action,
  prevenirUtilisateur: t.prevenirUtilisateur,
});

const toAnswer = ({ thresholds: t, origine }: ReturnType<typeof effectiveThresholds>): ThresholdsAnswer => ({
  dataPourcentages: t.dataPourcentages,
  horsForfaitEurosHT: t.horsForfaitCentimes === null ? null : t.horsForfaitCentimes / 100,
  itineranceEurosHT: t.itineranceCentimes === null ? null : t.itineranceCentimes / 100,
  action: t.action,
  prevenirUtilisateur: t.prevenirUtilisateur,
  origine,
});

/** An alert as the API shows it: amounts in euros. */
export function alertOf(row: AlertRow): Alert {
  const euros = row.unite === 'EUROS_HT';
  return {
    idAlerte: row.idAlerte,
    idContrat: row.idContrat,
    numeroLigne: row.numeroLigne,
    type: row.type,
    seuil: euros ? row.seuil / 100 : row.seuil,
    valeur: euros ? row.valeur / 100 : row.valeur,
    unite: row.unite,
    periode: row.periode,
    declencheeLe: row.declencheeLe.toISOString(),
    statut: row.statut,
    blocage: row.blocage,
  };
}

/** The first day of the period after `periode`: when a freeze set in it ends by itself. */
const freezeEnd = (periode: string) => `${shiftPeriod(periode, 1)}-01`;

/**
 * What the guard reads of a line, as the pure rule takes it, with its previous days and its last
 * 24 hours' out-of-bundle amount when they were read (when they cannot matter, none is passed).
 */
function watched(row: WatchRow, previousDaysOctets: number[], horsForfait24hCentimes: number) {
  const { thresholds } = effectiveThresholds(row.lineThresholds, row.accountThresholds);
  return {
    thresholds,
    dataAllowanceMo: row.dataIllimitee ? null : (row.dataMo ?? 0),
    periodDataMo: row.monthlyDataMo + Math.round(row.fedDataOctets / MIB),
    periodHorsForfaitCentimes: row.monthlyHorsForfaitCentimes + row.fedHorsForfaitCentimes,
    periodItineranceCentimes: row.fedItineranceCentimes,
    touchedDaysOctets: [row.touchedDayOctets],
    previousDaysOctets,
    horsForfait24hCentimes,
  };
}

export function createUsageAlertsService(deps: UsageAlertsDeps) {
  const { repo, policy, audit, transaction, clock, jobs, mails } = deps;

  /** The caller manages the line's account: what they may change of it. */
  async function assertManagesLine(userId: number, idContrat: number): Promise<{ idClientBscs: number }> {
    const access = await policy.contractAccess(userId, idContrat);
    if (access.role !== 'GESTIONNAIRE') throw fail('USAGE_ALERTS_MANAGER_ONLY');
    return access;
  }

  async function freezeAnswer(idContrat: number): Promise<DataFreeze> {
    const freeze = await repo.freezeOf(idContrat);
    // A freeze of an earlier period has ended, whether or not the clean-up has passed.
    if (!freeze || freeze.periode < billingPeriodOf(clock.now())) {
      return { idContrat, bloquee: false, depuis: null, cause: null, alerte: null, finPrevue: null };
    }
    return {
      idContrat,
      bloquee: true,
      depuis: freeze.depuis.toISOString(),
      cause: freeze.cause,
      alerte: freeze.alerte ? alertOf(freeze.alerte) : null,
      finPrevue: freezeEnd(freeze.periode),
    };
  }

  /**
   * The freeze (bloque) or lift of a line's data one line at a time, as the single actions and
   * each row of a bulk action run them: `check` applies the rules and throws their coded error
   * (`idClientBscs`, when given, is the account the line must be of); `apply` writes and audits
   * in the caller's transaction, e-mails the managers when asked, and says whether the line was
   * frozen before, which an undo puts back.
   */
  const rows = {
    dataFreeze: {
      async check(userId: number, idContrat: number, bloque: boolean, idClientBscs?: number) {
        const access = await assertManagesLine(userId, idContrat);
        if (idClientBscs !== undefined && access.idClientBscs !== idClientBscs) throw fail('FORBIDDEN_CONTRACT');
        const line = await repo.line(idContrat);
        if (!line) throw fail('FORBIDDEN_CONTRACT');
        if (bloque && line.codeStatut !== 'ACTIF') throw fail('DATA_FREEZE_LINE_NOT_ACTIVE');
        return { ...line, idClientBscs: access.idClientBscs };
      },
      async apply(
        tx: Transaction,
        acting: Actor,
        line: { idContrat: number; idClientBscs: number; numeroLigne: string },
        bloque: boolean,
        { mail }: { mail: boolean },
      ): Promise<{ avant: { bloque: boolean } }> {
        const { idContrat, idClientBscs } = line;
        const managers = async () => (mail ? ((await repo.managerEmails(tx, [idClientBscs])).get(idClientBscs) ?? []) : []);
        if (bloque) {
          const now = clock.now();
          const freeze: FreezeRow = { idContrat, periode: billingPeriodOf(now), depuis: now, cause: 'MANUEL', idAlerte: null };
          if (!(await repo.freeze(tx, freeze))) return { avant: { bloque: true } };
          await audit.record({ ...acting, action: 'BLOCAGE_DATA', idClientBscs, idContrat }, { tx });
          if (mail) await mails.freezeChanged(tx, await managers(), { ...freeze, numeroLigne: line.numeroLigne }, 'BLOCAGE');
          return { avant: { bloque: false } };
        }
        const lifted = await repo.unfreeze(tx, idContrat);
        // A freeze of an earlier period had ended already.
        if (!lifted) return { avant: { bloque: false } };
        await audit.record({ ...acting, action: 'LEVEE_BLOCAGE_DATA', idClientBscs, idContrat, details: { depuis: lifted.depuis.toISOString(), cause: lifted.cause } }, { tx });
        if (mail) await mails.freezeChanged(tx, await managers(), { ...lifted, numeroLigne: line.numeroLigne }, 'LEVEE');
        return { avant: { bloque: lifted.periode >= billingPeriodOf(clock.now()) } };
      },
    },
  };

  return {
    /** In the feed's transaction: the lines it added to are evaluated once it commits (within seconds). */
    async queueEvaluation(tx: Transaction, days: readonly UsageDayIncrement[]): Promise<void> {
      const lignes = [...new Set(days.map((day) => day.idContrat))].sort((a, b) => a - b);
      const depuis = days.reduce((earliest, day) => (day.jour < earliest ? day.jour : earliest), days[0]?.jour ?? parisDay(clock.now()));
      await jobs.send(EVALUATE_QUEUE, { lignes, depuis } satisfies EvaluateJob, { tx });
    },

    /**
     * Checks the lines a batch added to against their thresholds and the anomaly rule (decision
     * 047): each alert not raised yet this period is recorded, freezes the line's data when its
     * thresholds say so, and is e-mailed, all in one transaction. Two evaluations of the same
     * line at once record each alert once.
     */
    async evaluate({ lignes, depuis }: EvaluateJob): Promise<number> {
      if (lignes.length === 0) return 0;
      const now = clock.now();
      const today = parisDay(now);
      const periode = billingPeriodOf(now);
      const historyStart = addDays(today, -ANOMALY.historyDays);
      const since24h = new Date(now.getTime() - 86_400_000);
      const rows = (await repo.watch(lignes, { periodStart: `${periode}-01`, touchedFrom: depuis > historyStart ? depuis : historyStart, recentFrom: parisDay(since24h) })).filter(
        (row) => row.codeStatut !== 'RESILIE',
      );
      // The previous days and the last 24 hours' records of the few lines where they can matter only.
      const [history, recent] = await Promise.all([
        repo.previousDays(rows.filter((row) => needsHistory(row.touchedDayOctets)).map((row) => row.idContrat), { historyStart, today }),
        repo.horsForfaitSince(rows.filter((row) => mayReach24h(row.recentDaysHorsForfaitCentimes)).map((row) => row.idContrat), since24h),
      ]);
      const candidates = rows.flatMap((row) =>
        crossings(watched(row, history.get(row.idContrat) ?? [], recent.get(row.idContrat) ?? 0)).map((candidate) => ({ ...candidate, idContrat: row.idContrat, idClientBscs: row.idClientBscs, periode })),
      );
      if (candidates.length === 0) return 0;
      const lines = new Map(rows.map((row) => [row.idContrat, row]));
      return transaction(async (tx) => {
        const inserted = await repo.insertAlerts(tx, candidates, now);
        if (inserted.length === 0) return 0;
        const freezing = new Set(candidates.filter((c) => c.gele).map((c) => `${c.idContrat}|${c.type}|${c.cle}`));
        const froze: number[] = [];
        const frozenLines = new Set<number>();
        for (const alert of inserted) {
          const line = lines.get(alert.idContrat);
          if (!line || line.codeStatut !== 'ACTIF' || frozenLines.has(alert.idContrat)) continue;
          if (!freezing.has(`${alert.idContrat}|${alert.type}|${alert.cle}`)) continue;
          if (await repo.freeze(tx, { idContrat: alert.idContrat, periode, depuis: now, cause: 'SEUIL', idAlerte: alert.idAlerte })) {
            froze.push(alert.idAlerte);
            frozenLines.add(alert.idContrat);
            await audit.record(
              { ...SYSTEM, action: 'BLOCAGE_DATA_AUTOMATIQUE', idClientBscs: alert.idClientBscs, idContrat: alert.idContrat, details: { idAlerte: alert.idAlerte, type: alert.type, seuil: alert.seuil } },
              { tx },
            );
          }
        }
        await repo.markFreezing(tx, froze);
        const frozen = new Set(froze);
        const alerts = inserted.map((row) => {
          const line = lines.get(row.idContrat);
          return { ...alertOf({ ...row, numeroLigne: line?.numeroLigne ?? '', blocage: frozen.has(row.idAlerte) }), idClientBscs: row.idClientBscs };
        });
        const managers = await repo.managerEmails(tx, [...new Set(alerts.map((alert) => alert.idClientBscs))]);
        const userEmails = new Map<number, string>();
        for (const row of rows) {
          if (row.utilisateurEmail && effectiveThresholds(row.lineThresholds, row.accountThresholds).thresholds.prevenirUtilisateur) userEmails.set(row.idContrat, row.utilisateurEmail);
        }
        await mails.alerts(tx, alerts, managers, userEmails, freezeEnd(periode));
        await deps.webhooks.emitAll(tx, 'alerte.consommation', alerts.map(({ idClientBscs, ...data }) => ({ idClientBscs, data })));
        return inserted.length;
      });
    },

    /** At each check: the freezes of past periods end, audited and mailed. */
    async endPastFreezes(): Promise<number> {
      const periode = billingPeriodOf(clock.now());
      return transaction(async (tx) => {
        const ended = await repo.endFreezesBefore(tx, periode);
        for (const freeze of ended) {
          await audit.record({ ...SYSTEM, action: 'FIN_BLOCAGE_DATA', idClientBscs: freeze.idClientBscs, idContrat: freeze.idContrat, details: { periode: freeze.periode } }, { tx });
        }
        const managers = await repo.managerEmails(tx, [...new Set(ended.map((freeze) => freeze.idClientBscs))]);
        for (const freeze of ended) await mails.freezeChanged(tx, managers.get(freeze.idClientBscs) ?? [], freeze, 'FIN_PERIODE');
        return ended.length;
      });
    },

    async accountThresholds(userId: number, idClientBscs: number): Promise<ThresholdsAnswer> {
      await policy.assertAccount(userId, idClientBscs);
      return toAnswer(effectiveThresholds(null, await repo.accountThresholds(idClientBscs)));
    },

    async saveAccountThresholds(acting: Actor, idClientBscs: number, values: Thresholds): Promise<ThresholdsAnswer> {
      await policy.assertAccount(acting.userId, idClientBscs);
      const before = await repo.accountThresholds(idClientBscs);
      const stored = toStored(values);
      await transaction(async (tx) => {
        await repo.saveAccountThresholds(tx, idClientBscs, stored, clock.now());
        await audit.record({ ...acting, action: 'MODIFICATION_SEUILS_COMPTE', idClientBscs, details: { avant: before, apres: stored } }, { tx });
      });
      return toAnswer({ thresholds: stored, origine: 'COMPTE' });
    },

    async lineThresholds(userId: number, idContrat: number): Promise<ThresholdsAnswer> {
      const { idClientBscs } = await policy.contractAccess(userId, idContrat);
      const [line, account] = await Promise.all([repo.lineThresholds(idContrat), repo.accountThresholds(idClientBscs)]);
      return toAnswer(effectiveThresholds(line, account));
    },

    async saveLineThresholds(acting: Actor, idContrat: number, values: Thresholds): Promise<ThresholdsAnswer> {
      const { idClientBscs } = await assertManagesLine(acting.userId, idContrat);
      const before = await repo.lineThresholds(idContrat);
      const stored = toStored(values);
      await transaction(async (tx) => {
        await repo.saveLineThresholds(tx, idContrat, stored, clock.now());
        await audit.record({ ...acting, action: 'MODIFICATION_SEUILS_LIGNE', idClientBscs, idContrat, details: { avant: before, apres: stored } }, { tx });
      });
      return toAnswer({ thresholds: stored, origine: 'LIGNE' });
    },

    /** The line follows its account's thresholds again. */
    async dropLineThresholds(acting: Actor, idContrat: number): Promise<ThresholdsAnswer> {
      const { idClientBscs } = await assertManagesLine(acting.userId, idContrat);
      const before = await repo.lineThresholds(idContrat);
      await transaction(async (tx) => {
        if (await repo.deleteLineThresholds(tx, idContrat)) {
          await audit.record({ ...acting, action: 'SUPPRESSION_SEUILS_LIGNE', idClientBscs, idContrat, details: { avant: before } }, { tx });
        }
      });
      return toAnswer(effectiveThresholds(null, await repo.accountThresholds(idClientBscs)));
    },

    async accountAlerts(userId: number, idClientBscs: number, { statut }: AlertsQuery): Promise<AlertsAnswer> {
      await policy.assertAccount(userId, idClientBscs);
      const { rows, total } = await repo.alerts({ idClientBscs }, statut, ALERTS_PAGE_MAX);
      return { alertes: rows.map(alertOf), total };
    },

    /** The account's alerts (of one status, or all) as a CSV file, the newest first; audited. */
    async exportAlerts(acting: Actor, idClientBscs: number, { statut }: AlertsQuery) {
      await policy.assertAccount(acting.userId, idClientBscs);
      const { rows } = await repo.alerts({ idClientBscs }, statut, ALERTS_EXPORT_MAX);
      await audit.record({ ...acting, action: 'EXPORT_ALERTES', idClientBscs, details: { statut: statut ?? null, nombre: rows.length } });
      const lines = [CSV_BOM, csvRow(['Déclenchée le', 'Ligne', 'Alerte', 'Détail', 'Seuil', 'Valeur', 'Unité', 'Période', 'Statut', 'Données suspendues'])];
      for (const alert of rows.map(alertOf)) {
        lines.push(
          csvRow([
            exportMoment.format(new Date(alert.declencheeLe)),
            formatPhone(alert.numeroLigne),
            ALERT_TYPE_LABELS[alert.type],
            alertSentence(alert),
            alert.seuil,
            alert.valeur,
            UNIT_LABELS[alert.unite],
            alert.periode,
            ALERT_STATUS_LABELS[alert.statut],
            alert.blocage ? 'Oui' : 'Non',
          ]),
        );
      }
      return { body: lines.join(''), count: rows.length, filename: `alertes-${idClientBscs}-${parisDay(clock.now())}.csv` };
    },

    async lineAlerts(userId: number, idContrat: number, { statut }: AlertsQuery): Promise<AlertsAnswer> {
      await policy.contractAccess(userId, idContrat);
      const { rows, total } = await repo.alerts({ idContrat }, statut, ALERTS_PAGE_MAX);
      return { alertes: rows.map(alertOf), total };
    },

    /** Marks an alert seen (its line's user or a manager) or resolved (a manager). */
    async updateAlert(acting: Actor, idAlerte: number, { statut }: AlertUpdate): Promise<Alert> {
      const alert = await repo.alert(idAlerte);
      if (!alert) throw fail('USAGE_ALERT_FORBIDDEN');
      const access = await policy.contractAccess(acting.userId, alert.idContrat).catch(() => null);
      if (!access) throw fail('USAGE_ALERT_FORBIDDEN');
      if (statut === 'RESOLUE' && access.role !== 'GESTIONNAIRE') throw fail('USAGE_ALERTS_MANAGER_ONLY');
      await repo.setStatus(idAlerte, statut);
      if (statut === 'RESOLUE') {
        await audit.record({ ...acting, action: 'RESOLUTION_ALERTE', idClientBscs: alert.idClientBscs, idContrat: alert.idContrat, details: { idAlerte } });
      }
      const updated = await repo.alert(idAlerte);
      return alertOf(updated ?? alert);
    },

    async freeze(userId: number, idContrat: number): Promise<DataFreeze> {
      await policy.contractAccess(userId, idContrat);
      return freezeAnswer(idContrat);
    },

    /** Freezes a line's data by hand until the period ends or a manager lifts it; a second call changes nothing. */
    async freezeByHand(acting: Actor, idContrat: number): Promise<DataFreeze> {
      const checked = await rows.dataFreeze.check(acting.userId, idContrat, true);
      await transaction((tx) => rows.dataFreeze.apply(tx, acting, checked, true, { mail: true }));
      return freezeAnswer(idContrat);
    },

    /** Lifts a line's freeze; lifting a line that is not frozen changes nothing. */
    async liftByHand(acting: Actor, idContrat: number): Promise<DataFreeze> {
      const checked = await rows.dataFreeze.check(acting.userId, idContrat, false);
      await transaction((tx) => rows.dataFreeze.apply(tx, acting, checked, false, { mail: true }));
      return freezeAnswer(idContrat);
    },

    rows,
  };
}
export type UsageAlertsService = ReturnType<typeof createUsageAlertsService>;
