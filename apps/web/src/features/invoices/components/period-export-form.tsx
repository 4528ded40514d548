import { useId, useState } from 'react';
import { DownloadButton, DownloadMenuButton, type DownloadChoice } from '../../../components/ui/download-button.tsx';
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
  /** The files over the period: one is a button, several a menu (CSV or Excel). */
  filesOf: (period: Period) => readonly DownloadChoice[];
}

/** The same file as CSV and as an Excel workbook: its API path and saved name in each format. */
export function spreadsheetChoices(fileOf: (format: 'csv' | 'xlsx') => { path: string; fallbackName: string }): DownloadChoice[] {
  return [
    { id: 'csv', label: 'Fichier CSV (.csv)', ...fileOf('csv') },
    { id: 'xlsx', label: 'Classeur Excel (.xlsx)', ...fileOf('xlsx') },
  ];
}

function PeriodFiles({ label, files }: { label: string; files: readonly DownloadChoice[] }) {
  const [only] = files;
  return files.length === 1 && only ? <DownloadButton label={label} path={only.path} fallbackName={only.fallbackName} /> : <DownloadMenuButton label={label} choices={files} />;
}

/** A period, then its file (as CSV or Excel, or an archive), with progress while it comes: the invoices' exports. */
export function PeriodExportForm({ unit, labels, initialPeriod, problemOf, filesOf }: PeriodExportFormProps) {
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
        <PeriodFiles label={labels.button} files={filesOf(period)} />
      )}
    </div>
  );
}
