import { Link, useNavigate } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { PATHS } from '../../lib/routes.ts';

/** /498: the server refused the session token or the link as no longer valid (decision 009). */
export function TokenInvalidRoute() {
  return (
    <>
      <PageHeading>Votre lien ou votre jeton de sécurité n’est plus valide</PageHeading>
      <div className="max-w-2xl space-y-4">
        <p>
          Votre session a expiré ou le lien que vous avez utilisé n’est plus reconnu. Pour votre sécurité, reconnectez-vous
          pour continuer.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={PATHS.login} className="btn-primary">
            Se reconnecter
          </Link>
          <Link to={PATHS.home} className="btn-secondary">
            Retour à l’accueil
          </Link>
        </div>
      </div>
    </>
  );
}

/** /499: the request was interrupted before the server answered (decision 009). */
export function RequestCancelledRoute() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeading>La requête a été interrompue</PageHeading>
      <div className="max-w-2xl space-y-4">
        <p>
          Votre demande a été interrompue avant la fin de son traitement. Vérifiez votre connexion internet, puis
          réessayez. Si vous étiez en train d’enregistrer une modification, vérifiez qu’elle a bien été prise en compte
          avant de la refaire.
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-primary" onClick={() => void navigate(-1)}>
            Revenir à la page précédente
          </button>
          <Link to={PATHS.home} className="btn-secondary">
            Retour à l’accueil
          </Link>
        </div>
      </div>
    </>
  );
}
