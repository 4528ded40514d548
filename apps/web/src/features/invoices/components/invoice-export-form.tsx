import { invoiceArchivePath, invoiceExportPath } from '../api/invoice-paths.ts';
import { archivePeriodProblem, exportPeriodProblem, type ExportPeriod } from '../utils/export-period.ts';
import { PeriodExportForm, spreadsheetChoices } from './period-export-form.tsx';

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
      filesOf={({ du, au }) => spreadsheetChoices((format) => ({ path: invoiceExportPath(idClientBscs, format, du, au), fallbackName: `factures-${idClientBscs}-${du}-${au}.${format}` }))}
    />
  );
}

/**
 * Every invoice and credit note dated in a period (ten years at most) as one ZIP: each one's
 * Factur-X PDF and `index.csv`, for the accounts department or an auditor (decision 060).
 */
export function InvoiceArchiveForm({ idClientBscs, initialPeriod }: InvoiceExportFormProps) {
  return (
    <PeriodExportForm
      unit="date"
      labels={{ du: 'Du', au: 'Au', button: 'Télécharger l’archive (ZIP)' }}
      initialPeriod={initialPeriod}
      problemOf={archivePeriodProblem}
      filesOf={({ du, au }) => [{ id: 'zip', label: 'Archive ZIP', path: invoiceArchivePath(idClientBscs, du, au), fallbackName: `factures-${idClientBscs}-${du}-${au}.zip` }]}
    />
  );
}
