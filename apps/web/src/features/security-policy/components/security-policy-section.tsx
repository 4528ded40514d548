import { SECURITY_POLICY_TEXTS, type SecurityPolicy } from '@ecare/shared/security-policy';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useSecurityPolicy } from '../api/get-security-policy.ts';
import { useSaveSecurityPolicy } from '../api/save-security-policy.ts';

/** The switch of the policy: turning it on asks first, turning it off does not. */
function PolicySwitch({ idClientBscs, policy }: { idClientBscs: number; policy: SecurityPolicy }) {
  const save = useSaveSecurityPolicy(idClientBscs);
  const confirmation = useConfirmation();
  const [outcome, setOutcome] = useState<{ saved: true } | { error: unknown } | null>(null);
  const id = useId().replace(/:/g, '');
  const labelId = `politique-securite-libelle${id}`;
  const helpId = `politique-securite-aide${id}`;
  const on = policy.mfaObligatoire;

  async function toggle() {
    setOutcome(null);
    const next = !on;
    if (next && !(await confirmation.ask())) return;
    try {
      await save.mutateAsync({ mfaObligatoire: next });
      setOutcome({ saved: true });
    } catch (error) {
      setOutcome({ error });
    } finally {
      confirmation.close();
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={helpId}
          disabled={save.isPending}
          onClick={() => void toggle()}
          className={`relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${
            on ? 'border-primary bg-primary' : 'border-muted bg-white'
          }`}
        >
          <span aria-hidden="true" className={`inline-block size-4 rounded-full transition-transform motion-reduce:transition-none ${on ? 'translate-x-6 bg-white' : 'translate-x-1 bg-muted'}`} />
        </button>
        <div>
          <p id={labelId} className="font-semibold">
            {SECURITY_POLICY_TEXTS.switchLabel}
          </p>
          <p id={helpId} className="text-muted">
            {on
              ? 'Activée : chaque utilisateur du compte se connecte avec son code confidentiel puis le code de son application d’authentification.'
              : 'Désactivée : chaque utilisateur choisit d’activer ou non la vérification en deux étapes depuis sa page Sécurité.'}
          </p>
        </div>
      </div>
      <div role="status">
        {outcome && 'saved' in outcome ? (
          <Alert tone="success" live={false}>
            {SECURITY_POLICY_TEXTS.saved}
          </Alert>
        ) : null}
      </div>
      {outcome && 'error' in outcome ? <ApiErrorAlert error={outcome.error} /> : null}
      <ConfirmDialog confirmation={confirmation} title={SECURITY_POLICY_TEXTS.confirmTitle} confirmLabel={SECURITY_POLICY_TEXTS.confirm} isPending={save.isPending}>
        <p>{SECURITY_POLICY_TEXTS.confirmBody}</p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * « Politique de sécurité de l’entreprise » (decision 057): the chosen account's managers make the
 * second factor required for every user of the account.
 */
export function SecurityPolicySection({ idClientBscs }: { idClientBscs: number }) {
  const policy = useSecurityPolicy(idClientBscs);
  return (
    <section aria-labelledby="politique-securite" className="card mt-8 space-y-4">
      <h2 id="politique-securite" className="text-xl font-bold text-primary-strong">
        {SECURITY_POLICY_TEXTS.title}
      </h2>
      <p className="text-muted">
        Protégez l’accès de votre entreprise à l’espace client&nbsp;: avec la vérification en deux étapes, un code confidentiel volé ne suffit plus
        pour se connecter. Chaque modification est tracée et annoncée par e-mail aux utilisateurs du compte.
      </p>
      {policy.isPending ? <WaitingText>Lecture de la politique…</WaitingText> : null}
      {policy.isError ? <ReadFailed error={policy.error} onRetry={() => void policy.refetch()} pending={policy.isFetching} /> : null}
      {policy.data ? <PolicySwitch idClientBscs={idClientBscs} policy={policy.data} /> : null}
    </section>
  );
}
