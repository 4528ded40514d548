import { ATTACHMENT_ACCEPT } from '@ecare/shared/support';
import { Paperclip, X } from 'lucide-react';
import { useRef } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { formatFileSize } from '../../../lib/attachment-file.ts';
import type { ContactFormValues } from '../utils/contact-form.ts';

/**
 * The optional attachment: one PDF, JPEG or PNG file of at most 5 MB, checked as soon as it is
 * chosen (its first bytes, not its name); it can be removed before sending.
 */
export function AttachmentField() {
  const { control, trigger } = useFormContext<ContactFormValues>();
  const {
    field: { value, onChange, onBlur, ref },
    fieldState,
  } = useController<ContactFormValues, 'pieceJointe'>({ name: 'pieceJointe', control });
  const input = useRef<HTMLInputElement | null>(null);
  const file = value instanceof File ? value : null;
  const choose = (chosen: File | null) => {
    onChange(chosen);
    // Said at once, not only at the next submit.
    void trigger('pieceJointe');
  };

  return (
    <FormField
      id={useFieldId('pieceJointe')}
      label="Pièce jointe (facultatif)"
      help={'Un seul fichier PDF, JPEG ou PNG de 5\u00a0Mo au maximum\u00a0: une facture, une photo, un constat…'}
      error={fieldState.error?.message}
    >
      {(controlProps) => (
        <div className="space-y-2">
          <input
            {...controlProps}
            ref={(element) => {
              input.current = element;
              ref(element);
            }}
            type="file"
            name="pieceJointe"
            accept={ATTACHMENT_ACCEPT}
            onBlur={onBlur}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className="block w-full max-w-xl text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-primary file:bg-surface file:px-4 file:font-semibold file:text-primary hover:file:bg-primary-soft"
          />
          {file ? (
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
                Retirer la pièce jointe
              </button>
            </p>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
