import type { Consumption, ConsumptionPeriod } from '@ecare/shared/consumption';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { allowanceLimit, formatData, formatEuros, formatMinutes, formatPeriodTitle, formatSms } from '../utils/consumption-format.ts';

const NOT_RECORDED = 'Aucune consommation relevée';

/** A figure of a period, or the dash of a period with nothing recorded. */
const recorded = (period: ConsumptionPeriod, text: string) => (period.releve ? text : '–');

/** The data cell, saying in words when the period went beyond the allowance (not by colour alone). */
function dataCell(period: ConsumptionPeriod, limit: number | null) {
  if (!period.releve) return '–';
  if (limit === null || period.dataMo <= limit) return formatData(period.dataMo);
  return (
    <>
      {formatData(period.dataMo)}
      <span className="block text-sm font-semibold text-accent-strong">{`dont ${formatData(period.dataMo - limit)} au-delà du forfait`}</span>
    </>
  );
}

export function consumptionColumns(consumption: Consumption): DataColumn<ConsumptionPeriod>[] {
  const limit = allowanceLimit(consumption.forfait.data);
  const numeric = 'text-right whitespace-nowrap';
  return [
    {
      id: 'periode',
      header: 'Période',
      rowHeader: true,
      cell: (period) => (
        <>
          {formatPeriodTitle(period.periode)}
          {period.enCours ? <span className="block text-sm font-normal text-muted">en cours</span> : null}
          {period.releve ? null : <span className="block text-sm font-normal text-muted">{NOT_RECORDED}</span>}
        </>
      ),
    },
    { id: 'voix', header: 'Appels', className: numeric, cell: (period) => recorded(period, formatMinutes(period.voixMinutes)) },
    { id: 'sms', header: 'SMS', className: numeric, cell: (period) => recorded(period, formatSms(period.sms)) },
    { id: 'data', header: 'Données', className: numeric, cell: (period) => dataCell(period, limit) },
    { id: 'ht', header: 'Hors forfait HT', className: numeric, cell: (period) => recorded(period, formatEuros(period.horsForfaitHT)) },
    { id: 'ttc', header: 'Hors forfait TTC', className: numeric, cell: (period) => recorded(period, formatEuros(period.horsForfaitTTC)) },
  ];
}

/** Every figure of the charts, period by period: the charts' text alternative, always on the page. */
export function ConsumptionTable({ consumption }: { consumption: Consumption }) {
  return (
    <DataTable
      caption="Détail par période"
      showCaption
      columns={consumptionColumns(consumption)}
      rows={[...consumption.periodes].reverse()}
      rowKey={(period) => period.periode}
    />
  );
}
