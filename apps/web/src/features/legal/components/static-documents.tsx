import type { StaticDocument } from '@ecare/shared/legal';
import { useId } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { staticDocumentPath, useStaticDocuments } from '../api/get-static-documents.ts';
import { formatCalendarDate } from '../utils/dates.ts';
import { RetryButton, WaitingText } from '../../../components/ui/query-states.tsx';

function DocumentCard({ document }: { document: StaticDocument }) {
  return (
    <li className="flex flex-col gap-3 rounded-md border border-line-soft p-4">
      <h3 className="font-semibold">{document.titre}</h3>
      <p className="text-sm text-muted">
        Version {document.version}, en vigueur depuis le{' '}
        <time dateTime={document.dateVersion}>{formatCalendarDate(document.dateVersion)}</time>
      </p>
      <div className="mt-auto">
        <DownloadButton
          path={staticDocumentPath(document.type)}
          label={`Télécharger le document «\u00a0${document.titre}\u00a0» (PDF)`}
          fallbackName={document.nomFichier}
          className="btn-secondary w-full"
        />
      </div>
    </li>
  );
}

/** The contractual documents (CGV, CGA, GT) in their current version, each downloadable as a PDF. */
export function StaticDocuments() {
  const headingId = `documents${useId().replace(/:/g, '')}`;
  const documents = useStaticDocuments();
  return (
    <section aria-labelledby={headingId} className="card mb-6 space-y-4">
      <h2 id={headingId} className="text-xl font-bold text-primary-strong">
        Télécharger les documents contractuels
      </h2>
      {documents.error ? (
        <ApiErrorAlert error={documents.error}>
          <RetryButton onRetry={() => void documents.refetch()} pending={documents.isFetching} />
        </ApiErrorAlert>
      ) : null}
      {documents.isPending ? <WaitingText>Chargement des documents…</WaitingText> : null}
      {documents.data ? (
        <ul className="grid gap-4 md:grid-cols-3">
          {documents.data.map((document) => (
            <DocumentCard key={document.type} document={document} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
