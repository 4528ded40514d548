import { formatPhone } from '@ecare/shared/phone';
import { useState } from 'react';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { hasErrorCode } from '../../../lib/api-error.ts';
import { useFreeLines } from '../api/get-free-lines.ts';

/**
 * Giving someone a line that already names its user (not a portal user) replaces that user: the
 * form says who they are and asks in a dialog first; the request then confirms the replacement
 * (`remplacerUtilisateur`), which the server requires (409 LINE_USER_REPLACEMENT otherwise).
 */
export function useLineUserReplacement(idClientBscs: number) {
  const free = useFreeLines(idClientBscs, true);
  const confirmation = useConfirmation();
  const [asked, setAsked] = useState<{ numeroLigne: string; utilisateur: string; personne: string } | null>(null);

  return {
    /** Whether to send, and the confirmation to send with it: asks when the line names someone else. */
    async confirmFor(idContrat: number | undefined, personne: string): Promise<{ send: boolean; remplacerUtilisateur?: true }> {
      const line = free.data?.lignes.find((candidate) => candidate.idContrat === idContrat);
      if (!line?.utilisateur) return { send: true };
      setAsked({ numeroLigne: line.numeroLigne, utilisateur: line.utilisateur, personne });
      return (await confirmation.ask()) ? { send: true, remplacerUtilisateur: true } : { send: false };
    },
    /** After the request: the dialog closes; a line named since the list was read is read again. */
    settled(error?: unknown) {
      confirmation.close();
      if (hasErrorCode(error, 'LINE_USER_REPLACEMENT')) void free.refetch();
    },
    dialog: (isPending: boolean) => (
      <ConfirmDialog confirmation={confirmation} title="Remplacer l’utilisateur de la ligne ?" confirmLabel="Oui, remplacer" isPending={isPending}>
        {asked ? (
          <>
            <p>
              La ligne {formatPhone(asked.numeroLigne)} est aujourd’hui utilisée par <strong>{asked.utilisateur}</strong>.
            </p>
            <p>
              {asked.personne} la remplacera comme utilisateur de cette ligne. Les factures déjà émises gardent le nom de {asked.utilisateur}.
            </p>
          </>
        ) : null}
      </ConfirmDialog>
    ),
  };
}
