import { invoiceCentresExportPath } from '../api/invoice-paths.ts';
import { monthPeriodProblem, type MonthPeriod } from '../utils/centres-export-period.ts';
import { PeriodExportForm, spreadsheetChoices } from './period-export-form.tsx';

interface InvoiceCentresExportFormProps {
  idClientBscs: number;
  /** The months offered first (the last twelve). */
  initialPeriod: MonthPeriod;
}

/**
 * The invoices of some months by cost centre, in a file to open in a spreadsheet: one row per
 * invoice and centre with its amounts excluding VAT, VAT and including VAT (CSV or Excel).
 */
export function InvoiceCentresExportForm({ idClientBscs, initialPeriod }: InvoiceCentresExportFormProps) {
  return (
    <PeriodExportForm
      unit="month"
      labels={{ du: 'Du mois', au: 'Au mois', button: 'Exporter par centre de coût' }}
      initialPeriod={initialPeriod}
      problemOf={monthPeriodProblem}
      filesOf={({ du, au }) =>
        spreadsheetChoices((format) => ({ path: invoiceCentresExportPath(idClientBscs, format, du, au), fallbackName: `factures-centres-${idClientBscs}-${du}-${au}.${format}` }))
      }
    />
  );
}
