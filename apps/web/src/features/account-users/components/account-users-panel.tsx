import type { AccountUser } from '@ecare/shared/account-users';
import { formatPhone } from '@ecare/shared/phone';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Pagination } from '../../../components/ui/table/pagination.tsx';
import { ACCOUNT_USERS_PAGE_SIZE, useAccountUsers } from '../api/get-account-users.ts';
import { useRemoveAccountUser } from '../api/remove-account-user.ts';
import { fullName } from '../utils/user-forms.ts';
import { AccountUsersTable, type UserAction } from './account-users-table.tsx';
import { InviteUserForm } from './invite-user-form.tsx';
import { MfaResetForm } from './mfa-reset-form.tsx';
import { RoleForm } from './role-form.tsx';

interface AccountUsersPanelProps {
  idClientBscs: number;
  /** The signed-in manager took themselves off the account, or made themselves a simple user. */
  onAccessLost: () => void;
  /** An agent acts in the customer's session: the reset of a person's second factors is offered (decision 058). */
  agentSession?: boolean;
}

function roleNotice(user: AccountUser): string {
  if (user.role === 'gestionnaire') return `${fullName(user)} est maintenant gestionnaire du compte.`;
  return user.ligne
    ? `${fullName(user)} est maintenant utilisateur de la ligne ${formatPhone(user.ligne.numeroLigne)}.`
    : `${fullName(user)} est maintenant utilisateur.`;
}

/** The people of the chosen account, with the invitation, the role change and the removal. */
export function AccountUsersPanel({ idClientBscs, onAccessLost, agentSession = false }: AccountUsersPanelProps) {
  const [page, setPage] = useState(1);
  const users = useAccountUsers(idClientBscs, page);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<AccountUser | null>(null);
  const [removing, setRemoving] = useState<AccountUser | null>(null);
  const [resetting, setResetting] = useState<AccountUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useRemoveAccountUser();
  const confirmation = useConfirmation();

  const startRemoval = async (user: AccountUser) => {
    if (remove.isPending || confirmation.isOpen) return;
    remove.reset();
    setNotice(null);
    setRemoving(user);
    if (!(await confirmation.ask())) return;
    try {
      await remove.mutateAsync({ userId: user.id, idClientBscs });
      setNotice(`${fullName(user)} n’a plus accès à ce compte de facturation.`);
      if (user.estMoi) onAccessLost();
    } catch {
      // Shown above the table (remove.error).
    } finally {
      confirmation.close();
    }
  };

  const act = (user: AccountUser, action: UserAction) => {
    if (action === 'remove') void startRemoval(user);
    else if (action === 'mfa-reset') {
      setNotice(null);
      setResetting(user);
    } else {
      setNotice(null);
      setEditing(user);
    }
  };

  const data = users.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / ACCOUNT_USERS_PAGE_SIZE)) : 1;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="font-semibold">
          {data ? (data.total === 1 ? '1 utilisateur' : `${data.total.toLocaleString('fr-FR')} utilisateurs`) : null}
        </p>
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            setNotice(null);
            setInviting(true);
          }}
        >
          <UserPlus aria-hidden="true" className="size-4" />
          Inviter un utilisateur
        </button>
      </div>
      <div role="status">
        {notice ? (
          <Alert tone="success" live={false}>
            {notice}
          </Alert>
        ) : null}
      </div>
      {users.error ? <ApiErrorAlert error={users.error} /> : null}
      {remove.error ? <ApiErrorAlert error={remove.error} /> : null}
      {data ? (
        <>
          <AccountUsersTable
            users={data.utilisateurs}
            caption={pageCount > 1 ? `Utilisateurs du compte, page ${data.page} sur ${pageCount}` : 'Utilisateurs du compte'}
            managers={data.nbGestionnaires}
            onAction={act}
            agentSession={agentSession}
          />
          <Pagination label="Pagination des utilisateurs" page={data.page} pageCount={pageCount} onPage={setPage} />
        </>
      ) : null}

      <Dialog title="Inviter un utilisateur" isOpen={inviting} onOpenChange={setInviting}>
        <p className="mb-4 text-muted">
          La personne reçoit un e-mail avec le lien qui lui permet de créer son code confidentiel et d’activer son accès.
        </p>
        <InviteUserForm
          idClientBscs={idClientBscs}
          onCancel={() => setInviting(false)}
          onInvited={(user) => {
            setInviting(false);
            setNotice(`Invitation envoyée à ${user.email} : ${fullName(user)} activera son accès en créant son code confidentiel.`);
          }}
        />
      </Dialog>

      <Dialog
        title={editing ? `Changer le rôle de ${fullName(editing)}` : 'Changer le rôle'}
        isOpen={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        {editing ? (
          <RoleForm
            idClientBscs={idClientBscs}
            user={editing}
            onCancel={() => setEditing(null)}
            onChanged={(user) => {
              setEditing(null);
              setNotice(roleNotice(user));
              if (user.estMoi && user.role !== 'gestionnaire') onAccessLost();
            }}
          />
        ) : null}
      </Dialog>

      <Dialog
        title="Réinitialiser la vérification en deux étapes"
        isOpen={resetting !== null}
        onOpenChange={(open) => {
          if (!open) setResetting(null);
        }}
      >
        {resetting ? (
          <MfaResetForm
            idClientBscs={idClientBscs}
            user={resetting}
            onCancel={() => setResetting(null)}
            onReset={() => {
              setNotice(`La vérification en deux étapes de ${fullName(resetting)} est réinitialisée\u00a0; la personne et les gestionnaires du compte sont prévenus par e-mail.`);
              setResetting(null);
            }}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        confirmation={confirmation}
        title={removing ? `Retirer ${fullName(removing)} du compte\u00a0?` : 'Retirer du compte\u00a0?'}
        confirmLabel="Retirer du compte"
        isPending={remove.isPending}
      >
        {removing?.estMoi ? (
          <p>Vous n’aurez plus accès à ce compte de facturation.</p>
        ) : (
          <>
            <p>
              {removing ? fullName(removing) : 'Cette personne'} n’aura plus accès à ce compte de facturation
              {removing?.ligne ? ` et la ligne ${formatPhone(removing.ligne.numeroLigne)} n’aura plus d’utilisateur de l’espace client` : ''}.
            </p>
            <p>Vous pourrez l’inviter de nouveau plus tard.</p>
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
