import { esimLinkSentSchema, type EsimLinkSent, type EsimSendRequest } from '@ecare/shared/esim';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/consulteresim/{coId}/envoyer: e-mails the link of the line's eSIM page. */
export function sendEsimLink({ idContrat, email }: { idContrat: number; email: string }): Promise<EsimLinkSent> {
  const body: EsimSendRequest = { email };
  return apiRequest(`/api/consulteresim/${idContrat}/envoyer`, { method: 'POST', json: body, schema: esimLinkSentSchema });
}

export function useSendEsimLink() {
  return useMutation({ mutationFn: sendEsimLink });
}
