import { faqQuestionListSchema, type FaqQuestion } from '@ecare/shared/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/Faq/faq_questions/{IdTheme}: a theme's questions in order, answers as reduced HTML (public). */
export function fetchFaqQuestions(idTheme: number, signal?: AbortSignal): Promise<FaqQuestion[]> {
  return apiRequest(`/api/Faq/faq_questions/${idTheme}`, { schema: faqQuestionListSchema, signal });
}

export const faqQuestionsQueryOptions = (idTheme: number) =>
  queryOptions({
    queryKey: ['faq', 'questions', idTheme],
    queryFn: ({ signal }) => fetchFaqQuestions(idTheme, signal),
    staleTime: 30 * 60_000,
  });

/** A theme's questions, read once its panel is opened. */
export function useFaqQuestions(idTheme: number) {
  return useQuery(faqQuestionsQueryOptions(idTheme));
}
