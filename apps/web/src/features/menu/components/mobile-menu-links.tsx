import { sortByOrdre, type MenuItem } from '@ecare/shared/menu';
import { ChevronDown } from 'lucide-react';
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { areaIndexOf, hasPopup, type MenuViewer } from '../utils/menu-rules.ts';
import { MenuEntryLink, type GuardedNavigate } from './menu-entry-link.tsx';

interface MobileMenuLinksProps {
  items: readonly MenuItem[];
  viewer: MenuViewer;
  onGuardedNavigate: GuardedNavigate;
  onNavigate: () => void;
  /** Destinations the mobile menu already offers itself (its 'Accueil', whichever home it is). */
  excludeUrls: readonly string[];
}

const itemClass = 'flex min-h-11 w-full items-center rounded-md px-3 py-2 text-left font-semibold hover:bg-primary-soft';
const subLinkClass = 'flex min-h-11 items-center rounded-md px-3 py-2 hover:bg-primary-soft';

function ItemPanel({ item, onGuardedNavigate, onNavigate }: { item: MenuItem } & Pick<MobileMenuLinksProps, 'onGuardedNavigate' | 'onNavigate'>) {
  return (
    <div className="space-y-3 pb-2 pl-3">
      {item.url ? (
        <MenuEntryLink nom={item.nom} url={item.url} className={subLinkClass} onGuardedNavigate={onGuardedNavigate} onNavigate={onNavigate} />
      ) : null}
      {sortByOrdre(item.sousRubriques).map((heading) => {
        const headingId = `menu-mobile-rubrique-${heading.id}`;
        return (
          <div key={heading.id}>
            <p id={headingId} className="px-3 text-sm font-semibold text-muted">
              {heading.url ? (
                <MenuEntryLink nom={heading.nom} url={heading.url} className="link" onGuardedNavigate={onGuardedNavigate} onNavigate={onNavigate} />
              ) : (
                heading.nom
              )}
            </p>
            {heading.modules.length > 0 ? (
              <ul aria-labelledby={headingId}>
                {sortByOrdre(heading.modules).map((module) => (
                  <li key={`${module.ordre}-${module.nom}`}>
                    {module.url ? (
                      <MenuEntryLink
                        nom={module.nom}
                        url={module.url}
                        className={subLinkClass}
                        onGuardedNavigate={onGuardedNavigate}
                        onNavigate={onNavigate}
                      />
                    ) : (
                      <span className="block px-3 py-2 text-muted">{module.nom}</span>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The server menu inside the collapsible mobile menu: everything the desktop menu offers, its
 * popups as disclosures (sub-headings and modules), the same entries guarded.
 */
export function MobileMenuLinks({ items, viewer, onGuardedNavigate, onNavigate, excludeUrls }: MobileMenuLinksProps) {
  return (
    <>
      {sortByOrdre(items).map((item) => {
        if (hasPopup(item, viewer)) {
          return (
            <li key={item.id}>
              <Disclosure>
                {({ isExpanded }) => (
                  <>
                    <Button slot="trigger" className={`${itemClass} justify-between`}>
                      {item.nom}
                      <ChevronDown
                        aria-hidden="true"
                        className={`size-5 transition-transform motion-reduce:transition-none ${isExpanded ? 'rotate-180' : ''}`}
                      />
                    </Button>
                    <DisclosurePanel>
                      <ItemPanel item={item} onGuardedNavigate={onGuardedNavigate} onNavigate={onNavigate} />
                    </DisclosurePanel>
                  </>
                )}
              </Disclosure>
            </li>
          );
        }
        const url = item.url ?? areaIndexOf(item);
        if (url === null || excludeUrls.includes(url.trim())) return null;
        return (
          <li key={item.id}>
            <MenuEntryLink nom={item.nom} url={url} className={itemClass} onGuardedNavigate={onGuardedNavigate} onNavigate={onNavigate} />
          </li>
        );
      })}
    </>
  );
}
