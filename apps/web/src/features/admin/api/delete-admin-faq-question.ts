import { okResponseSchema } from '@ecare/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /api/admin/faq/questions/{idQuestion}. */
export async function deleteAdminFaqQuestion(idQuestion: number): Promise<void> {
  await apiRequest(`/api/admin/faq/questions/${idQuestion}`, { method: 'DELETE', schema: okResponseSchema });
}

export function useDeleteAdminFaqQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminFaqQuestion,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'faq'] }),
  });
}
