import { webhooksAnswerSchema } from '@ecare/shared/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const webhooksPath = (idClientBscs: number) => `/api/clients/${idClientBscs}/webhooks`;
export const webhookPath = (idClientBscs: number, idWebhook: string) => `${webhooksPath(idClientBscs)}/${idWebhook}`;
export const WEBHOOKS_KEY = ['webhooks'] as const;

export const webhooksQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...WEBHOOKS_KEY, idClientBscs],
    queryFn: ({ signal }) => apiRequest(webhooksPath(idClientBscs), { schema: webhooksAnswerSchema, signal }),
    staleTime: 30_000,
  });

/** GET /api/clients/{idClientBscs}/webhooks: the account's endpoints (their secrets never). */
export function useWebhooks(idClientBscs: number) {
  return useQuery(webhooksQueryOptions(idClientBscs));
}
