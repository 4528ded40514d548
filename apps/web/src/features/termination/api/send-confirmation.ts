import { terminationConfirmationSentSchema } from '@ecare/shared/termination';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/resiliation/envoyer-confirmation: the recap e-mailed again to the manager. */
export function sendConfirmation(idResiliation: number): Promise<{ email: string }> {
  return apiRequest('/api/resiliation/envoyer-confirmation', { method: 'POST', json: { idResiliation }, schema: terminationConfirmationSentSchema });
}

export function useSendConfirmation() {
  return useMutation({ mutationFn: sendConfirmation });
}
