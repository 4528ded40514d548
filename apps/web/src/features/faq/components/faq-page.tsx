import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { FaqMostViewed } from './faq-most-viewed.tsx';
import { FaqSearch } from './faq-search.tsx';
import { FaqStatisticsProvider } from './faq-statistics.tsx';
import { FaqThemes } from './faq-themes.tsx';

/** /assistance/faq: search, the most consulted questions, then every question by theme. */
export function FaqPage({ title }: { title: string }) {
  return (
    <FaqStatisticsProvider>
      <PageHeading intro="Les réponses aux questions les plus fréquentes sur vos lignes, vos factures et votre espace client.">{title}</PageHeading>
      <div className="space-y-6">
        <FaqSearch />
        <FaqMostViewed />
        <FaqThemes />
        <p>
          Vous n’avez pas trouvé votre réponse&nbsp;?{' '}
          <Link to={PATHS.contactForm} className="link">
            Écrivez-nous par le formulaire de contact
          </Link>{' '}
          ou consultez le{' '}
          <Link to={PATHS.afterSales} className="link">
            service après-vente
          </Link>
          .
        </p>
      </div>
    </FaqStatisticsProvider>
  );
}
