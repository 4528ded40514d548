import { okResponseSchema } from '@ecare/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionsChanged } from './get-sessions.ts';

/** DELETE /api/sessions/{id}: ends one of the user's sessions. */
export async function endSession(id: string): Promise<void> {
  await apiRequest(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okResponseSchema });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({ mutationFn: endSession, onSettled: () => sessionsChanged(client) });
}
