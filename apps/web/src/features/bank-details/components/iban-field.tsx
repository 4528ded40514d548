import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { groupIbanAt } from '../utils/iban-input.ts';

interface IbanFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  required?: boolean;
  help?: ReactNode;
}

/**
 * The IBAN input of the enclosing <Form>: what is typed or pasted is put in upper case and in
 * groups of four as it comes, the caret staying where the person was typing.
 */
export function IbanField<T extends FieldValues = FieldValues>({ name, label, required = false, help }: IbanFieldProps<T>) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name, control });
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  // After React wrote the grouped value, the caret goes back where the typing was.
  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || element !== document.activeElement) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  return (
    <FormField id={useFieldId(name)} label={label} required={required} help={help} error={fieldState.error?.message}>
      {(controlProps) => (
        <input
          type="text"
          {...controlProps}
          ref={(element) => {
            input.current = element;
            field.ref(element);
          }}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onBlur={field.onBlur}
          onChange={(event) => {
            const { value, selectionStart } = event.target;
            const grouped = groupIbanAt(value, selectionStart ?? value.length);
            caret.current = grouped.caret;
            field.onChange(grouped.value);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="field-input max-w-md font-mono"
        />
      )}
    </FormField>
  );
}
