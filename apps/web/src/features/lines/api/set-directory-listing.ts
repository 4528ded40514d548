import { lineUserEntrySchema, type DirectoryListing, type LineUserEntry } from '@ecare/shared/lines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lineUserChanged } from './line-cache.ts';

export interface DirectoryListingChange {
  idContrat: number;
  inscriptionAnnuaire: DirectoryListing;
}

/** POST /api/lignes/{idContrat}/annuaire: the directory listing alone (a line user, for their own line). */
export function setDirectoryListing({ idContrat, inscriptionAnnuaire }: DirectoryListingChange): Promise<LineUserEntry> {
  return apiRequest(`/api/lignes/${idContrat}/annuaire`, { method: 'POST', json: { inscriptionAnnuaire }, schema: lineUserEntrySchema });
}

export function useSetDirectoryListing() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setDirectoryListing, onSuccess: (user) => lineUserChanged(client, user) });
}
