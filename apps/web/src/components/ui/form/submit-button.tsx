import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { Spinner } from '../spinner.tsx';

interface SubmitButtonProps {
  children: ReactNode;
  /** Keeps the button disabled while the form is invalid (spec: forgotten code, new code). */
  disabledUnlessValid?: boolean;
  /** Further reason to keep it disabled. */
  disabled?: boolean;
  className?: string;
}

/**
 * The submit button of a <Form>: disabled while the submit is in progress (spec: 'Valider'
 * disabled while loading), with a spinner beside its unchanged name.
 */
export function SubmitButton({ children, disabledUnlessValid = false, disabled = false, className = 'btn-primary' }: SubmitButtonProps) {
  const { isSubmitting, isValid } = useFormState();
  return (
    <button type="submit" className={className} disabled={disabled || isSubmitting || (disabledUnlessValid && !isValid)}>
      {isSubmitting ? <Spinner small /> : null}
      {children}
    </button>
  );
}
