import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { PATHS } from '../../lib/routes.ts';

export function NotFoundRoute() {
  return (
    <>
      <PageHeading>404! Page non trouvée...</PageHeading>
      <p>L’adresse demandée n’existe pas ou n’est plus disponible.</p>
      <p className="mt-4">
        <Link to={PATHS.home} className="link">
          Retour à l’accueil
        </Link>
      </p>
    </>
  );
}
