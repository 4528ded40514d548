import { useContext, type InputHTMLAttributes, type ReactNode } from 'react';
import { useFormContext, useFormState, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormAutoFocusContext, useFieldId } from './field-ids.ts';
import { FormField } from './form-field.tsx';

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'id' | 'required' | 'children' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'
>;

export interface TextFieldProps<T extends FieldValues> extends InputAttributes {
  name: FieldPath<T>;
  label: ReactNode;
  required?: boolean;
  help?: ReactNode;
  /** Focusing the field clears its error text (where the spec asks for it). */
  clearErrorOnFocus?: boolean;
  /** Classes of the field block; the input keeps `field-input` plus `inputClassName`. */
  className?: string;
  inputClassName?: string;
}

/** A text input of the enclosing <Form>, with label, help and error (see FormField). */
export function TextField<T extends FieldValues = FieldValues>({
  name,
  label,
  required = false,
  help,
  clearErrorOnFocus = false,
  className,
  inputClassName = '',
  onFocus,
  ...input
}: TextFieldProps<T>) {
  const { register, clearErrors, getFieldState } = useFormContext<T>();
  const formState = useFormState<T>({ name });
  const { error } = getFieldState(name, formState);
  const autoFocusing = useContext(FormAutoFocusContext);
  return (
    <FormField id={useFieldId(name)} label={label} required={required} help={help} error={error?.message} className={className}>
      {(control) => (
        <input
          type="text"
          {...input}
          {...control}
          {...register(name)}
          onFocus={(event) => {
            if (clearErrorOnFocus && !autoFocusing.current) clearErrors(name);
            onFocus?.(event);
          }}
          className={`field-input ${inputClassName}`}
        />
      )}
    </FormField>
  );
}
