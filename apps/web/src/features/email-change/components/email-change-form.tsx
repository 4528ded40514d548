import { emailSchema, LOGIN_LIMITS } from '@ecare/shared/auth';
import { EMAIL_CHANGE_MESSAGES } from '@ecare/shared/email-change';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { requestEmailChange } from '../api/request-email-change.ts';

const FIELD_MESSAGES = {
  emailRequired: 'Veuillez saisir la nouvelle adresse e-mail.',
  emailInvalid: 'L’adresse e-mail saisie est invalide.',
  codeRequired: 'Veuillez saisir votre code confidentiel.',
} as const;

interface Errors {
  email: string | null;
  code: string | null;
}

function validate(email: string, code: string): Errors {
  return {
    email: email.trim() === '' ? FIELD_MESSAGES.emailRequired : emailSchema.safeParse(email).success ? null : FIELD_MESSAGES.emailInvalid,
    code: code === '' ? FIELD_MESSAGES.codeRequired : null,
  };
}

type SubmitState = { kind: 'editing' | 'pending' | 'done' } | { kind: 'failed'; error: unknown };

const IDS = { email: 'nouvel-email', emailError: 'nouvel-email-erreur', code: 'code-email', codeError: 'code-email-erreur' };

/** Request to change the login e-mail (confirmed later from the new address). */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({ email: null, code: null });
  const [state, setState] = useState<SubmitState>({ kind: 'editing' });
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'pending') return;
    const found = validate(email, code);
    setErrors(found);
    if (found.email) {
      emailRef.current?.focus();
      return;
    }
    if (found.code) {
      document.getElementById(IDS.code)?.focus();
      return;
    }
    setState({ kind: 'pending' });
    try {
      await requestEmailChange({ currentEmail, newEmail: email, code });
      setEmail('');
      setCode('');
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <p className="text-muted">
        Un e-mail de confirmation sera envoyé à la nouvelle adresse et un e-mail d’information à l’adresse actuelle.
        Votre identifiant change dès que vous confirmez depuis la nouvelle adresse.
      </p>
      <div>
        <label htmlFor={IDS.email} className="field-label">
          Nouvelle adresse e-mail
          <span className="font-normal text-muted"> – obligatoire</span>
        </label>
        <input
          ref={emailRef}
          id={IDS.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={LOGIN_LIMITS.usernameMax}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors((current) => ({ ...current, email: null }));
          }}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? IDS.emailError : undefined}
          className="field-input max-w-md"
        />
        {errors.email ? (
          <p id={IDS.emailError} className="mt-1 text-sm font-semibold text-danger">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div className="max-w-md">
        <CodeInput
          id={IDS.code}
          label="Code confidentiel actuel"
          value={code}
          onChange={(value) => {
            setCode(value);
            setErrors((current) => ({ ...current, code: null }));
          }}
          autoComplete="current-password"
          maxLength={LOGIN_LIMITS.passwordMax}
          invalid={errors.code !== null}
          describedBy={errors.code ? IDS.codeError : undefined}
          subject="le code confidentiel actuel"
        />
        {errors.code ? (
          <p id={IDS.codeError} className="mt-1 text-sm font-semibold text-danger">
            {errors.code}
          </p>
        ) : null}
      </div>
      {state.kind === 'failed' ? <Alert tone="error">{apiErrorMessage(state.error)}</Alert> : null}
      <div role="status">
        {state.kind === 'done' ? (
          <Alert tone="success" live={false}>
            {EMAIL_CHANGE_MESSAGES.requested}
          </Alert>
        ) : null}
      </div>
      <button type="submit" className="btn-primary" disabled={state.kind === 'pending'}>
        Valider
      </button>
    </form>
  );
}
