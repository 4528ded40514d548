import { Link } from 'react-router';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { EXTERNAL_LINKS } from '../../../config/site.ts';
import { PATHS } from '../../../lib/routes.ts';

export function ForgottenCodeLink() {
  return (
    <Link to={PATHS.recoverCode} className="link">
      Code confidentiel oublié ou première connexion
    </Link>
  );
}

/** Help and outbound links under the login form (spec §2); an outbound link shows once its address is given (config/site.ts). */
export function LoginLinks() {
  const discover = [
    { label: 'Nos offres mobiles Pro', href: EXTERNAL_LINKS.offers },
    { label: 'Les avantages Pro', href: EXTERNAL_LINKS.proAdvantages },
  ].flatMap((link) => (link.href ? [{ label: link.label, href: link.href }] : []));
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <section aria-labelledby="besoin-aide">
        <h2 id="besoin-aide" className="mb-2 font-bold text-primary-strong">
          Besoin d’aide ?
        </h2>
        <ul className="space-y-2">
          <li>
            <Link to={PATHS.faq} className="link">
              Questions fréquentes
            </Link>
          </li>
          <li>
            <Link to={PATHS.faq} className="link">
              Nous contacter
            </Link>
          </li>
          <li>
            <Link to={PATHS.afterSales} className="link">
              Service après vente
            </Link>
          </li>
        </ul>
      </section>
      {discover.length > 0 ? (
        <section aria-labelledby="pas-encore-client">
          <h2 id="pas-encore-client" className="mb-2 font-bold text-primary-strong">
            Découvrir l’offre Pro
          </h2>
          <ul className="space-y-2">
            {discover.map((link) => (
              <li key={link.label}>
                <ExternalLink href={link.href}>{link.label}</ExternalLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {EXTERNAL_LINKS.legacyCustomerArea ? (
        <p className="rounded-md bg-accent-soft p-4 sm:col-span-2">
          Votre identifiant est votre numéro de mobile ou vous avez souscrit avant le 8 avril 2019&nbsp;?{' '}
          <ExternalLink href={EXTERNAL_LINKS.legacyCustomerArea}>Accédez à votre espace client</ExternalLink>
        </p>
      ) : null}
    </div>
  );
}
