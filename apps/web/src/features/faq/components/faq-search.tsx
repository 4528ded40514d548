import { FAQ_SEARCH_MAX_LENGTH, FAQ_SEARCH_MIN_LENGTH, faqSearchParamSchema } from '@ecare/shared/faq';
import { Search } from 'lucide-react';
import { Form } from '../../../components/ui/form/form.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFaqSearch } from '../api/search-faq.ts';
import { useDebouncedValue } from '../utils/use-debounced-value.ts';
import { FaqHighlight } from './faq-highlight.tsx';
import { FaqQuestionItem } from './faq-question-item.tsx';

/** The pause in typing after which the search runs. */
export const FAQ_SEARCH_DEBOUNCE_MS = 300;

/** The search as typed, once it is long enough to be asked (and not too long): null otherwise. */
function searchable(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length >= FAQ_SEARCH_MIN_LENGTH && trimmed.length <= FAQ_SEARCH_MAX_LENGTH ? trimmed : null;
}

const questionsFound = (count: number) => (count === 1 ? '1 question trouvée' : `${count} questions trouvées`);

/**
 * The search field, with results as the reader types: asked after a short pause (or at once with
 * Enter), from 3 characters. The number of results is said in a polite live region, so that a
 * screen reader hears it without leaving the field.
 */
export function FaqSearch() {
  // The shared rule words its own messages (too short, too long).
  const form = useZodForm(faqSearchParamSchema, { defaultValues: { motCle: '' }, mode: 'onSubmit' });
  const typed = form.watch('motCle');
  const [debounced, flush] = useDebouncedValue(typed, FAQ_SEARCH_DEBOUNCE_MS);
  const motCle = searchable(debounced);
  const search = useFaqSearch(motCle);
  // Results of an earlier search stay on screen while the next one runs; they are only said once current.
  const current = motCle !== null && !search.isPlaceholderData ? search.data : undefined;
  const shown = motCle !== null ? search.data : undefined;

  let announcement = '';
  if (current && motCle !== null) {
    announcement =
      current.length === 0
        ? `Aucune question ne correspond à «\u00a0${motCle}\u00a0». Essayez d’autres mots, ou parcourez les thèmes ci-dessous.`
        : `${questionsFound(current.length)} pour «\u00a0${motCle}\u00a0».`;
  }

  return (
    <section aria-labelledby="faq-search-title" className="card space-y-4">
      <h2 id="faq-search-title" className="text-xl font-bold text-primary-strong">
        Rechercher une réponse
      </h2>
      <Form
        form={form}
        role="search"
        aria-label="Rechercher dans les questions fréquentes"
        className="flex flex-wrap items-end gap-3"
        onSubmit={() => flush()}
      >
        <TextField
          name="motCle"
          label="Votre question ou des mots-clés"
          help={`Par exemple\u00a0: résiliation, code PUK, facture. Les résultats s’affichent dès ${FAQ_SEARCH_MIN_LENGTH} caractères.`}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          className="w-full sm:w-[28rem]"
        />
        <button type="submit" className="btn-primary">
          <Search aria-hidden="true" className="size-4" />
          Rechercher
        </button>
      </Form>

      <p role="status" className="font-semibold">
        {announcement}
      </p>
      {search.isFetching && motCle !== null ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner small />
          Recherche en cours…
        </p>
      ) : null}
      {search.error && motCle !== null ? <ApiErrorAlert error={search.error} /> : null}

      {shown && shown.length > 0 ? (
        <ul aria-label="Résultats de la recherche" className={search.isPlaceholderData ? 'opacity-70' : undefined}>
          {shown.map((result) => (
            <li key={result.idQuestion}>
              <FaqQuestionItem
                idQuestion={result.idQuestion}
                level={3}
                title={<FaqHighlight html={result.questionSurlignee} />}
                reponse={result.reponse}
                details={
                  <>
                    <span className="font-semibold">{result.libelleTheme}</span>
                    {result.extraitSurligne ? (
                      <>
                        {' – '}
                        <FaqHighlight html={result.extraitSurligne} />
                      </>
                    ) : null}
                  </>
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
