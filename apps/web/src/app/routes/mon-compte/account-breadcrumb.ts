import type { CurrentUser } from '@ecare/shared/auth';
import type { BreadcrumbItem } from '../../../components/ui/page-heading.tsx';
import { PATHS } from '../../../lib/routes.ts';

/**
 * Accueil › Mon compte › (via ›) page: the home is the user's own (a simple line user has
 * theirs); `via` is the list a detail page belongs to.
 */
export function accountBreadcrumb(user: CurrentUser | undefined, page?: string, via?: BreadcrumbItem): BreadcrumbItem[] {
  const home = { label: 'Accueil', to: user?.utilisateur ? PATHS.userHome : PATHS.home };
  if (!page) return [home, { label: 'Mon compte' }];
  return [home, { label: 'Mon compte', to: PATHS.account }, ...(via ? [via] : []), { label: page }];
}
