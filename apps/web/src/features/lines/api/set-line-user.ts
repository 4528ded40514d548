import { lineUserEntrySchema, type LineUserEntry, type LineUserUpdate } from '@ecare/shared/lines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lineUserChanged } from './line-cache.ts';

export interface LineUserChange {
  idContrat: number;
  user: LineUserUpdate;
}

/** POST /api/lignes/{idContrat}/utilisateur: names the line's user (the account's manager only). */
export function setLineUser({ idContrat, user }: LineUserChange): Promise<LineUserEntry> {
  return apiRequest(`/api/lignes/${idContrat}/utilisateur`, { method: 'POST', json: user, schema: lineUserEntrySchema });
}

export function useSetLineUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setLineUser, onSuccess: (user) => lineUserChanged(client, user) });
}
