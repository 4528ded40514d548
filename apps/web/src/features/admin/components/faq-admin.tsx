import { movedInList, type AdminFaqQuestion, type AdminFaqTheme, type HtmlRemoval } from '@ecare/shared/admin';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useDeleteAdminFaqQuestion } from '../api/delete-admin-faq-question.ts';
import { useAdminFaqQuestions } from '../api/get-admin-faq-questions.ts';
import { useAdminFaqThemes } from '../api/get-admin-faq-themes.ts';
import { useOrderAdminFaqQuestions } from '../api/order-admin-faq-questions.ts';
import { useOrderAdminFaqThemes } from '../api/order-admin-faq-themes.ts';
import { withBrand } from '../utils/brand.ts';
import { FaqQuestionForm, QUESTION_LABELS } from './faq-question-form.tsx';
import { FaqThemeForm } from './faq-theme-form.tsx';
import { focusAfterMove, OrderButtons } from './order-buttons.tsx';
import { RemovalNotice } from './removal-notice.tsx';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`;

/** What the page says after an action, in its one polite live region. */
type Notice = { text: string; retraits?: HtmlRemoval[] } | null;

interface FaqAdminProps {
  /** An answer as the FAQ page draws it, around the preview's HTML. */
  renderAnswer: (html: string) => ReactNode;
}

/**
 * The FAQ's themes (add, rename, reorder) and the questions of the chosen theme (add, edit,
 * reorder, delete). Moves use "Monter" / "Descendre" buttons named after their item; focus
 * follows the item moved, and the new place is announced.
 */
export function FaqAdmin({ renderAnswer }: FaqAdminProps) {
  const themes = useAdminFaqThemes();
  const [chosenTheme, setChosenTheme] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const base = useId().replace(/[^\w-]/g, '');

  if (themes.isPending) return <WaitingText>Chargement des thèmes…</WaitingText>;
  if (themes.isError) return <ReadFailed error={themes.error} onRetry={() => void themes.refetch()} pending={themes.isFetching} />;
  const list = themes.data;
  const current = list.find((theme) => theme.idTheme === chosenTheme) ?? list[0] ?? null;

  return (
    <div className="space-y-10">
      <div role="status" className="empty:hidden">
        {notice ? (
          <div className="space-y-3">
            <Alert tone="success" live={false}>
              {notice.text}
            </Alert>
            {notice.retraits ? <RemovalNotice retraits={notice.retraits} labels={QUESTION_LABELS} /> : null}
          </div>
        ) : null}
      </div>
      <ThemeList themes={list} current={current} idPrefix={base} onChoose={setChosenTheme} onNotice={setNotice} />
      {current ? (
        <QuestionList
          key={current.idTheme}
          themes={list}
          theme={current}
          idPrefix={base}
          renderAnswer={renderAnswer}
          onNotice={setNotice}
          onThemeChange={setChosenTheme}
        />
      ) : null}
    </div>
  );
}

interface ThemeListProps {
  themes: AdminFaqTheme[];
  current: AdminFaqTheme | null;
  idPrefix: string;
  onChoose: (idTheme: number) => void;
  onNotice: (notice: Notice) => void;
}

function ThemeList({ themes, current, idPrefix, onChoose, onNotice }: ThemeListProps) {
  const order = useOrderAdminFaqThemes();
  const [renaming, setRenaming] = useState<number | null>(null);
  const ids = (idTheme: number) => ({ upId: `${idPrefix}-theme-${idTheme}-haut`, downId: `${idPrefix}-theme-${idTheme}-bas` });

  const move = async (index: number, direction: -1 | 1) => {
    const theme = themes[index];
    if (!theme) return;
    onNotice(null);
    try {
      await order.mutateAsync(movedInList(themes, index, direction).map((row) => row.idTheme));
      focusAfterMove(ids(theme.idTheme), direction, index + direction, themes.length);
      onNotice({ text: `Le thème « ${withBrand(theme.libelle)} » est maintenant en position ${index + direction + 1} sur ${themes.length}.` });
    } catch {
      // Said by the alert below; the list is read again.
    }
  };

  return (
    <section aria-labelledby={`${idPrefix}-themes`} className="space-y-4">
      <h2 id={`${idPrefix}-themes`} className="text-xl font-bold text-primary-strong">
        Thèmes
      </h2>
      {order.error ? <ApiErrorAlert error={order.error} /> : null}
      <ol className="divide-y divide-line-soft rounded-lg border border-line">
        {themes.map((theme, index) => (
          <li key={theme.idTheme} className="flex flex-wrap items-center gap-3 px-4 py-3">
            {renaming === theme.idTheme ? (
              <div className="basis-full">
                <FaqThemeForm
                  theme={theme}
                  onSaved={(saved) => {
                    setRenaming(null);
                    onNotice({ text: `Le thème a été renommé « ${withBrand(saved.libelle)} ».` });
                  }}
                  onCancel={() => setRenaming(null)}
                />
              </div>
            ) : (
              <>
                <span className="min-w-0 flex-1 basis-48">
                  <span className="font-semibold">{withBrand(theme.libelle)}</span>{' '}
                  <span className="text-sm text-muted">({plural(theme.nbQuestions, 'question', 'questions')})</span>
                </span>
                <OrderButtons
                  subject={`le thème « ${withBrand(theme.libelle)} »`}
                  index={index}
                  count={themes.length}
                  disabled={order.isPending}
                  {...ids(theme.idTheme)}
                  onMove={(direction) => void move(index, direction)}
                />
                <button type="button" className="btn-secondary" onClick={() => setRenaming(theme.idTheme)}>
                  Renommer<span className="sr-only"> le thème « {withBrand(theme.libelle)} »</span>
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  aria-pressed={current?.idTheme === theme.idTheme}
                  onClick={() => onChoose(theme.idTheme)}
                >
                  Questions<span className="sr-only"> du thème « {withBrand(theme.libelle)} »</span>
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
      <div className="rounded-lg border border-line-soft p-4">
        <h3 className="mb-3 font-semibold">Ajouter un thème</h3>
        <FaqThemeForm
          theme={null}
          onSaved={(saved) => {
            onChoose(saved.idTheme);
            onNotice({ text: `Le thème « ${withBrand(saved.libelle)} » a été ajouté en dernière position.` });
          }}
        />
      </div>
    </section>
  );
}

interface QuestionListProps {
  themes: AdminFaqTheme[];
  theme: AdminFaqTheme;
  idPrefix: string;
  renderAnswer: (html: string) => ReactNode;
  onNotice: (notice: Notice) => void;
  onThemeChange: (idTheme: number) => void;
}

function QuestionList({ themes, theme, idPrefix, renderAnswer, onNotice, onThemeChange }: QuestionListProps) {
  const questions = useAdminFaqQuestions(theme.idTheme);
  const order = useOrderAdminFaqQuestions(theme.idTheme);
  const remove = useDeleteAdminFaqQuestion();
  const confirmation = useConfirmation();
  const [editing, setEditing] = useState<AdminFaqQuestion | 'nouvelle' | null>(null);
  const [removing, setRemoving] = useState<AdminFaqQuestion | null>(null);
  const headingId = `${idPrefix}-questions`;
  const ids = (idQuestion: number) => ({ upId: `${idPrefix}-question-${idQuestion}-haut`, downId: `${idPrefix}-question-${idQuestion}-bas` });
  const label = withBrand(theme.libelle);

  const move = async (rows: AdminFaqQuestion[], index: number, direction: -1 | 1) => {
    const question = rows[index];
    if (!question) return;
    onNotice(null);
    try {
      await order.mutateAsync(movedInList(rows, index, direction).map((row) => row.idQuestion));
      focusAfterMove(ids(question.idQuestion), direction, index + direction, rows.length);
      onNotice({ text: `La question est maintenant en position ${index + direction + 1} sur ${rows.length}.` });
    } catch {
      // Said by the alert below; the list is read again.
    }
  };

  const askRemove = async (question: AdminFaqQuestion) => {
    setRemoving(question);
    onNotice(null);
    if (!(await confirmation.ask())) return;
    try {
      await remove.mutateAsync(question.idQuestion);
      onNotice({ text: 'La question a été supprimée.' });
    } catch {
      // Said by the alert below.
    } finally {
      confirmation.close();
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-bold text-primary-strong">
        Questions du thème « {label} »
      </h2>
      {order.error ? <ApiErrorAlert error={order.error} /> : null}
      {remove.error ? <ApiErrorAlert error={remove.error} /> : null}
      {questions.isPending ? <WaitingText>Chargement des questions…</WaitingText> : null}
      {questions.isError ? <ReadFailed error={questions.error} onRetry={() => void questions.refetch()} pending={questions.isFetching} /> : null}
      {questions.data ? (
        questions.data.length === 0 ? (
          <p className="text-muted">Ce thème n’a pas encore de question.</p>
        ) : (
          <ol className="divide-y divide-line-soft rounded-lg border border-line">
            {questions.data.map((question, index, rows) => (
              <li key={question.idQuestion} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <span className="min-w-0 flex-1 basis-64">{withBrand(question.question)}</span>
                <OrderButtons
                  subject={`la question « ${withBrand(question.question)} »`}
                  index={index}
                  count={rows.length}
                  disabled={order.isPending}
                  {...ids(question.idQuestion)}
                  onMove={(direction) => void move(rows, index, direction)}
                />
                <button type="button" className="btn-secondary" onClick={() => setEditing(question)}>
                  Modifier<span className="sr-only"> la question « {withBrand(question.question)} »</span>
                </button>
                <button type="button" className="btn-secondary" onClick={() => void askRemove(question)}>
                  Supprimer<span className="sr-only"> la question « {withBrand(question.question)} »</span>
                </button>
              </li>
            ))}
          </ol>
        )
      ) : null}
      {editing === null ? (
        <button type="button" className="btn-primary" onClick={() => setEditing('nouvelle')}>
          Ajouter une question au thème « {label} »
        </button>
      ) : (
        <div className="rounded-lg border border-line-soft p-4">
          <h3 className="mb-4 text-lg font-semibold">{editing === 'nouvelle' ? 'Nouvelle question' : 'Modifier la question'}</h3>
          <FaqQuestionForm
            key={editing === 'nouvelle' ? 'nouvelle' : editing.idQuestion}
            themes={themes}
            question={editing === 'nouvelle' ? null : editing}
            idTheme={theme.idTheme}
            renderAnswer={renderAnswer}
            onSaved={(saved, retraits) => {
              setEditing(null);
              onNotice({ text: editing === 'nouvelle' ? 'La question a été ajoutée.' : 'La question a été enregistrée.', retraits });
              if (saved.idTheme !== theme.idTheme) onThemeChange(saved.idTheme);
            }}
            onCancel={() => setEditing(null)}
          />
        </div>
      )}
      <ConfirmDialog confirmation={confirmation} title="Supprimer cette question ?" confirmLabel="Supprimer la question" isPending={remove.isPending}>
        <p>
          La question « {removing ? withBrand(removing.question) : ''} » et ses statistiques seront supprimées de la FAQ. Cette action est
          définitive.
        </p>
      </ConfirmDialog>
    </section>
  );
}
