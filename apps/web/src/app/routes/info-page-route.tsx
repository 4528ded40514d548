import { PageHeading } from '../../components/ui/page-heading.tsx';
import { useRouteTitle } from '../../lib/use-document-title.ts';

/** The support pages not built yet (FAQ, contact form): the route title as heading and a short notice. */
export function InfoPageRoute() {
  const title = useRouteTitle() ?? '';
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <p className="card">Cette rubrique sera bientôt disponible.</p>
    </>
  );
}
