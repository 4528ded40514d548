import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { passkeyRenameRequestSchema, type Passkey } from '@ecare/shared/security';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { browserSupportsPasskeys, isPasskeyCancelled, PASSKEY_CANCELLED_TEXT } from '../../../lib/webauthn.ts';
import { usePasskeys } from '../api/get-passkeys.ts';
import { useSecurityOverview } from '../api/get-security.ts';
import { useRegisterPasskey } from '../api/register-passkey.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';
import { useRenamePasskey } from '../api/rename-passkey.ts';
import { RecoveryCodes } from '../../../components/second-factor/recovery-codes.tsx';

const moment = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });
const day = parisDateTimeFormat({ dateStyle: 'short' });

type Notice = { tone: 'success' | 'info'; text: string } | null;

const NAME_HELP = 'Pour la reconnaître dans la liste, par exemple «\u00a0Téléphone de Claire\u00a0» ou «\u00a0Ordinateur du bureau\u00a0».';

/** « Ajouter une clé d’accès »: a name, then the device's own confirmation (fingerprint, face, PIN). */
function AddPasskeyForm({ onAdded, onCancelled }: { onAdded: (passkey: Passkey, codes: string[] | null) => void; onCancelled: (text: string) => void }) {
  const form = useZodForm(passkeyRenameRequestSchema, { defaultValues: { nom: '' } });
  const register = useRegisterPasskey();
  return (
    <Form
      form={form}
      className="space-y-4"
      errorFields={{ PASSKEY_NAME_INVALID: 'nom', PASSKEY_NAME_TOO_LONG: 'nom', PASSKEY_NAME_CONTROL: 'nom' }}
      onSubmit={async ({ nom }) => {
        try {
          const { codesDeSecours, ...passkey } = await register.mutateAsync(nom);
          form.reset({ nom: '' });
          onAdded(passkey, codesDeSecours ?? null);
        } catch (error) {
          // The person closed the device's window: nothing went wrong, they may try again.
          if (!isPasskeyCancelled(error)) throw error;
          onCancelled(PASSKEY_CANCELLED_TEXT[error.reason]);
        }
      }}
    >
      <TextField<{ nom: string }> name="nom" label="Nom de la nouvelle clé d’accès" help={NAME_HELP} required maxLength={80} autoComplete="off" inputClassName="max-w-sm" />
      <FormAlert />
      <SubmitButton className="btn-primary w-full sm:w-auto">Ajouter une clé d’accès</SubmitButton>
    </Form>
  );
}

/** The rename dialog's form. */
function RenameForm({ passkey, onDone, onCancel }: { passkey: Passkey; onDone: (passkey: Passkey) => void; onCancel: () => void }) {
  const form = useZodForm(passkeyRenameRequestSchema, { defaultValues: { nom: passkey.nom } });
  const rename = useRenamePasskey();
  return (
    <Form
      form={form}
      className="space-y-4"
      errorFields={{ PASSKEY_NAME_INVALID: 'nom', PASSKEY_NAME_TOO_LONG: 'nom', PASSKEY_NAME_CONTROL: 'nom' }}
      onSubmit={async ({ nom }) => onDone(await rename.mutateAsync({ id: passkey.id, nom }))}
    >
      <TextField<{ nom: string }> name="nom" label="Nouveau nom" help={NAME_HELP} required maxLength={80} autoComplete="off" />
      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <SubmitButton>Enregistrer</SubmitButton>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Annuler
        </button>
      </div>
    </Form>
  );
}

/**
 * « Clés d’accès » (decision 056): the user's passkeys, each renamed or removed (after a
 * confirmation), and a new one added with a name; the first factor of all brings the recovery codes.
 */
export function PasskeysSection() {
  const headingId = useId();
  const passkeys = usePasskeys();
  const overview = useSecurityOverview();
  const remove = useRemovePasskey();
  const confirmation = useConfirmation();
  const [notice, setNotice] = useState<Notice>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = browserSupportsPasskeys();

  // Removing this one leaves no second factor: the recovery codes go with it.
  const lastFactor = overview.data ? !overview.data.totp.actif && overview.data.passkeys <= 1 : false;

  const confirmRemoval = async (passkey: Passkey) => {
    if (remove.isPending || confirmation.isOpen) return;
    remove.reset();
    setNotice(null);
    setRemoving(passkey);
    if (!(await confirmation.ask())) return;
    try {
      await remove.mutateAsync(passkey.id);
      setNotice({ tone: 'success', text: `La clé d’accès «\u00a0${passkey.nom}\u00a0» est retirée.` });
    } catch {
      // Said above the table (remove.error).
    } finally {
      confirmation.close();
    }
  };

  const columns: DataColumn<Passkey>[] = [
    { id: 'nom', header: 'Nom', rowHeader: true, cell: (passkey) => passkey.nom },
    { id: 'creeLe', header: 'Ajoutée le', className: 'whitespace-nowrap', cell: (passkey) => day.format(new Date(passkey.creeLe)) },
    {
      id: 'derniereUtilisation',
      header: 'Dernière utilisation',
      className: 'whitespace-nowrap',
      cell: (passkey) => (passkey.derniereUtilisation ? moment.format(new Date(passkey.derniereUtilisation)) : 'Jamais utilisée'),
    },
    {
      id: 'actions',
      header: 'Actions',
      card: 'actions',
      cell: (passkey) => (
        <div className="relative flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary whitespace-nowrap"
            onClick={() => {
              setNotice(null);
              setRenaming(passkey);
            }}
          >
            Renommer<span className="sr-only"> la clé d’accès {passkey.nom}</span>
          </button>
          <button type="button" className="btn-secondary whitespace-nowrap" disabled={remove.isPending} onClick={() => void confirmRemoval(passkey)}>
            Retirer<span className="sr-only"> la clé d’accès {passkey.nom}</span>
          </button>
        </div>
      ),
    },
  ];

  if (codes) {
    return (
      <section aria-labelledby={headingId} className="card space-y-4">
        <h2 id={headingId} className="text-xl font-bold text-primary-strong">
          Clés d’accès
        </h2>
        <Alert tone="success" live={false}>
          Votre clé d’accès est ajoutée. Voici vos codes de secours, pour vous connecter si vous n’avez plus votre appareil.
        </Alert>
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            setNotice({ tone: 'success', text: 'Votre clé d’accès est prête\u00a0: elle vous sera proposée à la connexion.' });
          }}
        />
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className="card space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-bold text-primary-strong">
          Clés d’accès
        </h2>
        <p className="mt-1 text-muted">
          Une clé d’accès vous connecte avec l’empreinte, le visage ou le code de verrouillage de votre appareil, sans code confidentiel. Après votre
          code confidentiel, elle sert aussi de vérification en deux étapes.
        </p>
      </div>
      <div role="status">
        {notice ? (
          <Alert tone={notice.tone} live={false}>
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {remove.error ? <ApiErrorAlert error={remove.error} /> : null}
      {passkeys.data ? (
        <DataTable
          caption="Vos clés d’accès"
          columns={columns}
          rows={passkeys.data}
          rowKey={(passkey) => passkey.id}
          empty={
            <EmptyState title="Aucune clé d’accès" icon={KeyRound}>
              Ajoutez-en une ci-dessous pour vous connecter sans code confidentiel.
            </EmptyState>
          }
        />
      ) : passkeys.error ? (
        <ReadFailed error={passkeys.error} onRetry={() => void passkeys.refetch()} pending={passkeys.isFetching} />
      ) : (
        <WaitingText>Chargement de vos clés d’accès…</WaitingText>
      )}

      <h3 className="text-lg font-bold">Ajouter une clé d’accès</h3>
      {supported ? (
        <AddPasskeyForm
          onAdded={(passkey, given) => {
            if (given) setCodes(given);
            else setNotice({ tone: 'success', text: `La clé d’accès «\u00a0${passkey.nom}\u00a0» est ajoutée.` });
          }}
          onCancelled={(text) => setNotice({ tone: 'info', text })}
        />
      ) : (
        <p>{PASSKEY_CANCELLED_TEXT.unsupported}</p>
      )}

      <Dialog title="Renommer la clé d’accès" isOpen={renaming !== null} onOpenChange={(open) => (open ? undefined : setRenaming(null))}>
        {renaming ? (
          <RenameForm
            passkey={renaming}
            onCancel={() => setRenaming(null)}
            onDone={(passkey) => {
              setRenaming(null);
              setNotice({ tone: 'success', text: `La clé d’accès s’appelle désormais «\u00a0${passkey.nom}\u00a0».` });
            }}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog confirmation={confirmation} title={'Retirer cette clé d’accès\u00a0?'} confirmLabel="Retirer" isPending={remove.isPending}>
        <p>La clé d’accès «&nbsp;{removing?.nom}&nbsp;» ne permettra plus de vous connecter.</p>
        {lastFactor ? (
          <p>C’est votre dernier second facteur&nbsp;: vos codes de secours ne serviront plus, et votre code confidentiel suffira pour vous connecter.</p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
