import { adminLegalPageSaveSchema, type AdminLegalPageBody, type AdminLegalPageSave } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLegalPagesQueryOptions } from './get-admin-legal-pages.ts';

/** PUT /api/admin/mentions-legales/{pageCode}. */
export function saveAdminLegalPage(pageCode: string, body: AdminLegalPageBody): Promise<AdminLegalPageSave> {
  return apiRequest(`/api/admin/mentions-legales/${encodeURIComponent(pageCode)}`, { method: 'PUT', json: body, schema: adminLegalPageSaveSchema });
}

export function useSaveAdminLegalPage(pageCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminLegalPageBody) => saveAdminLegalPage(pageCode, body),
    onSuccess: (saved) => {
      client.setQueryData(adminLegalPagesQueryOptions().queryKey, (pages) =>
        pages?.map((page) => (page.pageCode === saved.page.pageCode ? saved.page : page)),
      );
    },
  });
}
