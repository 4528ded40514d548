import {
  ADMIN_DOCUMENT_TEXT_MAX_LENGTH,
  ADMIN_DOCUMENT_TITLE_MAX_LENGTH,
  adminStaticDocumentBodySchema,
  type AdminStaticDocument,
  type AdminStaticDocumentBody,
} from '@ecare/shared/admin';
import { useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { adminDocumentPreviewPath, useSaveAdminDocument } from '../api/save-admin-document.ts';
import { formatIsoDate } from '../utils/dates.ts';

const number = new Intl.NumberFormat('fr-FR');

/** The document's text, with its length, and the PDF of what is typed (not yet saved). */
function DocumentText({ type }: { type: string }) {
  const { register, control, getFieldState } = useFormContext<AdminStaticDocumentBody>();
  const formState = useFormState({ control, name: 'contenu' });
  const { error } = getFieldState('contenu', formState);
  const values = useWatch({ control });
  const contenu = values.contenu ?? '';
  const countId = `${useFieldId('contenu') ?? 'contenu'}-compte`;
  return (
    <div className="space-y-3">
      <FormField
        id={useFieldId('contenu')}
        label="Texte du document"
        required
        help="Blocs séparés par une ligne vide : « ## » au début d’un bloc en fait un titre, des lignes commençant par « - » une liste, tout autre bloc un paragraphe. « {{marque}} » est remplacé par le nom de la marque."
        error={error?.message}
        describedBy={countId}
      >
        {(fieldControl) => (
          <>
            <textarea {...fieldControl} {...register('contenu')} rows={20} spellCheck className="field-input font-mono text-sm" />
            <p id={countId} className={`mt-1 text-sm ${contenu.length > ADMIN_DOCUMENT_TEXT_MAX_LENGTH ? 'font-semibold text-danger' : 'text-muted'}`}>
              {number.format(contenu.length)} / {number.format(ADMIN_DOCUMENT_TEXT_MAX_LENGTH)} caractères
            </p>
          </>
        )}
      </FormField>
      <DownloadButton
        label="Aperçu du PDF avec ce texte"
        path={adminDocumentPreviewPath(type)}
        method="POST"
        json={{ titre: values.titre ?? '', contenu }}
        fallbackName={`apercu-${type.toLowerCase()}.pdf`}
      />
    </div>
  );
}

/** A contractual document's title and text; a save that changes them publishes the next version, dated today. */
export function StaticDocumentForm({ document }: { document: AdminStaticDocument }) {
  const form = useZodForm(adminStaticDocumentBodySchema, { defaultValues: { titre: document.titre, contenu: document.contenu } });
  const save = useSaveAdminDocument(document.type);
  const [published, setPublished] = useState<AdminStaticDocument | null>(null);
  const { isDirty } = useFormState({ control: form.control });
  const current = published ?? document;
  return (
    <Form
      form={form}
      className="space-y-6"
      onSubmit={async (values) => {
        setPublished(null);
        const saved = await save.mutateAsync(values);
        form.reset({ titre: saved.titre, contenu: saved.contenu });
        setPublished(saved);
      }}
    >
      <p className="text-sm text-muted">
        Version {current.version}, en vigueur à compter du {formatIsoDate(current.dateVersion)}. Enregistrer un changement publie la version suivante,
        datée du jour.
      </p>
      <TextField name="titre" label="Titre du document" required help={`${ADMIN_DOCUMENT_TITLE_MAX_LENGTH} caractères au maximum.`} />
      <DocumentText type={document.type} />
      <FormAlert />
      <div role="status">
        {published !== null && !isDirty ? (
          <Alert tone="success" live={false}>
            La version {published.version} a été publiée. Les visiteurs la téléchargent au plus tard 5 minutes après (copie gardée par leur navigateur).
          </Alert>
        ) : null}
      </div>
      <SubmitButton>Publier le document</SubmitButton>
    </Form>
  );
}
