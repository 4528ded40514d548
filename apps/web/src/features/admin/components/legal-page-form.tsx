import {
  ADMIN_LEGAL_HTML_MAX_LENGTH,
  ADMIN_LEGAL_TITLE_MAX_LENGTH,
  adminLegalPageBodySchema,
  type AdminLegalPage,
  type HtmlRemoval,
} from '@ecare/shared/admin';
import { LEGAL_HTML_RULES } from '@ecare/shared/legal-html';
import { useState, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useSaveAdminLegalPage } from '../api/save-admin-legal-page.ts';
import { formatIsoDate } from '../utils/dates.ts';
import { HtmlField } from './html-field.tsx';
import { RemovalNotice } from './removal-notice.tsx';

const LABELS = { titre: 'Titre de la page', contenuHtml: 'Contenu de la page' };

interface LegalPageFormProps {
  page: AdminLegalPage;
  /** The text as the legal pages draw it, around the preview's HTML. */
  renderText: (html: string) => ReactNode;
}

/** One legal page's title and text, with the text's live preview; saving dates the page today. */
export function LegalPageForm({ page, renderText }: LegalPageFormProps) {
  const form = useZodForm(adminLegalPageBodySchema, { defaultValues: { titre: page.titre, contenuHtml: page.contenuHtml } });
  const save = useSaveAdminLegalPage(page.pageCode);
  const [retraits, setRetraits] = useState<HtmlRemoval[] | null>(null);
  const { isDirty } = useFormState({ control: form.control });

  return (
    <Form
      form={form}
      className="space-y-6"
      onSubmit={async (values) => {
        setRetraits(null);
        const saved = await save.mutateAsync(values);
        form.reset({ titre: saved.page.titre, contenuHtml: saved.page.contenuHtml });
        setRetraits(saved.retraits);
      }}
    >
      <p className="text-sm text-muted">
        Dernière mise à jour : {formatIsoDate(save.data?.page.miseAJour ?? page.miseAJour)}. « {'{{marque}}'} » est remplacé par le nom de la
        marque sur le site.
      </p>
      <TextField name="titre" label={LABELS.titre} required help={`${ADMIN_LEGAL_TITLE_MAX_LENGTH} caractères au maximum, sans balise.`} />
      <HtmlField<{ titre: string; contenuHtml: string }>
        name="contenuHtml"
        label={LABELS.contenuHtml}
        required
        help="Balises permises : titres h2 à h4, paragraphes, listes, listes de définitions, adresse, citation, tableaux (th avec scope), liens http ou https. Le reste est retiré à l’enregistrement."
        maxLength={ADMIN_LEGAL_HTML_MAX_LENGTH}
        rules={LEGAL_HTML_RULES}
        renderPreview={renderText}
        rows={16}
      />
      <FormAlert />
      <div role="status">
        {retraits !== null && !isDirty ? (
          <div className="space-y-3">
            <Alert tone="success" live={false}>
              La page a été enregistrée. Les visiteurs la voient au plus tard 5 minutes après (copie gardée par leur navigateur).
            </Alert>
            <RemovalNotice retraits={retraits} labels={LABELS} />
          </div>
        ) : null}
      </div>
      <SubmitButton>Enregistrer la page</SubmitButton>
    </Form>
  );
}
