import { useId, useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useAdminDocuments } from '../../../features/admin/api/get-admin-documents.ts';
import { StaticDocumentForm } from '../../../features/admin/components/static-document-form.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /administration/documents: pick a contractual document, edit its text, preview its PDF, publish the next version. */
export function AdminDocumentsPage() {
  useAdminTitle('Documents contractuels');
  const documents = useAdminDocuments();
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = `document${useId().replace(/[^\w-]/g, '')}`;
  const document = documents.data?.find((row) => row.type === chosen) ?? documents.data?.[0] ?? null;
  return (
    <>
      <PageHeading intro="Conditions générales de vente, d’abonnement et guide tarifaire : le texte dont chaque PDF téléchargeable est tiré.">
        Documents contractuels
      </PageHeading>
      {documents.isPending ? <WaitingText>Chargement des documents…</WaitingText> : null}
      {documents.isError ? <ReadFailed error={documents.error} onRetry={() => void documents.refetch()} pending={documents.isFetching} /> : null}
      {documents.data && document ? (
        <div className="space-y-6">
          <div>
            <label htmlFor={selectId} className="field-label">
              Document à modifier
            </label>
            <select id={selectId} className="field-input max-w-md" value={document.type} onChange={(event) => setChosen(event.target.value)}>
              {documents.data.map((row) => (
                <option key={row.type} value={row.type}>
                  {row.titre} ({row.type})
                </option>
              ))}
            </select>
          </div>
          <StaticDocumentForm key={document.type} document={document} />
        </div>
      ) : null}
    </>
  );
}
