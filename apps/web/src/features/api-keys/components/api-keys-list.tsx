import { API_KEY_SCOPE_LABELS, API_KEYS_TEXTS, type ApiKey } from '@ecare/shared/api-keys';
import { KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { createdText, expiryText, inactiveText, lastUsedText } from '../utils/api-key-format.ts';
import { API_KEYS_PAGE_TEXTS } from '../utils/api-keys-texts.ts';

const nameColumn: DataColumn<ApiKey> = { id: 'nom', header: 'Nom', rowHeader: true, cell: (key) => <span className="break-words">{key.libelle}</span> };
const prefixColumn: DataColumn<ApiKey> = { id: 'prefixe', header: 'Préfixe', cell: (key) => <code className="break-all">{key.prefixe}…</code> };
const scopesColumn: DataColumn<ApiKey> = {
  id: 'portees',
  header: 'Portées',
  className: 'min-w-56',
  cell: (key) => (
    <ul className="space-y-1">
      {key.portees.map((scope) => (
        <li key={scope}>{API_KEY_SCOPE_LABELS[scope]}</li>
      ))}
    </ul>
  ),
};
const createdColumn: DataColumn<ApiKey> = { id: 'creee', header: 'Créée', cell: createdText };
const lastUsedColumn: DataColumn<ApiKey> = { id: 'utilisation', header: 'Dernière utilisation', className: 'whitespace-nowrap', cell: lastUsedText };

interface ApiKeysListProps {
  idClientBscs: number;
  keys: readonly ApiKey[];
  /** What to do when there is no active key. */
  emptyHint: ReactNode;
}

/** The account's keys: the active ones, each revocable after a confirmation, then those revoked or expired. */
export function ApiKeysList({ idClientBscs, keys, emptyHint }: ApiKeysListProps) {
  const revoke = useRevokeApiKey(idClientBscs);
  const confirmation = useConfirmation();
  const [chosen, setChosen] = useState<ApiKey | null>(null);
  const [revoked, setRevoked] = useState(false);

  const revokeKey = async (key: ApiKey) => {
    if (revoke.isPending || confirmation.isOpen) return;
    revoke.reset();
    setRevoked(false);
    setChosen(key);
    if (!(await confirmation.ask())) return;
    try {
      await revoke.mutateAsync(key.idCle);
      setRevoked(true);
    } catch {
      // Said above the table (revoke.error).
    } finally {
      confirmation.close();
    }
  };

  const active = keys.filter((key) => key.statut === 'ACTIVE');
  const inactive = keys.filter((key) => key.statut !== 'ACTIVE');

  const activeColumns: DataColumn<ApiKey>[] = [
    nameColumn,
    prefixColumn,
    scopesColumn,
    createdColumn,
    { id: 'expire', header: 'Expire le', className: 'whitespace-nowrap', cell: expiryText },
    lastUsedColumn,
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      label: 'Actions',
      card: 'actions',
      cell: (key) => (
        // Positioned, so that the button's visually hidden words stay inside the table's scrolling area.
        <div className="relative">
          <button type="button" className="btn-secondary whitespace-nowrap" disabled={revoke.isPending} onClick={() => void revokeKey(key)}>
            {API_KEYS_TEXTS.revoke}
            <span className="sr-only"> la clé {key.libelle}</span>
          </button>
        </div>
      ),
    },
  ];
  const inactiveColumns: DataColumn<ApiKey>[] = [nameColumn, prefixColumn, scopesColumn, createdColumn, { id: 'statut', header: 'Statut', cell: inactiveText }, lastUsedColumn];

  return (
    <div className="space-y-4">
      <div role="status">
        {revoked ? (
          <Alert tone="success" live={false}>
            {API_KEYS_TEXTS.revoked}
          </Alert>
        ) : null}
      </div>
      {revoke.error ? <ApiErrorAlert error={revoke.error} /> : null}
      <DataTable
        caption={API_KEYS_PAGE_TEXTS.activeCaption}
        columns={activeColumns}
        rows={active}
        rowKey={(key) => key.idCle}
        empty={
          <EmptyState title={API_KEYS_PAGE_TEXTS.emptyTitle} icon={KeyRound}>
            {emptyHint}
          </EmptyState>
        }
      />
      {inactive.length > 0 ? (
        <>
          <h3 className="text-lg font-bold">{API_KEYS_PAGE_TEXTS.inactiveTitle}</h3>
          <DataTable caption={API_KEYS_PAGE_TEXTS.inactiveCaption} columns={inactiveColumns} rows={inactive} rowKey={(key) => key.idCle} />
        </>
      ) : null}
      <ConfirmDialog confirmation={confirmation} title={API_KEYS_TEXTS.revokeTitle} confirmLabel={API_KEYS_PAGE_TEXTS.revokeConfirm} isPending={revoke.isPending}>
        {chosen ? (
          <p>
            «&nbsp;{chosen.libelle}&nbsp;» (<code>{chosen.prefixe}…</code>)
          </p>
        ) : null}
        <p>{API_KEYS_TEXTS.revokeBody}</p>
      </ConfirmDialog>
    </div>
  );
}
