import { sortByOrdre, type MenuItem } from '@ecare/shared/menu';
import { MenuEntryLink, type GuardedNavigate } from './menu-entry-link.tsx';

interface MobileMenuLinksProps {
  items: readonly MenuItem[];
  onGuardedNavigate: GuardedNavigate;
  onNavigate: () => void;
  /** Destination already offered by the mobile menu itself (its 'Accueil'). */
  excludeUrl: string;
}

/** Top-level menu destinations inside the collapsible mobile menu. */
export function MobileMenuLinks({ items, onGuardedNavigate, onNavigate, excludeUrl }: MobileMenuLinksProps) {
  const linked = sortByOrdre(items).filter((item) => item.url !== null && item.url.trim() !== excludeUrl);
  return (
    <>
      {linked.map((item) =>
        item.url ? (
          <li key={item.id}>
            <MenuEntryLink
              nom={item.nom}
              url={item.url}
              className="block rounded-md px-3 py-3 font-semibold hover:bg-primary-soft"
              onGuardedNavigate={onGuardedNavigate}
              onNavigate={onNavigate}
            />
          </li>
        ) : null,
      )}
    </>
  );
}
