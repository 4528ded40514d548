import { PASSWORD_RESET_MESSAGES, RESET_EMAIL_MAX, resetRequestSchema } from '@ecare/shared/password';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';

const EMAIL_MESSAGES = {
  required: 'Veuillez saisir votre adresse e-mail.',
  invalid: 'L’adresse e-mail saisie est invalide.',
} as const;

/** The e-mail rule of spec §5 (required, max 50, e-mail format), from the shared request schema. */
export function resetEmailProblem(value: string): string | null {
  if (value.trim() === '') return EMAIL_MESSAGES.required;
  return resetRequestSchema.shape.email.safeParse(value).success ? null : EMAIL_MESSAGES.invalid;
}

interface RecoverCodeFormProps {
  pending: boolean;
  /** The link has been requested: the success text replaces the buttons. */
  done: boolean;
  /** Message of a refused request, shown as is. */
  error: string | null;
  cancelTo: string;
  onSubmit: (email: string) => void;
}

const FIELD_ID = 'email-recuperation';
const FIELD_ERROR_ID = 'email-recuperation-erreur';
const HINT_ID = 'email-recuperation-aide';

/** Forgotten code or first connection (spec §2, §5): one e-mail field, 'Annuler' and 'Valider'. */
export function RecoverCodeForm({ pending, done, error, cancelTo, onSubmit }: RecoverCodeFormProps) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = resetEmailProblem(email);
  const showProblem = touched && problem !== null;
  const successRef = useRef<HTMLDivElement>(null);

  // The buttons disappear on success: focus moves to the message instead of being lost.
  useEffect(() => {
    if (done) successRef.current?.focus();
  }, [done]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem === null && !pending && !done) onSubmit(email.trim());
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-5">
      <div>
        <label htmlFor={FIELD_ID} className="field-label">
          Adresse e-mail
          <span className="font-normal text-muted"> – obligatoire</span>
        </label>
        <p id={HINT_ID} className="mb-2 text-sm text-muted">
          L’adresse e-mail qui vous sert d’identifiant, par exemple nom@entreprise.fr.
        </p>
        <input
          id={FIELD_ID}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={RESET_EMAIL_MAX}
          value={email}
          readOnly={done}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={showProblem || undefined}
          aria-describedby={showProblem ? `${HINT_ID} ${FIELD_ERROR_ID}` : HINT_ID}
          className="field-input max-w-md"
        />
        {showProblem ? (
          <p id={FIELD_ERROR_ID} className="mt-1 text-sm font-semibold text-danger">
            {problem}
          </p>
        ) : null}
      </div>
      {error ? (
        <Alert tone="error">
          <p className="font-semibold">{error}</p>
        </Alert>
      ) : null}
      <div role="status">
        {done ? (
          <div ref={successRef} tabIndex={-1} className="outline-none">
            <Alert tone="success" live={false}>
              <p className="font-semibold">{PASSWORD_RESET_MESSAGES.success}</p>
            </Alert>
          </div>
        ) : null}
      </div>
      {done ? null : (
        <div className="flex flex-wrap gap-3">
          <Link to={cancelTo} className="btn-secondary">
            Annuler
          </Link>
          <button type="submit" className="btn-primary" disabled={problem !== null || pending}>
            Valider
          </button>
        </div>
      )}
    </form>
  );
}
