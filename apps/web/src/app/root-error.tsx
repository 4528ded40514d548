import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BASENAME, PATHS } from '../lib/routes.ts';

/** Last-resort page (a route's code failed to load, an unexpected error in rendering). */
export function RootError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? ` (${error.status})` : '';
  return (
    <main className="page-container py-12">
      <h1 className="text-2xl font-bold text-primary-strong">Une erreur est survenue{detail}</h1>
      <p className="mt-4">La page n’a pas pu être affichée. Veuillez réessayer dans quelques instants.</p>
      <p className="mt-4">
        <a href={`${BASENAME}${PATHS.login}`} className="link">
          Revenir à l’espace client
        </a>
      </p>
    </main>
  );
}
