import { DownloadMenuButton } from '../../../components/ui/download-button.tsx';
import type { LinePageParams } from '../api/paths.ts';
import { lineExportPath, type LineExportScope } from '../api/other-paths.ts';

interface LineExportMenuProps {
  idClientBscs: number;
  /** The list's order, which the file keeps. */
  sort: Pick<LinePageParams, 'tri' | 'ordre'>;
  /** The filtered list, or the selection. */
  scope: LineExportScope;
  /** "Exporter la liste", "Exporter la sélection". */
  label: string;
  className?: string;
}

/** The fleet's lines in a file to open in a spreadsheet: CSV or Excel, with progress while it comes. */
export function LineExportMenu({ idClientBscs, sort, scope, label, className }: LineExportMenuProps) {
  return (
    <DownloadMenuButton
      label={label}
      className={className}
      choices={[
        {
          id: 'csv',
          label: 'Fichier CSV (.csv)',
          path: lineExportPath(idClientBscs, 'csv', sort, scope),
          fallbackName: `lignes-${idClientBscs}.csv`,
        },
        {
          id: 'xlsx',
          label: 'Classeur Excel (.xlsx)',
          path: lineExportPath(idClientBscs, 'xlsx', sort, scope),
          fallbackName: `lignes-${idClientBscs}.xlsx`,
        },
      ]}
    />
  );
}
