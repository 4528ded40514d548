import { countOf } from '@ecare/shared/french-plural';
import { RECOVERY_CODE_COUNT, type SecurityOverview, type TotpEnrolment as Enrolment } from '@ecare/shared/security';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSecurityOverview } from '../api/get-security.ts';
import { useStartTotpEnrolment } from '../api/start-totp-enrolment.ts';
import { frenchDate } from '../utils/totp-format.ts';
import { RecoveryCodesRegeneration } from './recovery-codes-regeneration.tsx';
import { RecoveryCodes } from '../../../components/second-factor/recovery-codes.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';
import { TotpRemoval } from './totp-removal.tsx';

/** Where the section stands: at rest, enrolling a new app, or showing the codes just given. */
type Step =
  | { kind: 'rest'; done: 'activated' | 'removed' | 'regenerated' | null }
  | { kind: 'enrolling'; enrolment: Enrolment }
  | { kind: 'codes'; codes: string[]; after: 'activated' | 'regenerated' };

const DONE_TEXT = {
  activated: 'L’application d’authentification est activée\u00a0: elle vous sera demandée à chaque connexion.',
  removed: 'L’application d’authentification est désactivée.',
  regenerated: 'Vos nouveaux codes de secours sont actifs\u00a0; les anciens ne fonctionnent plus.',
} as const;

function ActiveState({ overview }: { overview: SecurityOverview }) {
  const since = overview.totp.depuis ? frenchDate(overview.totp.depuis) : null;
  const left = overview.codesDeSecoursRestants;
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2 font-semibold text-success">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
        {since ? `Activée depuis le ${since}` : 'Activée'}
      </p>
      <p>
        À chaque connexion, après votre code confidentiel, le code de votre application vous est demandé.{' '}
        {left === 0
          ? 'Il ne vous reste aucun code de secours.'
          : `Il vous reste ${countOf(left, 'code')} de secours sur ${RECOVERY_CODE_COUNT}.`}
      </p>
      {overview.obligatoire ? (
        // Administration, or the company's policy (decision 057): the last factor stays.
        <p>La vérification en deux étapes est obligatoire pour votre compte&nbsp;: votre application ne peut être retirée que si une autre méthode la remplace.</p>
      ) : null}
    </div>
  );
}

/** « Application d’authentification »: turn the second factor on, see it, turn it off. */
export function TotpSection() {
  const overview = useSecurityOverview();
  const start = useStartTotpEnrolment();
  const [step, setStep] = useState<Step>({ kind: 'rest', done: null });

  const begin = async () => {
    try {
      setStep({ kind: 'enrolling', enrolment: await start.mutateAsync() });
    } catch {
      // Shown under the button (start.error).
    }
  };

  const body = () => {
    if (step.kind === 'enrolling') {
      return (
        <TotpEnrolment
          enrolment={step.enrolment}
          onConfirmed={(codes) => setStep({ kind: 'codes', codes, after: 'activated' })}
          onCancel={() => setStep({ kind: 'rest', done: null })}
        />
      );
    }
    if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'rest', done: step.after })} />;
    if (overview.isPending) return <WaitingText>Chargement de vos paramètres de sécurité…</WaitingText>;
    if (overview.isError) return <ReadFailed error={overview.error} onRetry={() => void overview.refetch()} pending={overview.isFetching} />;
    if (overview.data.totp.actif) {
      return (
        <div className="space-y-6">
          <ActiveState overview={overview.data} />
          <RecoveryCodesRegeneration onCodes={(codes) => setStep({ kind: 'codes', codes, after: 'regenerated' })} />
          <TotpRemoval onRemoved={() => setStep({ kind: 'rest', done: 'removed' })} keepsRecoveryCodes={overview.data.passkeys > 0} />
        </div>
      );
    }
    return (
      <div className="space-y-4">
        <p>
          Protégez votre compte par une vérification en deux étapes&nbsp;: après votre code confidentiel, un code à 6 chiffres affiché par une
          application de votre téléphone vous sera demandé. Même si votre code confidentiel était découvert, personne ne pourrait se
          connecter sans votre téléphone.
        </p>
        <button type="button" className="btn-primary w-full sm:w-auto" disabled={start.isPending} onClick={() => void begin()}>
          {start.isPending ? <Spinner small /> : null}
          Configurer une application d’authentification
        </button>
        {start.error ? <ApiErrorAlert error={start.error} /> : null}
      </div>
    );
  };

  return (
    <section aria-labelledby="application-authentification" className="card space-y-4">
      <h2 id="application-authentification" className="text-xl font-bold text-primary-strong">
        Application d’authentification
      </h2>
      <div role="status">
        {step.kind === 'rest' && step.done ? (
          <Alert tone="success" live={false}>
            {DONE_TEXT[step.done]}
          </Alert>
        ) : null}
      </div>
      {body()}
    </section>
  );
}
