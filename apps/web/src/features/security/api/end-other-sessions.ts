import { otherSessionsEndedSchema, type OtherSessionsEnded } from '@ecare/shared/user-sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionsChanged } from './get-sessions.ts';

/** DELETE /api/sessions: ends every session of the user but this one. */
export function endOtherSessions(): Promise<OtherSessionsEnded> {
  return apiRequest('/api/sessions', { method: 'DELETE', schema: otherSessionsEndedSchema });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({ mutationFn: endOtherSessions, onSettled: () => sessionsChanged(client) });
}
