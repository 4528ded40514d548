import { webhookDeliverySchema } from '@ecare/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookPath } from './get-webhooks.ts';
import { webhookDeliveriesKey } from './get-webhook-deliveries.ts';

/** POST …/livraisons/{idLivraison}/renvoi (202, the delivery): sent again with the same webhook-id; the log is read again. */
export function useResendWebhookDelivery(idClientBscs: number, idWebhook: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idLivraison: string) =>
      apiRequest(`${webhookPath(idClientBscs, idWebhook)}/livraisons/${idLivraison}/renvoi`, { method: 'POST', schema: webhookDeliverySchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookDeliveriesKey(idClientBscs, idWebhook) }),
  });
}
