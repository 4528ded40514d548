import { recoveryCodeSchema, totpCodeSchema, type MfaRequired } from '@ecare/shared/security';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import type { SecondFactor } from '../api/request-mfa-token.ts';
import { SecondFactorEnrolment } from './second-factor-enrolment.tsx';

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
    help: 'L’un des codes de secours obtenus à l’activation de votre application d’authentification. Chacun ne sert qu’une fois.',
    input: { autoComplete: 'off', autoCapitalize: 'none', inputClassName: 'max-w-xs' },
    factor: (recoveryCode: string): SecondFactor => ({ kind: 'secours', recoveryCode }),
    messages: { code: { required: 'Veuillez saisir un code de secours.', invalid: 'Ce code de secours n’est pas valide.' } },
  },
} as const;

type Mode = SecondFactor['kind'];

interface FactorFormProps {
  mode: Mode;
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
 * « Vérification en deux étapes » (issue 29): after a right code, the authenticator app's code
 * or, instead, a recovery code.
 */
export function SecondFactorStep({ challenge, onSubmit, onRestart, recoveryCodes = null, onCodesKept = () => {} }: SecondFactorStepProps) {
  const canUseApp = challenge.methodes.includes('totp');
  const canUseRecovery = challenge.methodes.includes('secours');
  const [mode, setMode] = useState<Mode>(canUseApp || !canUseRecovery ? 'totp' : 'secours');
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
      ) : !canUseApp && !canUseRecovery ? (
        <p>
          Votre compte demande un second facteur que cette page ne sait pas encore utiliser. Contactez le service client pour retrouver
          l’accès à votre espace.
        </p>
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
          {mode === 'totp' && canUseRecovery ? (
            <li>
              <button type="button" className="link text-left" onClick={() => switchTo('secours')}>
                Utiliser un code de secours
              </button>
            </li>
          ) : null}
          {mode === 'secours' && canUseApp ? (
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
