import type { Consumption, ConsumptionPeriod } from '@ecare/shared/consumption';
import { useId } from 'react';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import {
  MB_PER_GB,
  allowanceLimit,
  formatAllowance,
  formatData,
  formatDayMonth,
  formatEuros,
  formatMinutes,
  formatMinutesTick,
  formatPeriod,
  formatPeriodTitle,
  formatSms,
  formatUsage,
  type UsageKind,
} from '../utils/consumption-format.ts';
import { ConsumptionTable } from './consumption-table.tsx';
import { RunningPeriodDays } from './running-period-days.tsx';
import { UsageChart, periodBars } from './usage-chart.tsx';
import { UsageGauge } from './usage-gauge.tsx';

interface ConsumptionOverviewProps {
  consumption: Consumption;
  /** Another period is being read: the figures shown are those of the previous choice. */
  isUpdating: boolean;
  /** The period asked for, shown by the selector while its figures load (`consumption.periode` once they are in). */
  selectedPeriod?: string;
  onPeriodChange: (periode: string) => void;
  /** When the figures were read from the server (the query's last answer). */
  readAt?: Date;
}

const KIND_TITLES: Record<UsageKind, string> = { voix: 'Appels', sms: 'SMS', data: 'Données mobiles' };

function UsageSummary({ kind, period, consumption }: { kind: UsageKind; period: ConsumptionPeriod; consumption: Consumption }) {
  const allowance = consumption.forfait[kind];
  const value = kind === 'voix' ? period.voixMinutes : kind === 'sms' ? period.sms : period.dataMo;
  const limit = allowanceLimit(allowance);
  return (
    <div className="card">
      <dt className="font-semibold">{KIND_TITLES[kind]}</dt>
      <dd className="mt-1 text-2xl font-bold text-primary-strong">{formatUsage(kind, value)}</dd>
      <dd className="text-sm text-muted">
        {limit === null ? `Forfait\u00a0: ${formatAllowance(kind, allowance).toLowerCase()}` : `sur ${formatAllowance(kind, allowance)} inclus`}
      </dd>
      {limit !== null ? (
        <dd>
          <UsageGauge used={value} limit={limit} />
          {value > limit ? (
            <p className="mt-1 text-sm font-semibold text-accent-strong">{`${formatUsage(kind, value - limit)} au-delà du forfait`}</p>
          ) : null}
        </dd>
      ) : null}
    </div>
  );
}

/**
 * The consumption page's content: the period chosen, its figures against the plan, a chart per
 * kind of use over six periods, and the same figures as a table.
 */
export function ConsumptionOverview({ consumption, isUpdating, selectedPeriod = consumption.periode, onPeriodChange, readAt }: ConsumptionOverviewProps) {
  const selectId = useId();
  const period = consumption.periodes.at(-1);
  const { forfait } = consumption;
  const dataLimit = allowanceLimit(forfait.data);
  const dataValues = consumption.periodes.map((p) => p.dataMo);
  const dataUnit = Math.max(...dataValues, dataLimit ?? 0) >= 2 * MB_PER_GB ? MB_PER_GB : 1;
  // A data-only SIM has neither calls nor SMS: no card or chart of zeros for them (the table keeps its columns).
  const shows = {
    voix: forfait.voix.illimite || (forfait.voix.inclus ?? 0) > 0 || consumption.periodes.some((p) => p.voixMinutes > 0),
    sms: forfait.sms.illimite || (forfait.sms.inclus ?? 0) > 0 || consumption.periodes.some((p) => p.sms > 0),
  };
  const voiceLimit = allowanceLimit(forfait.voix);
  const voiceHighest = Math.max(...consumption.periodes.map((p) => p.voixMinutes), voiceLimit ?? 0);
  // The axis counts whole hours above four, half hours above one and a half, minutes below.
  const voiceUnit = voiceHighest >= 240 ? 60 : voiceHighest >= 90 ? 30 : 1;
  // A period kept in the address but no longer offered (nothing recorded) still shows as the one chosen.
  const choices = consumption.periodesConsultables.includes(selectedPeriod)
    ? consumption.periodesConsultables
    : [...consumption.periodesConsultables, selectedPeriod].sort().reverse();
  const periodsDescription = `Graphique en barres des ${consumption.periodes.length} dernières périodes de facturation. Les valeurs figurent dans le tableau « Détail par période ».`;

  return (
    <div className="space-y-8" aria-busy={isUpdating}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="max-w-prose">
          {`${consumption.libelleOffre}\u00a0: appels ${formatAllowance('voix', forfait.voix).toLowerCase()}, SMS ${formatAllowance('sms', forfait.sms).toLowerCase()}, données ${
            forfait.data.illimite ? 'illimitées' : `${formatAllowance('data', forfait.data)} par mois`
          }.`}
        </p>
        <FormField id={selectId} label="Période de facturation">
          {(control) => (
            <select {...control} className="field-input w-full sm:w-80" value={selectedPeriod} onChange={(event) => onPeriodChange(event.target.value)}>
              {choices.map((p) => (
                <option key={p} value={p}>
                  {p === consumption.periodeCourante ? `${formatPeriodTitle(p)} (en cours)` : formatPeriodTitle(p)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>

      {period ? (
        <section aria-labelledby={`${selectId}-resume`} className="space-y-3">
          <h2 id={`${selectId}-resume`} className="text-xl font-bold text-primary-strong">
            {formatPeriodTitle(period.periode)}
          </h2>
          <p className="text-muted">
            {period.enCours
              ? `Période en cours, du ${formatDayMonth(period.debut)} au ${formatDayMonth(period.fin)}\u00a0: les chiffres sont ceux relevés à ce jour.`
              : `Du ${formatDayMonth(period.debut)} au ${formatDayMonth(period.fin)}.`}
          </p>
          {period.releve ? (
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <UsageSummary kind="data" period={period} consumption={consumption} />
              {shows.voix ? <UsageSummary kind="voix" period={period} consumption={consumption} /> : null}
              {shows.sms ? <UsageSummary kind="sms" period={period} consumption={consumption} /> : null}
              <div className="card">
                <dt className="font-semibold">Hors forfait</dt>
                <dd className="mt-1 text-2xl font-bold text-primary-strong">{`${formatEuros(period.horsForfaitHT)} HT`}</dd>
                <dd className="text-sm text-muted">{`soit ${formatEuros(period.horsForfaitTTC)} TTC`}</dd>
              </div>
            </dl>
          ) : (
            <p>{`Aucune consommation n’a été relevée pour ${formatPeriod(period.periode)}.`}</p>
          )}
        </section>
      ) : null}

      {period?.enCours ? <RunningPeriodDays days={consumption.jours} readAt={readAt} /> : null}

      <section aria-labelledby={`${selectId}-evolution`} className="space-y-4">
        <h2 id={`${selectId}-evolution`} className="text-xl font-bold text-primary-strong">
          Évolution sur six mois
        </h2>
        <div className="grid gap-6 lg:grid-cols-3">
          <UsageChart
            title="Données mobiles"
            bars={periodBars(consumption.periodes, (p) => p.dataMo)}
            description={periodsDescription}
            format={formatData}
            limit={dataLimit}
            unit={dataUnit}
          />
          {shows.voix ? (
            <UsageChart
              title="Appels"
              bars={periodBars(consumption.periodes, (p) => p.voixMinutes)}
              description={periodsDescription}
              format={formatMinutes}
              tickFormat={formatMinutesTick}
              limit={voiceLimit}
              unit={voiceUnit}
            />
          ) : null}
          {shows.sms ? (
            <UsageChart
              title="SMS"
              bars={periodBars(consumption.periodes, (p) => p.sms)}
              description={periodsDescription}
              format={formatSms}
              limit={allowanceLimit(forfait.sms)}
            />
          ) : null}
        </div>
        <ConsumptionTable consumption={consumption} />
      </section>
    </div>
  );
}
