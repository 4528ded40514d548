import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Checkbox } from 'react-aria-components';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldId } from './field-ids.ts';

interface CheckboxFieldProps<T extends FieldValues> {
  /** A boolean field of the enclosing <Form>. */
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
}

/**
 * A yes-or-no choice of the enclosing <Form> (React Aria checkbox: a native input under a visible
 * label, Space toggles it), drawn like the toolkit's radio buttons.
 */
export function CheckboxField<T extends FieldValues = FieldValues>({ name, label, description }: CheckboxFieldProps<T>) {
  const { control } = useFormContext<T>();
  const {
    field: { ref, value, onChange, onBlur },
  } = useController<T>({ name, control });
  return (
    <Checkbox
      id={useFieldId(name)}
      name={name}
      inputRef={ref}
      isSelected={value === true}
      onChange={onChange}
      onBlur={onBlur}
      className="group flex min-h-11 cursor-pointer items-start gap-3 rounded-md py-2 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus"
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border-2 border-muted bg-surface group-data-[selected]:border-primary group-data-[selected]:bg-primary"
      >
        <Check className="hidden size-4 text-white group-data-[selected]:block" strokeWidth={3} />
      </span>
      <span>
        <span className="font-medium">{label}</span>
        {description ? <span className="block text-sm text-muted">{description}</span> : null}
      </span>
    </Checkbox>
  );
}
