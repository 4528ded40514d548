import { webhookWithSecretSchema, type WebhookInput, type WebhookWithSecret } from '@ecare/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY, webhooksPath } from './get-webhooks.ts';

/** POST …/webhooks: adds an endpoint; its answer holds the signing secret, this one time only. */
export function useCreateWebhook(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    // The answer holds a secret: dropped from memory as soon as nothing shows it.
    gcTime: 0,
    mutationFn: (webhook: WebhookInput): Promise<WebhookWithSecret> =>
      apiRequest(webhooksPath(idClientBscs), { method: 'POST', json: webhook, schema: webhookWithSecretSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, idClientBscs] }),
  });
}
