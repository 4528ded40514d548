import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Checkbox, CheckboxGroup} from 'react-aria-components';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { AriaFieldError, AriaFieldHelp, AriaFieldLabel, OptionText } from './aria-field-parts.tsx';
import { useFieldId } from './field-ids.ts';

export interface CheckboxOption {
  value: string;
  label: ReactNode;
  /** A line under the label. */
  description?: ReactNode;
}

interface CheckboxGroupFieldProps<T extends FieldValues> {
  /** A field of the enclosing <Form> holding the chosen values (strings). */
  name: FieldPath<T>;
  label: ReactNode;
  options: readonly CheckboxOption[];
  help?: ReactNode;
  className?: string;
}

/**
 * Several choices among a list, in the enclosing <Form> (React Aria checkbox group: a labelled
 * group of native checkboxes, Space toggles each). Label, help and error as in FormField.
 */
export function CheckboxGroupField<T extends FieldValues = FieldValues>({ name, label, options, help, className }: CheckboxGroupFieldProps<T>) {
  const { control } = useFormContext<T>();
  const {
    field: { value, onChange, onBlur },
    fieldState,
  } = useController<T>({ name, control });
  const error = fieldState.error?.message;
  const chosen: string[] = Array.isArray(value) ? (value as unknown[]).filter((item): item is string => typeof item === 'string') : [];
  return (
    <CheckboxGroup
      id={useFieldId(name)}
      name={name}
      value={chosen}
      onChange={onChange}
      onBlur={onBlur}
      isInvalid={error !== undefined}
      validationBehavior="aria"
      className={className}
    >
      <AriaFieldLabel>{label}</AriaFieldLabel>
      <AriaFieldHelp>{help}</AriaFieldHelp>
      <div className="space-y-1">
        {options.map((option) => (
          <Checkbox
            key={option.value}
            value={option.value}
            className="group flex min-h-11 cursor-pointer items-start gap-3 rounded-md py-2 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus"
          >
            <span
              aria-hidden="true"
              className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border-2 border-muted bg-surface group-data-[selected]:border-primary group-data-[selected]:bg-primary"
            >
              <Check className="hidden size-4 text-white group-data-[selected]:block" strokeWidth={3} />
            </span>
            <OptionText label={option.label} description={option.description} />
          </Checkbox>
        ))}
      </div>
      <AriaFieldError error={error} />
    </CheckboxGroup>
  );
}
