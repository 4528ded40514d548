import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { formatCentimes } from '@ecare/shared/order-money';
import { REFUSAL_REASON_MAX, type OrderApproval } from '@ecare/shared/fleet-policy';
import { useState } from 'react';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useDecideOrderApproval } from '../api/decide-order-approval.ts';
import { useOrderApproval } from '../api/get-order-approval.ts';

const day = parisDateTimeFormat({ dateStyle: 'short' });
const refusalSchema = z.object({
  motif: z.string().trim().min(1, 'Indiquez le motif du refus.').max(REFUSAL_REASON_MAX, `Le motif compte au plus ${REFUSAL_REASON_MAX} caractères.`),
});

/** What the approval says, in one sentence. */
export function approvalSentence(approval: OrderApproval): string {
  const amount = `${formatCentimes(approval.montantHtCentimes)} HT, au-delà du seuil de ${formatCentimes(approval.seuilHtCentimes)} HT`;
  switch (approval.statut) {
    case 'EN_ATTENTE_VALIDATION':
      return `Commande de ${approval.demandeur} (${amount}) : elle attend la validation d’un autre gestionnaire jusqu’au ${day.format(new Date(approval.expireLe))}.`;
    case 'APPROUVEE':
      return `Validée par ${approval.decidePar ?? 'un gestionnaire'}${approval.decideLe ? ` le ${day.format(new Date(approval.decideLe))}` : ''} (${amount}).`;
    case 'REFUSEE':
      return `Refusée par ${approval.decidePar ?? 'un gestionnaire'}${approval.decideLe ? ` le ${day.format(new Date(approval.decideLe))}` : ''} : ${approval.motif ?? ''}`;
    case 'EXPIREE':
      return 'Aucun gestionnaire ne l’a validée dans les 7 jours : elle est annulée.';
  }
}

function Decision({ idClientBscs, numero }: { idClientBscs: number; numero: string }) {
  const decide = useDecideOrderApproval(idClientBscs, numero);
  const approveConfirmation = useConfirmation();
  const refuseConfirmation = useConfirmation();
  const [error, setError] = useState<unknown>(null);
  const form = useZodForm(refusalSchema, { defaultValues: { motif: '' } });

  async function approve() {
    setError(null);
    if (!(await approveConfirmation.ask())) return;
    try {
      await decide.mutateAsync({ decision: 'APPROUVEE' });
    } catch (failure) {
      setError(failure);
    } finally {
      approveConfirmation.close();
    }
  }

  return (
    <div className="space-y-4">
      {error ? <ApiErrorAlert error={error} /> : null}
      <button type="button" className="btn-primary" disabled={decide.isPending} onClick={() => void approve()}>
        Valider la commande
      </button>
      <Form
        form={form}
        className="space-y-3"
        onSubmit={async ({ motif }) => {
          if (!(await refuseConfirmation.ask())) return;
          try {
            await decide.mutateAsync({ decision: 'REFUSEE', motif });
          } finally {
            refuseConfirmation.close();
          }
        }}
      >
        <TextField name="motif" label="Motif du refus" required help="Le demandeur le reçoit par e-mail." autoComplete="off" maxLength={REFUSAL_REASON_MAX} />
        <FormAlert />
        <SubmitButton className="btn-secondary">Refuser la commande</SubmitButton>
      </Form>
      <ConfirmDialog confirmation={approveConfirmation} title="Valider cette commande ?" confirmLabel="Oui, valider" isPending={decide.isPending}>
        <p>La commande suivra son cours : paiement, puis mise en service des lignes ou envoi du téléphone. Son auteur en sera prévenu par e-mail.</p>
      </ConfirmDialog>
      <ConfirmDialog confirmation={refuseConfirmation} title="Refuser cette commande ?" confirmLabel="Oui, refuser" isPending={decide.isPending}>
        <p>La commande sera annulée et son auteur prévenu par e-mail, avec votre motif.</p>
      </ConfirmDialog>
    </div>
  );
}

/** The order page's "Validation de la commande" (decision 051): where it stands, and for another manager the decision. */
export function OrderApprovalPanel({ idClientBscs, numero }: { idClientBscs: number; numero: string }) {
  const approval = useOrderApproval(idClientBscs, numero, true);
  return (
    <section aria-labelledby="validation-commande" className="card space-y-4">
      <h2 id="validation-commande" className="text-xl font-bold text-primary-strong">
        Validation de la commande
      </h2>
      {approval.isPending ? <WaitingText>Lecture de la validation…</WaitingText> : null}
      {approval.isError ? <ReadFailed error={approval.error} onRetry={() => void approval.refetch()} pending={approval.isFetching} /> : null}
      {approval.data ? (
        <>
          <Alert tone={approval.data.statut === 'EN_ATTENTE_VALIDATION' ? 'info' : approval.data.statut === 'APPROUVEE' ? 'success' : 'error'} live={false} title={approval.data.statutLibelle}>
            <p>{approvalSentence(approval.data)}</p>
          </Alert>
          {approval.data.peutDecider ? <Decision idClientBscs={idClientBscs} numero={numero} /> : null}
          {approval.data.statut === 'EN_ATTENTE_VALIDATION' && !approval.data.peutDecider ? (
            <p className="text-muted">Un autre gestionnaire du compte que l’auteur de la commande peut la valider ou la refuser.</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
