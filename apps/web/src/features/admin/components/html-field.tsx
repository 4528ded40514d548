import type { HtmlRules } from '@ecare/shared/html-rules';
import { useId, type ReactNode } from 'react';
import { useFormContext, useFormState, useWatch, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { HtmlText } from '../../../components/ui/html-text.tsx';
import { sanitizeHtml } from '../../../lib/sanitize-html.ts';
import { withBrand } from '../utils/brand.ts';

const number = new Intl.NumberFormat('fr-FR');

interface HtmlFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  help?: ReactNode;
  required?: boolean;
  maxLength: number;
  /** What the text may keep where it shows: the preview applies the same rules as the pages. */
  rules: HtmlRules;
  /** How the preview is framed (the orange banner's box, a page's text…), given the reduced HTML. */
  renderPreview?: (html: string) => ReactNode;
  rows?: number;
}

/**
 * An HTML text of the enclosing <Form> with its live preview: what the pages will show, reduced
 * by the browser's sanitizer to the same rules as the server's (a script or an onclick typed is
 * not in it). The server stores the reduced text and says what it removed.
 */
export function HtmlField<T extends FieldValues = FieldValues>({ name, label, help, required = false, maxLength, rules, renderPreview, rows = 6 }: HtmlFieldProps<T>) {
  const { register, control, getFieldState } = useFormContext<T>();
  const formState = useFormState<T>({ name });
  const { error } = getFieldState(name, formState);
  const raw = useWatch<T>({ control, name });
  const value = typeof raw === 'string' ? raw : '';
  const preview = sanitizeHtml(withBrand(value), rules);
  const base = useId().replace(/[^\w-]/g, '');
  const countId = `${base}-compte`;
  const previewId = `${base}-apercu`;
  return (
    <div className="space-y-3">
      <FormField id={useFieldId(name)} label={label} required={required} help={help} error={error?.message} describedBy={countId}>
        {(fieldControl) => (
          <>
            <textarea {...fieldControl} {...register(name)} rows={rows} spellCheck className="field-input font-mono text-sm" />
            <p id={countId} className={`mt-1 text-sm ${value.length > maxLength ? 'font-semibold text-danger' : 'text-muted'}`}>
              {number.format(value.length)} / {number.format(maxLength)} caractères
            </p>
          </>
        )}
      </FormField>
      <div>
        <p id={previewId} className="mb-1 text-sm font-semibold">
          Aperçu de « {label} »
        </p>
        <div role="region" aria-labelledby={previewId} data-apercu={name} className="overflow-hidden rounded-md border border-line">
          {preview === '' ? (
            <p className="px-4 py-3 text-muted">Texte vide : rien ne sera affiché.</p>
          ) : renderPreview ? (
            renderPreview(preview)
          ) : (
            <HtmlText html={preview} rules={rules} className="px-4 py-3 [&_a]:link" />
          )}
        </div>
      </div>
    </div>
  );
}
