import type { ReactNode } from 'react';
import { Radio, RadioGroup} from 'react-aria-components';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { AriaFieldError, AriaFieldHelp, AriaFieldLabel, OptionText } from './aria-field-parts.tsx';
import { useFieldId } from './field-ids.ts';

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** A line under the label. */
  description?: ReactNode;
  isDisabled?: boolean;
}

interface RadioGroupFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  options: readonly RadioOption[];
  required?: boolean;
  help?: ReactNode;
  orientation?: 'vertical' | 'horizontal';
  /** Each option as a bordered card (a choice among offers, with details under its label). */
  cards?: boolean;
}

/**
 * One choice among a few, in the enclosing <Form> (WAI-ARIA radio group from React Aria: one
 * tab stop, arrows move and select). Label, help and error as in FormField.
 */
export function RadioGroupField<T extends FieldValues = FieldValues>({
  name,
  label,
  options,
  required = false,
  help,
  orientation = 'vertical',
  cards = false,
}: RadioGroupFieldProps<T>) {
  const { control } = useFormContext<T>();
  const {
    field: { value, onChange, onBlur },
    fieldState,
  } = useController<T>({ name, control });
  const error = fieldState.error?.message;
  return (
    <RadioGroup
      id={useFieldId(name)}
      name={name}
      value={typeof value === 'string' ? value : null}
      onChange={onChange}
      onBlur={onBlur}
      isRequired={required}
      isInvalid={error !== undefined}
      validationBehavior="aria"
      orientation={orientation}
      className="group"
    >
      <AriaFieldLabel required={required}>{label}</AriaFieldLabel>
      <AriaFieldHelp>{help}</AriaFieldHelp>
      <div className={cards ? 'grid gap-3 sm:grid-cols-2' : orientation === 'horizontal' ? 'flex flex-wrap gap-x-6 gap-y-2' : 'space-y-2'}>
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            isDisabled={option.isDisabled}
            className={`group/radio flex cursor-pointer items-start gap-3 rounded-md ${cards ? 'border-2 border-line bg-surface p-4 data-[selected]:border-primary' : 'py-1'} data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus`}
          >
            <span
              aria-hidden="true"
              className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-muted bg-surface group-data-[selected]/radio:border-primary group-aria-invalid:border-danger"
            >
              <span className="hidden size-2.5 rounded-full bg-primary group-data-[selected]/radio:block" />
            </span>
            <OptionText label={option.label} description={option.description} />
          </Radio>
        ))}
      </div>
      <AriaFieldError error={error} />
    </RadioGroup>
  );
}
