import { faqThemesQueryOptions } from '../../features/faq/api/get-faq-themes.ts';
import { mostViewedQueryOptions } from '../../features/faq/api/get-most-viewed.ts';
import { FaqPage } from '../../features/faq/components/faq-page.tsx';
import { useRouteTitle } from '../../lib/use-document-title.ts';
import { queryClient } from '../query-client.ts';

/**
 * The FAQ (/assistance/faq), readable signed out. The loader starts the reads of the themes and
 * of the most consulted questions; a failed one stays in the cache and the page says so, with a
 * way to try again.
 */
export async function faqLoader() {
  await Promise.all([queryClient.prefetchQuery(faqThemesQueryOptions()), queryClient.prefetchQuery(mostViewedQueryOptions())]);
  return null;
}

export function FaqRoute() {
  return <FaqPage title={useRouteTitle() ?? 'Questions fréquentes'} />;
}
