import { useMostViewed } from '../api/get-most-viewed.ts';
import { FaqQuestionItem } from './faq-question-item.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';

/** The ten questions readers open most, each with its theme. */
export function FaqMostViewed() {
  const mostViewed = useMostViewed();
  return (
    <section aria-labelledby="faq-most-viewed-title" className="card space-y-3">
      <h2 id="faq-most-viewed-title" className="text-xl font-bold text-primary-strong">
        Les questions les plus consultées
      </h2>
      {mostViewed.isPending ? <WaitingText>Chargement des questions…</WaitingText> : null}
      {mostViewed.error ? (
        <ReadFailed error={mostViewed.error} onRetry={() => void mostViewed.refetch()} pending={mostViewed.isFetching} />
      ) : null}
      {mostViewed.data ? (
        <ol className="list-none">
          {mostViewed.data.map((question) => (
            <li key={question.idQuestion}>
              <FaqQuestionItem
                idQuestion={question.idQuestion}
                level={3}
                title={question.question}
                reponse={question.reponse}
                details={question.libelleTheme}
              />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
