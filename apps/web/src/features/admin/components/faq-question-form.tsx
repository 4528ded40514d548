import {
  ADMIN_FAQ_ANSWER_MAX_LENGTH,
  ADMIN_FAQ_QUESTION_MAX_LENGTH,
  adminFaqQuestionBodySchema,
  type AdminFaqQuestion,
  type AdminFaqQuestionBody,
  type AdminFaqTheme,
  type HtmlRemoval,
} from '@ecare/shared/admin';
import { FAQ_HTML_RULES } from '@ecare/shared/faq';
import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useSaveAdminFaqQuestion } from '../api/save-admin-faq-question.ts';
import { withBrand } from '../utils/brand.ts';
import { HtmlField } from './html-field.tsx';

export const QUESTION_LABELS = { idTheme: 'Thème', question: 'Question', reponseHtml: 'Réponse' };

/** The theme of the question, as a native list (one choice among a few). */
function ThemeSelect({ themes }: { themes: readonly AdminFaqTheme[] }) {
  const { control } = useFormContext<AdminFaqQuestionBody>();
  const { field } = useController({ name: 'idTheme', control });
  return (
    <FormField id={useFieldId('idTheme')} label={QUESTION_LABELS.idTheme} required help="Changer de thème place la question en dernier dans son nouveau thème.">
      {(fieldControl) => (
        <select
          {...fieldControl}
          ref={field.ref}
          name={field.name}
          value={String(field.value)}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(Number(event.target.value))}
          className="field-input max-w-md"
        >
          {themes.map((theme) => (
            <option key={theme.idTheme} value={theme.idTheme}>
              {withBrand(theme.libelle)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

interface FaqQuestionFormProps {
  themes: readonly AdminFaqTheme[];
  /** The question edited; none: a new question of `idTheme`. */
  question: AdminFaqQuestion | null;
  idTheme: number;
  /** The answer as the FAQ page draws it, around the preview's HTML. */
  renderAnswer: (html: string) => ReactNode;
  onSaved: (question: AdminFaqQuestion, retraits: HtmlRemoval[]) => void;
  onCancel: () => void;
}

/** A question and its answer (with the answer's live preview), new or edited. */
export function FaqQuestionForm({ themes, question, idTheme, renderAnswer, onSaved, onCancel }: FaqQuestionFormProps) {
  const form = useZodForm(adminFaqQuestionBodySchema, {
    defaultValues: { idTheme: question?.idTheme ?? idTheme, question: question?.question ?? '', reponseHtml: question?.reponseHtml ?? '' },
  });
  const save = useSaveAdminFaqQuestion(question?.idQuestion ?? null);
  return (
    <Form
      form={form}
      className="space-y-5"
      onSubmit={async (values) => {
        const saved = await save.mutateAsync(values);
        onSaved(saved.question, saved.retraits);
      }}
    >
      <ThemeSelect themes={themes} />
      <TextField
        name="question"
        label={QUESTION_LABELS.question}
        required
        help={`Texte simple, ${ADMIN_FAQ_QUESTION_MAX_LENGTH} caractères au maximum ; « {{marque}} » est remplacé par le nom de la marque.`}
      />
      <HtmlField<AdminFaqQuestionBody>
        name="reponseHtml"
        label={QUESTION_LABELS.reponseHtml}
        required
        help="Balises permises : paragraphes, listes, gras, italique, abréviations, liens http ou https ou vers une page du portail. Le reste est retiré à l’enregistrement."
        maxLength={ADMIN_FAQ_ANSWER_MAX_LENGTH}
        rules={FAQ_HTML_RULES}
        renderPreview={renderAnswer}
        rows={8}
      />
      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <SubmitButton>{question ? 'Enregistrer la question' : 'Ajouter la question'}</SubmitButton>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Annuler
        </button>
      </div>
    </Form>
  );
}
