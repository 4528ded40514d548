import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldId } from './field-ids.ts';
import { FormField } from './form-field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectAttributes = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'required' | 'children' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>;

export interface SelectFieldProps<T extends FieldValues> extends SelectAttributes {
  name: FieldPath<T>;
  label: ReactNode;
  options: readonly SelectOption[];
  /** The first, empty choice (value ''), e.g. "Choisissez la ville". */
  placeholder: string;
  required?: boolean;
  help?: ReactNode;
  className?: string;
  selectClassName?: string;
}

/**
 * A native list of the enclosing <Form> (label, help and error as every field): for a short list
 * known in advance, such as the communes of a postal code. The phone's own picker opens it, typing
 * a letter jumps to an option, and the value never depends on what was typed meanwhile.
 */
export function SelectField<T extends FieldValues = FieldValues>({
  name,
  label,
  options,
  placeholder,
  required = false,
  help,
  className,
  selectClassName = '',
  ...select
}: SelectFieldProps<T>) {
  const { control } = useFormContext<T>();
  // Controlled, so that a value set before its option exists (a list still loading) shows once it does.
  const {
    field: { ref, value, onChange, onBlur },
    fieldState: { error },
  } = useController<T>({ name, control });
  return (
    <FormField id={useFieldId(name)} label={label} required={required} help={help} error={error?.message} className={className}>
      {(field) => (
        <select
          {...select}
          {...field}
          ref={ref}
          name={name}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          className={`field-input ${selectClassName}`}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
