import type { CurrentUser } from '@ecare/shared/auth';
import type { BreadcrumbItem } from '../../../components/ui/page-heading.tsx';
import { PATHS } from '../../../lib/routes.ts';

/** Accueil › Mon compte › page: the home is the user's own (a simple line user has theirs). */
export function accountBreadcrumb(user: CurrentUser | undefined, page?: string): BreadcrumbItem[] {
  const home = { label: 'Accueil', to: user?.utilisateur ? PATHS.userHome : PATHS.home };
  return page ? [home, { label: 'Mon compte', to: PATHS.account }, { label: page }] : [home, { label: 'Mon compte' }];
}
