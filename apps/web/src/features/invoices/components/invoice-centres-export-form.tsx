import { useId, useState } from 'react';
import { DownloadMenuButton } from '../../../components/ui/download-button.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { invoiceCentresExportPath } from '../api/invoice-paths.ts';
import { monthPeriodProblem, type MonthPeriod } from '../utils/centres-export-period.ts';

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
  const [period, setPeriod] = useState(initialPeriod);
  const problem = monthPeriodProblem(period);
  const problemId = useId();
  const name = (format: string) => `factures-centres-${idClientBscs}-${period.du}-${period.au}.${format}`;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-4">
        <FormField label="Du mois" invalid={problem !== null} describedBy={problem ? problemId : undefined}>
          {(control) => (
            <input {...control} type="month" placeholder="AAAA-MM" className="field-input w-44" value={period.du} onChange={(event) => setPeriod({ ...period, du: event.target.value })} />
          )}
        </FormField>
        <FormField label="Au mois" invalid={problem !== null} describedBy={problem ? problemId : undefined}>
          {(control) => (
            <input {...control} type="month" placeholder="AAAA-MM" className="field-input w-44" value={period.au} onChange={(event) => setPeriod({ ...period, au: event.target.value })} />
          )}
        </FormField>
      </div>
      {problem ? (
        <p id={problemId} className="text-sm font-semibold text-danger">
          {problem}
        </p>
      ) : (
        <DownloadMenuButton
          label="Exporter par centre de coût"
          choices={[
            { id: 'csv', label: 'Fichier CSV (.csv)', path: invoiceCentresExportPath(idClientBscs, 'csv', period.du, period.au), fallbackName: name('csv') },
            { id: 'xlsx', label: 'Classeur Excel (.xlsx)', path: invoiceCentresExportPath(idClientBscs, 'xlsx', period.du, period.au), fallbackName: name('xlsx') },
          ]}
        />
      )}
    </div>
  );
}
