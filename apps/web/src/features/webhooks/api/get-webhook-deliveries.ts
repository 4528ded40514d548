import { webhookDeliveriesAnswerSchema } from '@ecare/shared/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY, webhookPath } from './get-webhooks.ts';

export const webhookDeliveriesKey = (idClientBscs: number, idWebhook: string) => [...WEBHOOKS_KEY, idClientBscs, idWebhook, 'livraisons'] as const;

export const webhookDeliveriesQueryOptions = (idClientBscs: number, idWebhook: string) =>
  queryOptions({
    queryKey: webhookDeliveriesKey(idClientBscs, idWebhook),
    queryFn: ({ signal }) => apiRequest(`${webhookPath(idClientBscs, idWebhook)}/livraisons`, { schema: webhookDeliveriesAnswerSchema, signal }),
  });

/** GET …/webhooks/{idWebhook}/livraisons: the endpoint's delivery log, each delivery with its attempts. */
export function useWebhookDeliveries(idClientBscs: number, idWebhook: string) {
  return useQuery(webhookDeliveriesQueryOptions(idClientBscs, idWebhook));
}
