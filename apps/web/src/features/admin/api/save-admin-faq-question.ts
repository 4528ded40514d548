import { adminFaqQuestionSaveSchema, type AdminFaqQuestionBody, type AdminFaqQuestionSave } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/faq/questions (idQuestion null: a new question, last of its theme) or PUT /api/admin/faq/questions/{idQuestion}. */
export function saveAdminFaqQuestion(idQuestion: number | null, body: AdminFaqQuestionBody): Promise<AdminFaqQuestionSave> {
  return idQuestion === null
    ? apiRequest('/api/admin/faq/questions', { method: 'POST', json: body, schema: adminFaqQuestionSaveSchema })
    : apiRequest(`/api/admin/faq/questions/${idQuestion}`, { method: 'PUT', json: body, schema: adminFaqQuestionSaveSchema });
}

export function useSaveAdminFaqQuestion(idQuestion: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminFaqQuestionBody) => saveAdminFaqQuestion(idQuestion, body),
    // Question lists and theme counts may all change (a question can move to another theme).
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'faq'] }),
  });
}

