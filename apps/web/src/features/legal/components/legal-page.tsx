import type { LegalPageCode } from '@ecare/shared/legal';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useLegalPage } from '../api/get-legal-page.ts';
import { formatCalendarDate } from '../utils/dates.ts';
import { LegalText } from './legal-text.tsx';
import { RetryButton, WaitingText } from '../../../components/ui/query-states.tsx';

interface LegalPageProps {
  pageCode: LegalPageCode;
  /** The page's heading until the text (and its own title) has arrived. */
  title: string;
  /** Shown between the heading and the text (the downloads of the terms page). */
  children?: ReactNode;
}

/** A legal or information page: its title, the date of its last change, and its text. */
export function LegalPage({ pageCode, title, children }: LegalPageProps) {
  const page = useLegalPage(pageCode);
  const updated = page.data ? (
    <>
      Dernière mise à jour le <time dateTime={page.data.miseAJour}>{formatCalendarDate(page.data.miseAJour)}</time>
    </>
  ) : undefined;

  return (
    <>
      <PageHeading intro={updated}>{page.data?.titre ?? title}</PageHeading>
      {children}
      {page.error ? (
        <ApiErrorAlert error={page.error}>
          <RetryButton onRetry={() => void page.refetch()} pending={page.isFetching} />
        </ApiErrorAlert>
      ) : null}
      {page.isPending ? <WaitingText>Chargement du texte…</WaitingText> : null}
      {page.data ? (
        <article className="card">
          <LegalText html={page.data.contenuHtml} />
        </article>
      ) : null}
    </>
  );
}
