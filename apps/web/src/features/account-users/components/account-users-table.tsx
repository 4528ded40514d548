import { ACCOUNT_USER_ROLE_LABELS, type AccountUser } from '@ecare/shared/account-users';
import { formatPhone } from '@ecare/shared/phone';
import { CircleCheck, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { fullName } from '../utils/user-forms.ts';

export type UserAction = 'role' | 'remove' | 'mfa-reset';

interface AccountUsersTableProps {
  users: readonly AccountUser[];
  caption: ReactNode;
  /** Managers of the account: the last one can be neither removed nor made a simple user. */
  managers: number;
  onAction: (user: AccountUser, action: UserAction) => void;
  /** In an agent's customer session: the reset of a person's second factors (decision 058). */
  agentSession?: boolean;
}

function Access({ active }: { active: boolean }) {
  return active ? (
    <span className="inline-flex items-center gap-1 text-success">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      Activé
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-warning">
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      Invitation envoyée
    </span>
  );
}

/** The account's people: name, e-mail address, role, line, access, and what can be done about each. */
export function AccountUsersTable({ users, caption, managers, onAction, agentSession = false }: AccountUsersTableProps) {
  const lastManager = (user: AccountUser) => user.role === 'gestionnaire' && managers <= 1;
  const columns: DataColumn<AccountUser>[] = [
    {
      id: 'nom',
      header: 'Nom',
      rowHeader: true,
      cell: (user) => (
        <>
          {fullName(user)}
          {user.estMoi ? <span className="font-normal text-muted"> (vous)</span> : null}
        </>
      ),
    },
    { id: 'email', header: 'Adresse e-mail', className: 'whitespace-nowrap', cell: (user) => user.email },
    {
      id: 'role',
      header: 'Rôle',
      cell: (user) => (
        <>
          {ACCOUNT_USER_ROLE_LABELS[user.role]}
          {lastManager(user) ? <span className="block text-sm text-muted">Seul gestionnaire du compte</span> : null}
        </>
      ),
    },
    {
      id: 'ligne',
      header: 'Ligne',
      className: 'whitespace-nowrap',
      cell: (user) => (user.ligne ? formatPhone(user.ligne.numeroLigne) : <span className="text-muted">Aucune</span>),
    },
    { id: 'acces', header: 'Accès', className: 'whitespace-nowrap', cell: (user) => <Access active={user.accesActive} /> },
    {
      id: 'actions',
      header: 'Actions',
      card: 'actions',
      cell: (user) => (
        // Positioned, so that the button's visually hidden words stay inside the table's scrolling area.
        <div className="relative">
          <MenuButton
            label={
              <>
                Gérer<span className="sr-only"> {fullName(user)}</span>
              </>
            }
            items={[
              { id: 'role', label: 'Changer le rôle' },
              { id: 'remove', label: 'Retirer du compte', isDisabled: lastManager(user) },
              ...(agentSession ? [{ id: 'mfa-reset', label: 'Réinitialiser la vérification en deux étapes' }] : []),
            ]}
            onAction={(id) => onAction(user, id === 'remove' || id === 'mfa-reset' ? id : 'role')}
            className="btn-secondary whitespace-nowrap"
          />
        </div>
      ),
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={users} rowKey={(user) => user.id} />;
}
