import { faqStatisticResultSchema, type FaqStatisticBody, type FaqStatisticResult } from '@ecare/shared/faq';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/Faq/statistiques: a view of a question (no `utile`) or a "was this helpful" vote. */
export function recordFaqStatistic(body: FaqStatisticBody): Promise<FaqStatisticResult> {
  return apiRequest('/api/Faq/statistiques', { method: 'POST', json: body, schema: faqStatisticResultSchema });
}

export function useRecordFaqStatistic() {
  return useMutation({ mutationFn: recordFaqStatistic });
}
