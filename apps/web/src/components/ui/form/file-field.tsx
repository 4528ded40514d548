import { Paperclip, X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatFileSize } from '../../../lib/attachment-file.ts';
import { useFieldId } from './field-ids.ts';
import { FormField } from './form-field.tsx';

interface FileFieldProps<T extends FieldValues> {
  /** A field holding a `File` or null. */
  name: FieldPath<T>;
  label: ReactNode;
  help?: ReactNode;
  /** The `accept` of the input: the types the server takes. */
  accept: string;
  /**
   * For a file sent with the rest of the form: the label of the button that takes the chosen file
   * back, shown with its name and size. Without it the file is sent at once and the field emptied.
   */
  removeLabel?: string;
}

/**
 * The one file input of the portal, in the enclosing <Form>: checked as soon as it is chosen
 * (the schema's refinements: size, first bytes), emptied when the form is reset to null after a send.
 */
export function FileField<T extends FieldValues = FieldValues>({ name, label, help, accept, removeLabel }: FileFieldProps<T>) {
  const { control, trigger } = useFormContext<T>();
  const {
    field: { value, onChange, onBlur, ref },
    fieldState,
  } = useController<T>({ name, control });
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (value === null && input.current) input.current.value = '';
  }, [value]);
  const choose = (chosen: File | null) => {
    onChange(chosen);
    // Said at once, not only at the next submit.
    void trigger(name);
  };
  const file: unknown = value;
  return (
    <FormField id={useFieldId(name)} label={label} help={help} error={fieldState.error?.message}>
      {(controlProps) => (
        <div className="space-y-2">
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
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className="block w-full max-w-xl text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-primary file:bg-surface file:px-4 file:font-semibold file:text-primary hover:file:bg-primary-soft"
          />
          {removeLabel && file instanceof File ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Paperclip aria-hidden="true" className="size-4 text-muted" />
              <span className="break-all">
                {file.name} ({formatFileSize(file.size)})
              </span>
              <button
                type="button"
                className="btn-secondary min-h-9 px-3 py-1 text-sm"
                onClick={() => {
                  if (input.current) input.current.value = '';
                  choose(null);
                  input.current?.focus();
                }}
              >
                <X aria-hidden="true" className="size-4" />
                {removeLabel}
              </button>
            </p>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
