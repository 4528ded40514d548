import { useId, type ReactNode } from 'react';

/** What a field hands to its control so label, help and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  required: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Adds " – obligatoire" to the label and `required` to the control. */
  required?: boolean;
  /** Help text under the label, linked with aria-describedby. */
  help?: ReactNode;
  /** Message under the control; marks the control aria-invalid. */
  error?: ReactNode;
  /** Marks the control aria-invalid without a message here (the caller shows its own). */
  invalid?: boolean;
  /** Control id; generated when absent. */
  id?: string;
  /** Ids of further descriptions of the control (a checklist, a meter) rendered by the caller. */
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export const errorIdOf = (controlId: string) => `${controlId}-erreur`;
const helpIdOf = (controlId: string) => `${controlId}-aide`;

/**
 * Label, required mention, help text, control and error message of one field (UI.md "Forms").
 * The control is rendered by `children` with the props that tie it to the rest.
 */
export function FormField({ label, required = false, help, error, invalid = false, id, describedBy, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `champ${generated.replace(/:/g, '')}`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const described = [help ? helpIdOf(controlId) : null, describedBy ?? null, hasError ? errorIdOf(controlId) : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={controlId} className="field-label">
        {label}
        {required ? <span className="font-normal text-muted"> – obligatoire</span> : null}
      </label>
      {help ? (
        <p id={helpIdOf(controlId)} className="mb-2 text-sm text-muted">
          {help}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-describedby': described === '' ? undefined : described,
        'aria-invalid': hasError || invalid ? true : undefined,
        required,
      })}
      {hasError ? (
        <p id={errorIdOf(controlId)} className="mt-1 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
