import type { MfaRequired } from '@ecare/shared/security';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { IDENTIFIER_FIELD_ID } from '../../features/auth/components/login-form.tsx';
import { SecondFactorStep } from '../../features/auth/components/second-factor-step.tsx';
import { completeSignIn, type SignInDestination } from '../session/sign-in.ts';

interface LoginSecondStepProps {
  challenge: MfaRequired;
  destination: SignInDestination;
  /** Back to the first step. */
  onRestart: () => void;
}

/**
 * The login page's second step (issue 29), a file of its own that the login route asks for only
 * when a sign-in needs a second factor (decision 012): the factor, then on as any sign-in.
 */
export function LoginSecondStep({ challenge, destination, onRestart }: LoginSecondStepProps) {
  const navigate = useNavigate();
  // An app enrolled at this sign-in (decision 057): its recovery codes, and the way into the portal once they are kept.
  const [kept, setKept] = useState<{ codes: string[]; enter: () => Promise<string> } | null>(null);
  return (
    <SecondFactorStep
      challenge={challenge}
      // A refusal is shown by the step's form (its alert).
      onSubmit={async (factor) => {
        const outcome = await completeSignIn(challenge, factor, destination);
        if (outcome.kind === 'recovery-codes') setKept(outcome);
        else await navigate(outcome.target, { replace: true });
      }}
      recoveryCodes={kept?.codes ?? null}
      onCodesKept={() => {
        if (kept) void kept.enter().then((target) => navigate(target, { replace: true }));
      }}
      onRestart={() => {
        // The reader starts again where they type.
        flushSync(onRestart);
        document.getElementById(IDENTIFIER_FIELD_ID)?.focus();
      }}
    />
  );
}
