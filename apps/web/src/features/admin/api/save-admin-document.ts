import { adminStaticDocumentSchema, type AdminStaticDocument, type AdminStaticDocumentBody } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_DOCUMENTS_KEY, ADMIN_DOCUMENTS_PATH } from './get-admin-documents.ts';

/** PUT /api/admin/documents/{type}: a change gives the document its next version, dated today. */
export function saveAdminDocument(type: string, body: AdminStaticDocumentBody): Promise<AdminStaticDocument> {
  return apiRequest(`${ADMIN_DOCUMENTS_PATH}/${encodeURIComponent(type)}`, { method: 'PUT', json: body, schema: adminStaticDocumentSchema });
}

/** Where the PDF of a title and text not yet saved comes from (POST, the form's values as body). */
export const adminDocumentPreviewPath = (type: string) => `${ADMIN_DOCUMENTS_PATH}/${encodeURIComponent(type)}/apercu`;

export function useSaveAdminDocument(type: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminStaticDocumentBody) => saveAdminDocument(type, body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ADMIN_DOCUMENTS_KEY }), client.invalidateQueries({ queryKey: ['static-documents'] })]),
  });
}
