import type { Line, LinePageQuery, LineUserEntry } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import type { TableSelection } from '../../../components/ui/table/row-selection.tsx';
import type { TableSort } from '../../../components/ui/table/sortable-header.tsx';
import { linePath } from '../utils/line-path.ts';
import { LineStatusBadge } from './line-status-badge.tsx';

export type LineSortField = LinePageQuery['tri'];

interface LinesTableProps {
  lines: readonly Line[];
  caption: ReactNode;
  /** When given, the column headers sort the table (server-side). */
  sort?: TableSort<LineSortField>;
  /** Shown instead of an empty table. */
  empty?: ReactNode;
  /** The users of the lines shown, by contract id, or where they stand: adds their column. */
  users?: LineUsersState;
  /** Lines can be chosen (a bulk action, an export of the selection). */
  selection?: TableSelection<Line>;
  /** Adds the cost centre and labels columns. */
  centres?: boolean;
}

const NUMBER_COLUMN: DataColumn<Line, LineSortField> = {
  id: 'numero',
  header: 'Numéro',
  sortKey: 'numeroLigne',
  rowHeader: true,
  className: 'whitespace-nowrap',
  // Each row opens the line's page.
  cell: (line) => (
    <Link to={linePath(line.idContrat)} className="link">
      {formatPhone(line.numeroLigne)}
    </Link>
  ),
};

const PLAN_AND_STATUS: DataColumn<Line, LineSortField>[] = [
  { id: 'forfait', header: 'Forfait', sortKey: 'libelleOffre', cell: (line) => line.libelleOffre },
  { id: 'statut', header: 'Statut', sortKey: 'codeStatut', cell: (line) => <LineStatusBadge status={line.codeStatut} /> },
];

/** The line's cost centre and labels (decision 048). */
const CENTRE_AND_LABELS: DataColumn<Line, LineSortField>[] = [
  {
    id: 'centre',
    header: 'Centre de coût',
    sortKey: 'centre',
    cell: (line) =>
      line.centre ? (
        <>
          {line.centre.libelle} <span className="text-sm text-muted">({line.centre.code})</span>
        </>
      ) : (
        <span className="text-muted">Aucun</span>
      ),
  },
  {
    id: 'etiquettes',
    header: 'Étiquettes',
    cell: (line) =>
      line.etiquettes.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label="Étiquettes">
          {line.etiquettes.map((label) => (
            <li key={label} className="rounded-sm border border-line bg-primary-soft px-1.5 text-sm">
              {label}
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-muted">Aucune</span>
      ),
  },
];

export type LineUsersState = ReadonlyMap<number, LineUserEntry> | 'loading' | 'unavailable';

function userColumn(users: LineUsersState): DataColumn<Line, LineSortField> {
  return {
    id: 'utilisateur',
    header: 'Utilisateur',
    cell: (line) => {
      if (users === 'loading') return <span className="text-muted">Chargement…</span>;
      if (users === 'unavailable') return <span className="text-muted">Non disponible</span>;
      const user = users.get(line.idContrat);
      return user?.prenom && user.nom ? `${user.prenom} ${user.nom}` : <span className="text-muted">Non renseigné</span>;
    },
  };
}

/** Lines of a billing account: number, user (when known), plan and status, and their centre and labels when asked. */
export function LinesTable({ lines, caption, sort, empty, users, selection, centres = false }: LinesTableProps) {
  // The status stays last, where the eye looks for it at the end of a row.
  const columns = [NUMBER_COLUMN, ...(users ? [userColumn(users)] : []), ...(centres ? CENTRE_AND_LABELS : []), ...PLAN_AND_STATUS];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={lines}
      rowKey={(line) => line.idContrat}
      sort={sort}
      empty={empty}
      selection={selection}
    />
  );
}

/** The name of a line's checkbox in the fleet list. */
export const lineSelectionLabel = (line: Line) => `Sélectionner la ligne ${formatPhone(line.numeroLigne)}`;
