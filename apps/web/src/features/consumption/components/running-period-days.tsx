import type { ConsumptionDay } from '@ecare/shared/consumption';
import { useId } from 'react';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import {
  MB_PER_GB,
  formatClockTime,
  formatData,
  formatDayMonth,
  formatEuros,
  formatMinutes,
  formatSms,
  formatWeekdayDay,
} from '../utils/consumption-format.ts';
import { UsageChart, type UsageBar } from './usage-chart.tsx';

const numeric = 'text-right whitespace-nowrap';

const DAY_COLUMNS: DataColumn<ConsumptionDay>[] = [
  { id: 'jour', header: 'Date', rowHeader: true, cell: (day) => formatWeekdayDay(day.jour) },
  {
    id: 'data',
    header: 'Données',
    className: numeric,
    cell: (day) =>
      day.dataItineranceMo > 0 ? (
        <>
          {formatData(day.dataMo)}
          <span className="block text-sm text-muted">{`dont ${formatData(day.dataItineranceMo)} en itinérance`}</span>
        </>
      ) : (
        formatData(day.dataMo)
      ),
  },
  { id: 'voix', header: 'Appels', className: numeric, cell: (day) => formatMinutes(day.voixMinutes) },
  { id: 'sms', header: 'SMS', className: numeric, cell: (day) => formatSms(day.sms) },
  { id: 'ht', header: 'Hors forfait HT', className: numeric, cell: (day) => formatEuros(day.horsForfaitHT) },
];

/** A bar per day, numbered on the 1st and every fifth day so that the numbers never overlap. */
function dayBars(days: readonly ConsumptionDay[]): UsageBar[] {
  return days.map((day) => {
    const date = Number(day.jour.slice(8));
    return { key: day.jour, value: day.dataMo, recorded: true, name: formatDayMonth(day.jour), label: date === 1 || date % 5 === 0 ? String(date) : '' };
  });
}

/**
 * The running period day by day, as the usage feed counted it (decision 045): a bar per day of
 * data and the table of every day, which becomes cards on a phone. Each day is rounded on its
 * own, so the page does not present the days as adding up to the period's total.
 */
export function RunningPeriodDays({ days, readAt }: { days: readonly ConsumptionDay[]; readAt?: Date }) {
  const headingId = useId();
  const fed = days.some((day) => day.releves > 0);
  const highest = Math.max(0, ...days.map((day) => day.dataMo));
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-bold text-primary-strong">
        Période en cours, jour par jour
      </h2>
      <p className="max-w-prose text-muted">
        {`Mis à jour en continu${readAt ? `\u00a0; dernière lecture à ${formatClockTime(readAt)}` : ''}. Chaque jour est celui de la France (heure de Paris) et ses chiffres sont arrondis par jour (Mo, minutes entamées)\u00a0: leur somme peut s’écarter de quelques unités du total de la période, qui compte aussi le relevé mensuel.`}
      </p>
      {fed ? (
        <>
          {/* As wide as a chart of the six months on a wide screen: its figures stay legible. */}
          <div className="max-w-xl">
            <UsageChart
              title="Données mobiles par jour"
              bars={dayBars(days)}
              description={`Graphique en barres des données mobiles des ${days.length} jours de la période en cours, du ${formatDayMonth(days[0]?.jour ?? '')} à aujourd’hui. Les valeurs figurent dans le tableau « Détail jour par jour ».`}
              format={formatData}
              limit={null}
              unit={highest >= MB_PER_GB ? MB_PER_GB : 1}
            />
          </div>
          <DataTable
            caption="Détail jour par jour (par jour, arrondi)"
            showCaption
            columns={DAY_COLUMNS}
            rows={[...days].reverse()}
            rowKey={(day) => day.jour}
          />
        </>
      ) : (
        <EmptyState title="Aucun usage reçu pour cette période à ce jour.">
          Les jours s’afficheront ici dès que le réseau aura transmis les premiers appels, SMS ou données de la ligne.
        </EmptyState>
      )}
    </section>
  );
}
