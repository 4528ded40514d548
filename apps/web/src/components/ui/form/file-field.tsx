import { useEffect, useRef, type ReactNode } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldId } from './field-ids.ts';
import { FormField } from './form-field.tsx';

interface FileFieldProps<T extends FieldValues> {
  /** A field holding a `File` or null. */
  name: FieldPath<T>;
  label: ReactNode;
  help?: ReactNode;
  /** The `accept` of the input: the types the server takes. */
  accept: string;
}

/**
 * One file to send, in the enclosing <Form>: checked as soon as it is chosen (the schema's
 * refinements: size, first bytes), emptied when the form is reset to null after a send.
 */
export function FileField<T extends FieldValues = FieldValues>({ name, label, help, accept }: FileFieldProps<T>) {
  const { control, trigger } = useFormContext<T>();
  const {
    field: { value, onChange, onBlur, ref },
    fieldState,
  } = useController<T>({ name, control });
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (value === null && input.current) input.current.value = '';
  }, [value]);
  return (
    <FormField id={useFieldId(name)} label={label} help={help} error={fieldState.error?.message}>
      {(controlProps) => (
        <input
          {...controlProps}
          ref={(element) => {
            input.current = element;
            ref(element);
          }}
          type="file"
          name={name}
          accept={accept}
          onBlur={onBlur}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            void trigger(name);
          }}
          className="block w-full max-w-xl text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-primary file:bg-surface file:px-4 file:font-semibold file:text-primary hover:file:bg-primary-soft"
        />
      )}
    </FormField>
  );
}
