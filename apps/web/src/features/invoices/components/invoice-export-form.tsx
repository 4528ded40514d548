import { useId, useState } from 'react';
import { DownloadMenuButton } from '../../../components/ui/download-button.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { invoiceExportPath } from '../api/invoice-paths.ts';
import { exportPeriodProblem, type ExportPeriod } from '../utils/export-period.ts';

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
  const [period, setPeriod] = useState(initialPeriod);
  const problem = exportPeriodProblem(period);
  const problemId = useId();
  const name = (format: string) => `factures-${idClientBscs}-${period.du}-${period.au}.${format}`;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-4">
        <FormField label="Du" invalid={problem !== null} describedBy={problem ? problemId : undefined}>
          {(control) => (
            <input {...control} type="date" className="field-input w-44" value={period.du} onChange={(event) => setPeriod({ ...period, du: event.target.value })} />
          )}
        </FormField>
        <FormField label="Au" invalid={problem !== null} describedBy={problem ? problemId : undefined}>
          {(control) => (
            <input {...control} type="date" className="field-input w-44" value={period.au} onChange={(event) => setPeriod({ ...period, au: event.target.value })} />
          )}
        </FormField>
      </div>
      {problem ? (
        <p id={problemId} className="text-sm font-semibold text-danger">
          {problem}
        </p>
      ) : (
        <DownloadMenuButton
          label="Exporter les lignes de factures"
          choices={[
            { id: 'csv', label: 'Fichier CSV (.csv)', path: invoiceExportPath(idClientBscs, 'csv', period.du, period.au), fallbackName: name('csv') },
            { id: 'xlsx', label: 'Classeur Excel (.xlsx)', path: invoiceExportPath(idClientBscs, 'xlsx', period.du, period.au), fallbackName: name('xlsx') },
          ]}
        />
      )}
    </div>
  );
}
