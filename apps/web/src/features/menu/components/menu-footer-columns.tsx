import { sortByOrdre, type MenuItem } from '@ecare/shared/menu';
import { MenuEntryLink, type GuardedNavigate } from './menu-entry-link.tsx';

interface MenuFooterColumnsProps {
  items: readonly MenuItem[];
  onGuardedNavigate: GuardedNavigate;
}

const linkClass = 'underline-offset-2 hover:underline';

/** Footer columns built from the menu's top-level items and their sub-headings. */
export function MenuFooterColumns({ items, onGuardedNavigate }: MenuFooterColumnsProps) {
  const columns = sortByOrdre(items)
    .map((item) => ({
      item,
      entries: sortByOrdre(item.sousRubriques).flatMap((heading) =>
        heading.url
          ? [{ key: `r${heading.id}`, nom: heading.nom, url: heading.url }]
          : sortByOrdre(heading.modules).flatMap((module) =>
              module.url ? [{ key: `r${heading.id}-${module.ordre}-${module.nom}`, nom: module.nom, url: module.url }] : [],
            ),
      ),
    }))
    .filter(({ item, entries }) => item.url !== null || entries.length > 0);
  if (columns.length === 0) return null;

  return (
    <nav aria-label="Plan du site" className="mb-8">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {columns.map(({ item, entries }) => (
          <li key={item.id}>
            <p className="mb-2 font-semibold">
              {item.url ? (
                <MenuEntryLink nom={item.nom} url={item.url} className={linkClass} onGuardedNavigate={onGuardedNavigate} />
              ) : (
                item.nom
              )}
            </p>
            {entries.length > 0 ? (
              <ul className="space-y-1 text-sm text-line-soft">
                {entries.map((entry) => (
                  <li key={entry.key}>
                    <MenuEntryLink
                      nom={entry.nom}
                      url={entry.url}
                      className={linkClass}
                      onGuardedNavigate={onGuardedNavigate}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
