import type { MfaRequired, TotpEnrolment } from '@ecare/shared/security';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { RecoveryCodes } from '../../../components/second-factor/recovery-codes.tsx';
import { TotpSecretSteps } from '../../../components/second-factor/totp-secret-steps.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { startEnrolmentAtSignIn } from '../api/start-enrolment-at-sign-in.ts';

interface SecondFactorEnrolmentProps {
  challenge: MfaRequired;
  /** The recovery codes the confirmed enrolment gave, once; null before. */
  recoveryCodes: readonly string[] | null;
  /** The reader kept their recovery codes: on into the portal. */
  onCodesKept: () => void;
  /** The first code's form (the second step's own, with the app's code). */
  children: ReactNode;
}

/**
 * The enrolment a sign-in requires (decision 057): why, the app's QR code and key, its first code
 * (which confirms the app and ends the sign-in), then the recovery codes, shown once.
 */
export function SecondFactorEnrolment({ challenge, recoveryCodes, onCodesKept, children }: SecondFactorEnrolmentProps) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per challenge: a second start would replace the secret the reader is scanning.
    if (started.current) return;
    started.current = true;
    startEnrolmentAtSignIn(challenge.mfa_token).then(setEnrolment, setFailure);
  }, [challenge.mfa_token]);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onCodesKept} />;
  return (
    <div className="space-y-4">
      <p>{challenge.error_description}</p>
      {failure ? (
        <ApiErrorAlert error={failure} />
      ) : !enrolment ? (
        <p className="flex items-center gap-2">
          <Spinner />
          Préparation de votre application d’authentification…
        </p>
      ) : (
        <ol className="list-decimal space-y-5 pl-5">
          <TotpSecretSteps enrolment={enrolment} />
          <li className="space-y-3">
            <p>Saisissez le code que l’application affiche pour terminer votre connexion.</p>
            {children}
          </li>
        </ol>
      )}
    </div>
  );
}
