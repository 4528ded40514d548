import { useId, useState } from 'react';
import { DownloadMenuButton } from '../../../components/ui/download-button.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';

/** A period as an export form holds it: two days (`YYYY-MM-DD`) or two months (`YYYY-MM`). */
export interface Period {
  du: string;
  au: string;
}

interface PeriodExportFormProps {
  /** Days or months. */
  unit: 'date' | 'month';
  labels: { du: string; au: string; button: string };
  initialPeriod: Period;
  /** Why the period cannot be exported, in French, or null when it can. */
  problemOf: (period: Period) => string | null;
  /** The file of a format over the period: its API path and the name it is saved under. */
  fileOf: (format: 'csv' | 'xlsx', period: Period) => { path: string; fallbackName: string };
}

/** A period, then its file as CSV or Excel, with progress while it comes: the invoices' exports. */
export function PeriodExportForm({ unit, labels, initialPeriod, problemOf, fileOf }: PeriodExportFormProps) {
  const [period, setPeriod] = useState(initialPeriod);
  const problem = problemOf(period);
  const problemId = useId();
  const bound = (end: 'du' | 'au') => (
    <FormField label={labels[end]} invalid={problem !== null} describedBy={problem ? problemId : undefined}>
      {(control) => (
        <input
          {...control}
          type={unit}
          placeholder={unit === 'month' ? 'AAAA-MM' : undefined}
          className="field-input w-44"
          value={period[end]}
          onChange={(event) => setPeriod({ ...period, [end]: event.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-4">
        {bound('du')}
        {bound('au')}
      </div>
      {problem ? (
        <p id={problemId} className="text-sm font-semibold text-danger">
          {problem}
        </p>
      ) : (
        <DownloadMenuButton
          label={labels.button}
          choices={[
            { id: 'csv', label: 'Fichier CSV (.csv)', ...fileOf('csv', period) },
            { id: 'xlsx', label: 'Classeur Excel (.xlsx)', ...fileOf('xlsx', period) },
          ]}
        />
      )}
    </div>
  );
}
