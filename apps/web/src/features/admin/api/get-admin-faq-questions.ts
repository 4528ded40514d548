import { adminFaqQuestionListSchema, type AdminFaqQuestion } from '@ecare/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminFaqQuestionsKey = (idTheme: number) => ['admin', 'faq', 'questions', idTheme] as const;

/** GET /api/admin/faq/themes/{idTheme}/questions: a theme's questions in their order, answers as stored. */
export function fetchAdminFaqQuestions(idTheme: number, signal?: AbortSignal): Promise<AdminFaqQuestion[]> {
  return apiRequest(`/api/admin/faq/themes/${idTheme}/questions`, { schema: adminFaqQuestionListSchema, signal });
}

export const adminFaqQuestionsQueryOptions = (idTheme: number) =>
  queryOptions({ queryKey: adminFaqQuestionsKey(idTheme), queryFn: ({ signal }) => fetchAdminFaqQuestions(idTheme, signal), retry: false });

export function useAdminFaqQuestions(idTheme: number | null) {
  return useQuery({ ...adminFaqQuestionsQueryOptions(idTheme ?? 0), enabled: idTheme !== null });
}
