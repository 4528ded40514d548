import { INTERNAL_MESSAGE } from '@ecare/shared/core-messages';
import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { PATHS } from '../../lib/routes.ts';

/** /pages/500: reached when the session could not be loaded (spec §8). */
export function ServerErrorRoute() {
  return (
    <>
      <PageHeading>Une erreur est survenue</PageHeading>
      <p>{INTERNAL_MESSAGE}</p>
      <p className="mt-4">
        <Link to={PATHS.home} className="link">
          Retour à l’accueil
        </Link>
      </p>
    </>
  );
}
