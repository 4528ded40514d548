import { okResponseSchema } from '@ecare/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY, webhookPath } from './get-webhooks.ts';

/** DELETE …/webhooks/{idWebhook}: no event is sent to it any more; its deliveries go with it. */
export function useDeleteWebhook(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idWebhook: string) => apiRequest(webhookPath(idClientBscs, idWebhook), { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, idClientBscs] }),
  });
}
