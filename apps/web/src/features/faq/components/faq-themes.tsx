import type { FaqTheme } from '@ecare/shared/faq';
import { ChevronDown } from 'lucide-react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import { useFaqQuestions } from '../api/get-faq-questions.ts';
import { useFaqThemes } from '../api/get-faq-themes.ts';
import { FaqQuestionItem } from './faq-question-item.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';

const questionCount = (count: number) => (count === 1 ? '1 question' : `${count} questions`);

/** A theme's questions, read when its panel opens. */
function ThemeQuestions({ idTheme }: { idTheme: number }) {
  const questions = useFaqQuestions(idTheme);
  if (questions.isPending) return <WaitingText>Chargement des questions…</WaitingText>;
  if (questions.error) return <ReadFailed error={questions.error} onRetry={() => void questions.refetch()} pending={questions.isFetching} />;
  return (
    <ul>
      {questions.data.map((question) => (
        <li key={question.idQuestion}>
          <FaqQuestionItem idQuestion={question.idQuestion} level={4} title={question.question} reponse={question.reponse} />
        </li>
      ))}
    </ul>
  );
}

function ThemeItem({ theme }: { theme: FaqTheme }) {
  return (
    <Disclosure id={String(theme.idTheme)} className="group/theme rounded-md border border-line-soft">
      {({ isExpanded }) => (
        <>
          <Heading level={3}>
            <Button
              slot="trigger"
              className="flex min-h-12 w-full items-center justify-between gap-3 rounded-md px-4 py-3 text-left text-lg font-bold text-primary-strong hover:bg-primary-soft"
            >
              <span>
                {theme.libelle}{' '}
                <span className="text-sm font-normal text-muted">({questionCount(theme.nbQuestions)})</span>
              </span>
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 transition-transform group-data-[expanded]/theme:rotate-180 motion-reduce:transition-none"
              />
            </Button>
          </Heading>
          <DisclosurePanel className="px-4">{isExpanded ? <ThemeQuestions idTheme={theme.idTheme} /> : null}</DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}

/** Every question by theme: an accordion of themes (several may be open), each a list of questions. */
export function FaqThemes() {
  const themes = useFaqThemes();
  return (
    <section aria-labelledby="faq-themes-title" className="card space-y-3">
      <h2 id="faq-themes-title" className="text-xl font-bold text-primary-strong">
        Toutes les questions par thème
      </h2>
      {themes.isPending ? <WaitingText>Chargement des thèmes…</WaitingText> : null}
      {themes.error ? <ReadFailed error={themes.error} onRetry={() => void themes.refetch()} pending={themes.isFetching} /> : null}
      {themes.data ? (
        <DisclosureGroup allowsMultipleExpanded className="space-y-2">
          {themes.data
            .filter((theme) => theme.nbQuestions > 0)
            .map((theme) => (
              <ThemeItem key={theme.idTheme} theme={theme} />
            ))}
        </DisclosureGroup>
      ) : null}
    </section>
  );
}
