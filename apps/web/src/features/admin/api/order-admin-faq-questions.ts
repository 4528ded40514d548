import { adminFaqQuestionListSchema, type AdminFaqQuestion } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminFaqQuestionsKey } from './get-admin-faq-questions.ts';

/** PUT /api/admin/faq/themes/{idTheme}/questions/ordre: every question of the theme, in the new order. */
export function orderAdminFaqQuestions(idTheme: number, idQuestions: number[]): Promise<AdminFaqQuestion[]> {
  return apiRequest(`/api/admin/faq/themes/${idTheme}/questions/ordre`, { method: 'PUT', json: { idQuestions }, schema: adminFaqQuestionListSchema });
}

export function useOrderAdminFaqQuestions(idTheme: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idQuestions: number[]) => orderAdminFaqQuestions(idTheme, idQuestions),
    onSuccess: (questions) => client.setQueryData(adminFaqQuestionsKey(idTheme), questions),
    onError: () => client.invalidateQueries({ queryKey: adminFaqQuestionsKey(idTheme) }),
  });
}
