import { useId, useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useAdminLegalPages } from '../../../features/admin/api/get-admin-legal-pages.ts';
import { LegalPageForm } from '../../../features/admin/components/legal-page-form.tsx';
import { withBrand } from '../../../features/admin/utils/brand.ts';
import { LegalText } from '../../../features/legal/components/legal-text.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /administration/textes-legaux: pick a legal page, edit its title and text with a live preview. */
export function AdminLegalPage() {
  useAdminTitle('Textes légaux');
  const pages = useAdminLegalPages();
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = `page${useId().replace(/[^\w-]/g, '')}`;
  const page = pages.data?.find((row) => row.pageCode === chosen) ?? pages.data?.[0] ?? null;
  return (
    <>
      <PageHeading intro="Mentions légales, conditions, environnement, données personnelles, accessibilité : le texte de chaque page d’information.">
        Textes légaux
      </PageHeading>
      {pages.isPending ? <WaitingText>Chargement des pages…</WaitingText> : null}
      {pages.isError ? <ReadFailed error={pages.error} onRetry={() => void pages.refetch()} pending={pages.isFetching} /> : null}
      {pages.data && page ? (
        <div className="space-y-6">
          <div>
            <label htmlFor={selectId} className="field-label">
              Page à modifier
            </label>
            <select id={selectId} className="field-input max-w-md" value={page.pageCode} onChange={(event) => setChosen(event.target.value)}>
              {pages.data.map((row) => (
                <option key={row.pageCode} value={row.pageCode}>
                  {withBrand(row.titre)} ({row.pageCode})
                </option>
              ))}
            </select>
          </div>
          <LegalPageForm key={page.pageCode} page={page} renderText={(html) => <div className="px-4 py-3"><LegalText html={html} /></div>} />
        </div>
      ) : null}
    </>
  );
}
