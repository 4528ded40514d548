import { LOGIN_LIMITS, MESSAGES } from '@ecare/shared/constants';
import { useRef, useState, type FormEvent } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import {
  hasLoginErrors,
  validateLoginForm,
  type LoginFormErrors,
  type LoginFormValues,
} from '../utils/validate-login.ts';

interface LoginFormProps {
  pending: boolean;
  /** error_description of a refused login, shown as is (spec §8). */
  serverError: string | null;
  onSubmit: (values: LoginFormValues) => void;
  /** First focus or keystroke in the form. */
  onActivity?: () => void;
}

const NO_ERRORS: LoginFormErrors = { username: false, password: false };
const ERROR_ID = 'connexion-erreur';
/** The identifier's input, where a reader back from the second step starts again. */
export const IDENTIFIER_FIELD_ID = 'identifiant';

export function LoginForm({ pending, serverError, onSubmit, onActivity }: LoginFormProps) {
  const [errors, setErrors] = useState<LoginFormErrors>(NO_ERRORS);
  // The page is painted from its HTML before the app runs: Valider waits for the code that
  // handles it, so no one submits the bare HTML form (which would put the code in the URL).
  const hydrated = useHydrated();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const invalid = hasLoginErrors(errors);
  const message = invalid ? MESSAGES.loginInvalid : serverError;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const values = { username: String(data.get('username') ?? ''), password: String(data.get('password') ?? '') };
    const found = validateLoginForm(values);
    setErrors(found);
    if (found.username) usernameRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else onSubmit(values);
  };

  return (
    <form noValidate onSubmit={handleSubmit} onFocus={onActivity} onInput={onActivity} className="space-y-5">
      {message ? (
        <div id={ERROR_ID} role="alert" className="rounded-md border-l-4 border-danger bg-danger-soft px-4 py-3 font-semibold text-danger">
          {message}
        </div>
      ) : null}
      <div>
        <label htmlFor="identifiant" className="field-label">
          Identifiant (adresse e-mail)
          <span className="font-normal text-muted"> – obligatoire</span>
        </label>
        <input
          ref={usernameRef}
          id={IDENTIFIER_FIELD_ID}
          name="username"
          type="email"
          inputMode="email"
          autoComplete="username"
          spellCheck={false}
          required
          maxLength={LOGIN_LIMITS.usernameMax}
          aria-invalid={errors.username || undefined}
          aria-describedby={errors.username ? ERROR_ID : undefined}
          className="field-input"
        />
      </div>
      <div>
        <label htmlFor="code-confidentiel" className="field-label">
          Code confidentiel
          <span className="font-normal text-muted"> – obligatoire</span>
        </label>
        <input
          ref={passwordRef}
          id="code-confidentiel"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          minLength={LOGIN_LIMITS.passwordMin}
          maxLength={LOGIN_LIMITS.passwordMax}
          aria-invalid={errors.password || undefined}
          aria-describedby={errors.password ? ERROR_ID : undefined}
          className="field-input"
        />
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending || !hydrated}>
        Valider
      </button>
    </form>
  );
}

/**
 * « Se connecter avec une clé d’accès », under the form (decision 056): waits for the app, as
 * Valider does; the person's cancelled try is said calmly beside it.
 */
export function PasskeySignIn({ pending, notice, onClick }: { pending: boolean; notice: string | null; onClick: () => void }) {
  const hydrated = useHydrated();
  return (
    <div className="mt-6 border-t border-line-soft pt-4">
      <button type="button" className="btn-secondary w-full sm:w-auto" disabled={pending || !hydrated} onClick={onClick}>
        Se connecter avec une clé d’accès
      </button>
      <p role="status" className="mt-2 empty:hidden">
        {notice}
      </p>
    </div>
  );
}
