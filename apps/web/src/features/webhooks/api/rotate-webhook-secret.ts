import { webhookWithSecretSchema, type WebhookWithSecret } from '@ecare/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY, webhookPath } from './get-webhooks.ts';

/** POST …/webhooks/{idWebhook}/secret: a new signing secret, shown once; the previous one still signs for a while. */
export function useRotateWebhookSecret(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    // The answer holds a secret: dropped from memory as soon as nothing shows it.
    gcTime: 0,
    mutationFn: (idWebhook: string): Promise<WebhookWithSecret> =>
      apiRequest(`${webhookPath(idClientBscs, idWebhook)}/secret`, { method: 'POST', schema: webhookWithSecretSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, idClientBscs] }),
  });
}
