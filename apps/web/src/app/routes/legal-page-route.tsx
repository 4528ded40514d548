import type { LegalPageCode } from '@ecare/shared/legal';
import { legalPageQueryOptions } from '../../features/legal/api/get-legal-page.ts';
import { staticDocumentsQueryOptions } from '../../features/legal/api/get-static-documents.ts';
import { LegalPage } from '../../features/legal/components/legal-page.tsx';
import { StaticDocuments } from '../../features/legal/components/static-documents.tsx';
import { useRouteTitle } from '../../lib/use-document-title.ts';
import { queryClient } from '../query-client.ts';

/** The terms and prices page also offers the contractual documents (CGV, CGA, GT) as PDFs. */
const withDocuments = (pageCode: LegalPageCode) => pageCode === 'CONDITIONS_TARIFS';

/**
 * A legal or information page (mentions légales, conditions et tarifs, environnement, données
 * personnelles, accessibilité): readable signed out. The loader starts the reads; a failed one
 * stays in the cache and the page says so, with a way to try again.
 */
export function legalPageRoute(pageCode: LegalPageCode) {
  return {
    async loader() {
      await Promise.all([
        queryClient.prefetchQuery(legalPageQueryOptions(pageCode)),
        withDocuments(pageCode) ? queryClient.prefetchQuery(staticDocumentsQueryOptions()) : null,
      ]);
      return null;
    },
    Component() {
      const title = useRouteTitle() ?? '';
      return (
        <LegalPage pageCode={pageCode} title={title}>
          {withDocuments(pageCode) ? <StaticDocuments /> : null}
        </LegalPage>
      );
    },
  };
}
