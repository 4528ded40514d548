import { webhookSchema, type Webhook, type WebhookInput } from '@ecare/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY, webhookPath } from './get-webhooks.ts';

/** PUT …/webhooks/{idWebhook}: its address, events and state (turning it back on after it was disabled). */
export function useUpdateWebhook(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idWebhook, webhook }: { idWebhook: string; webhook: WebhookInput }): Promise<Webhook> =>
      apiRequest(webhookPath(idClientBscs, idWebhook), { method: 'PUT', json: webhook, schema: webhookSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, idClientBscs] }),
  });
}
