import { invoiceExportPath } from '../api/invoice-paths.ts';
import { exportPeriodProblem, type ExportPeriod } from '../utils/export-period.ts';
import { PeriodExportForm } from './period-export-form.tsx';

interface InvoiceExportFormProps {
  idClientBscs: number;
  /** The period offered first (the last twelve months). */
  initialPeriod: ExportPeriod;
}

/**
 * The lines of the invoices dated in a period, in a file to open in a spreadsheet: one row per
 * charge (CSV or Excel), with progress while it comes.
 */
export function InvoiceExportForm({ idClientBscs, initialPeriod }: InvoiceExportFormProps) {
  return (
    <PeriodExportForm
      unit="date"
      labels={{ du: 'Du', au: 'Au', button: 'Exporter les lignes de factures' }}
      initialPeriod={initialPeriod}
      problemOf={exportPeriodProblem}
      fileOf={(format, { du, au }) => ({ path: invoiceExportPath(idClientBscs, format, du, au), fallbackName: `factures-${idClientBscs}-${du}-${au}.${format}` })}
    />
  );
}
