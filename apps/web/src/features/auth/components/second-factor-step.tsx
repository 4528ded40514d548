import { recoveryCodeSchema, totpCodeSchema, type MfaRequired } from '@ecare/shared/security';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { isPasskeyCancelled, PASSKEY_CANCELLED_TEXT, signWithPasskey } from '../../../lib/webauthn.ts';
import type { SecondFactor } from '../api/request-mfa-token.ts';
import { SecondFactorEnrolment } from './second-factor-enrolment.tsx';
import { requestPasskeyOptions } from '../api/request-passkey-options.ts';

// This file is the login page's second step: it loads only when a sign-in asks for a second
// factor (decision 012), so it may use the app's form pattern.

/** The one field of each way of answering: its rule, its words, and the factor it sends. */
const FACTOR_FIELDS = {
  totp: {
    schema: z.object({ code: totpCodeSchema }),
    label: 'Code de vérification',
    help: 'Le code à 6 chiffres affiché par votre application d’authentification.',
    input: { inputMode: 'numeric', autoComplete: 'one-time-code', inputClassName: 'max-w-48' },
    factor: (code: string): SecondFactor => ({ kind: 'totp', otp: code }),
    messages: {},
  },
  secours: {
    schema: z.object({ code: recoveryCodeSchema }),
    label: 'Code de secours',
    help: 'L’un des codes de secours obtenus à l’activation de votre vérification en deux étapes. Chacun ne sert qu’une fois.',
    input: { autoComplete: 'off', autoCapitalize: 'none', inputClassName: 'max-w-xs' },
    factor: (recoveryCode: string): SecondFactor => ({ kind: 'secours', recoveryCode }),
    messages: { code: { required: 'Veuillez saisir un code de secours.', invalid: 'Ce code de secours n’est pas valide.' } },
  },
} as const;

type Mode = SecondFactor['kind'];
type CodeMode = Exclude<Mode, 'passkey'>;

interface FactorFormProps {
  mode: CodeMode;
  onSubmit: (factor: SecondFactor) => Promise<void>;
  /** Moves focus to the field: the reader has just asked for this form. */
  focusField: boolean;
}

/** The code of the way chosen (the app's or a recovery code); the rule and its words are the shared schema's, the API's too. */
function FactorForm({ mode, onSubmit, focusField }: FactorFormProps) {
  const field = FACTOR_FIELDS[mode];
  const form = useZodForm(field.schema, { defaultValues: { code: '' }, messages: field.messages });
  useEffect(() => {
    if (focusField) form.setFocus('code');
  }, [focusField, form]);
  return (
    <Form form={form} className="space-y-5" onSubmit={({ code }) => onSubmit(field.factor(code))}>
      <TextField<{ code: string }> name="code" label={field.label} help={field.help} required spellCheck={false} {...field.input} />
      <FormAlert />
      <SubmitButton className="btn-primary w-full sm:w-auto">Valider</SubmitButton>
    </Form>
  );
}

/** The outcome of a try with a passkey, said under its button. */
type PasskeyTry = { tone: 'info' | 'error'; text: string } | null;

/**
 * « Utiliser une clé d’accès »: the options of this second step, the device's confirmation, then the
 * signature sent as the factor. A window closed by the person is no error: they may try again.
 */
function PasskeyFactor({ mfaToken, onSubmit, focusButton }: { mfaToken: string; onSubmit: (factor: SecondFactor) => Promise<void>; focusButton: boolean }) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<PasskeyTry>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusButton) buttonRef.current?.focus();
  }, [focusButton]);

  const start = async () => {
    if (pending) return;
    setPending(true);
    setOutcome(null);
    try {
      const assertion = await signWithPasskey(() => requestPasskeyOptions(mfaToken));
      await onSubmit({ kind: 'passkey', assertion: JSON.stringify(assertion) });
    } catch (error) {
      setOutcome(isPasskeyCancelled(error) ? { tone: 'info', text: PASSKEY_CANCELLED_TEXT[error.reason] } : { tone: 'error', text: apiErrorMessage(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-4">
      <button ref={buttonRef} type="button" className="btn-primary w-full sm:w-auto" disabled={pending} onClick={() => void start()}>
        {pending ? <Spinner small /> : <KeyRound aria-hidden="true" className="size-4" />}
        Utiliser une clé d’accès
      </button>
      <div role="status">
        {outcome?.tone === 'info' ? (
          <Alert tone="info" live={false}>
            {outcome.text}
          </Alert>
        ) : null}
      </div>
      {outcome?.tone === 'error' ? (
        <Alert tone="error">
          <p className="font-semibold">{outcome.text}</p>
        </Alert>
      ) : null}
    </div>
  );
}

export interface SecondFactorStepProps {
  challenge: MfaRequired;
  /** Sends the factor; a rejection (ApiError) is shown in the form's alert. */
  onSubmit: (factor: SecondFactor) => Promise<void>;
  /** Back to the identifier and code (the challenge expired, or another account). */
  onRestart: () => void;
  /** After an enrolment at sign-in (decision 057): the recovery codes to show once, and the way on once kept. */
  recoveryCodes?: readonly string[] | null;
  onCodesKept?: () => void;
}

/**
 * « Vérification en deux étapes » (issue 29): after a right code, the authenticator app's code,
 * a passkey (decision 056) or, instead, a recovery code.
 */
export function SecondFactorStep({ challenge, onSubmit, onRestart, recoveryCodes = null, onCodesKept = () => {} }: SecondFactorStepProps) {
  const canUseApp = challenge.methodes.includes('totp');
  const canUsePasskey = challenge.methodes.includes('passkey');
  const canUseRecovery = challenge.methodes.includes('secours');
  const [mode, setMode] = useState<Mode>(canUseApp ? 'totp' : canUsePasskey ? 'passkey' : canUseRecovery ? 'secours' : 'totp');
  const [switched, setSwitched] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form the reader filled in is gone: the new step's title says where they are.
  useEffect(() => headingRef.current?.focus(), []);

  const switchTo = (next: Mode) => {
    setSwitched(true);
    setMode(next);
  };

  return (
    <section aria-labelledby="verification-titre" className="card space-y-4">
      <h2 id="verification-titre" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-primary-strong">
        Vérification en deux étapes
      </h2>
      {challenge.inscriptionRequise ? (
        // The subject must have a second factor and has none: they enrol the app first (decision 057).
        <SecondFactorEnrolment challenge={challenge} recoveryCodes={recoveryCodes} onCodesKept={onCodesKept}>
          <FactorForm key="inscription" mode="totp" onSubmit={onSubmit} focusField={false} />
        </SecondFactorEnrolment>
      ) : !canUseApp && !canUseRecovery && !canUsePasskey ? (
        <p>
          Votre compte demande un second facteur que cette page ne sait pas encore utiliser. Contactez le service client pour retrouver
          l’accès à votre espace.
        </p>
      ) : mode === 'passkey' ? (
        <>
          <p>
            Votre code confidentiel est correct. Pour terminer la connexion, utilisez votre clé d’accès&nbsp;: votre appareil vous demandera votre
            empreinte, votre visage ou son code de verrouillage.
          </p>
          <PasskeyFactor mfaToken={challenge.mfa_token} onSubmit={onSubmit} focusButton={switched} />
        </>
      ) : mode === 'totp' ? (
        <>
          <p>Votre code confidentiel est correct. Pour terminer la connexion, saisissez le code de votre application d’authentification.</p>
          <FactorForm key="totp" mode="totp" onSubmit={onSubmit} focusField={switched} />
        </>
      ) : (
        <>
          <p>Votre code confidentiel est correct. Pour terminer la connexion, saisissez l’un de vos codes de secours.</p>
          <FactorForm key="secours" mode="secours" onSubmit={onSubmit} focusField={switched} />
        </>
      )}
      {recoveryCodes ? null : (
        <ul className="space-y-2">
          {mode !== 'passkey' && canUsePasskey ? (
            <li>
              <button type="button" className="link text-left" onClick={() => switchTo('passkey')}>
                Utiliser une clé d’accès
              </button>
            </li>
          ) : null}
          {mode !== 'secours' && canUseRecovery ? (
            <li>
              <button type="button" className="link text-left" onClick={() => switchTo('secours')}>
                Utiliser un code de secours
              </button>
            </li>
          ) : null}
          {mode !== 'totp' && canUseApp ? (
            <li>
              <button type="button" className="link text-left" onClick={() => switchTo('totp')}>
                Utiliser le code de l’application d’authentification
              </button>
            </li>
          ) : null}
          <li>
            <button type="button" className="link text-left" onClick={onRestart}>
              Revenir à l’identification
            </button>
          </li>
        </ul>
      )}
    </section>
  );
}
