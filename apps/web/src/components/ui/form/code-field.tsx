import type { ReactNode } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { CodeInput } from '../code-input.tsx';
import { useFieldId } from './field-ids.ts';
import { FormField } from './form-field.tsx';

export interface CodeFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  autoComplete: 'current-password' | 'new-password';
  help?: ReactNode;
  /** What the eye toggle shows or hides ("le code confidentiel actuel"). */
  subject?: string;
  /** Replaces the field's own error when given (null: no message here). */
  error?: ReactNode;
  /** Marks the field aria-invalid for a message the caller shows itself. */
  invalid?: boolean;
  /** Ids of further descriptions rendered by the caller (criteria, meter). */
  describedBy?: string;
  maxLength?: number;
  disabled?: boolean;
  onBlur?: () => void;
  className?: string;
}

/** A required confidential-code field of the enclosing <Form>, with its eye toggle. */
export function CodeField<T extends FieldValues = FieldValues>({
  name,
  label,
  autoComplete,
  help,
  subject,
  error,
  invalid,
  describedBy,
  maxLength,
  disabled,
  onBlur,
  className,
}: CodeFieldProps<T>) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name, control });
  return (
    <FormField
      id={useFieldId(name)}
      label={label}
      required
      help={help}
      error={error !== undefined ? error : fieldState.error?.message}
      invalid={invalid}
      describedBy={describedBy}
      className={className}
    >
      {(props) => (
        <CodeInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={() => {
            field.onBlur();
            onBlur?.();
          }}
          autoComplete={autoComplete}
          subject={subject}
          maxLength={maxLength}
          disabled={disabled ?? field.disabled}
        />
      )}
    </FormField>
  );
}
