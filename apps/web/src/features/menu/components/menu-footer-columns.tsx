import { sortByOrdre, type MenuItem } from '@ecare/shared/menu';
import { areaIndexOf } from '../utils/menu-rules.ts';
import { MenuEntryLink, type GuardedNavigate } from './menu-entry-link.tsx';

interface MenuFooterColumnsProps {
  items: readonly MenuItem[];
  onGuardedNavigate: GuardedNavigate;
}

const linkClass = 'underline-offset-2 hover:underline';

/** Footer columns built from the menu's top-level items and their sub-headings. */
export function MenuFooterColumns({ items, onGuardedNavigate }: MenuFooterColumnsProps) {
  const columns = sortByOrdre(items).map((item) => ({
    item,
    url: item.url ?? areaIndexOf(item),
    entries: sortByOrdre(item.sousRubriques).flatMap((heading) =>
      heading.url
        ? [{ key: `r${heading.id}`, nom: heading.nom, url: heading.url }]
        : sortByOrdre(heading.modules).flatMap((module) =>
            module.url ? [{ key: `r${heading.id}-${module.ordre}-${module.nom}`, nom: module.nom, url: module.url }] : [],
          ),
    ),
  }));
  // Items that are only a link share one column: a heading with nothing under it leaves a gap.
  const links = columns.filter((column) => column.entries.length === 0 && column.url !== null);
  const groups = columns.filter((column) => column.entries.length > 0);
  if (links.length === 0 && groups.length === 0) return null;

  return (
    <nav aria-label="Plan du site" className="mb-8">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {links.length > 0 ? (
          <li>
            <ul className="space-y-2 font-semibold">
              {links.map(({ item, url }) =>
                url ? (
                  <li key={item.id}>
                    <MenuEntryLink nom={item.nom} url={url} className={linkClass} onGuardedNavigate={onGuardedNavigate} />
                  </li>
                ) : null,
              )}
            </ul>
          </li>
        ) : null}
        {groups.map(({ item, url, entries }) => (
          <li key={item.id}>
            <p className="mb-2 font-semibold">
              {url ? <MenuEntryLink nom={item.nom} url={url} className={linkClass} onGuardedNavigate={onGuardedNavigate} /> : item.nom}
            </p>
            <ul className="space-y-1 text-sm text-line-soft">
              {entries.map((entry) => (
                <li key={entry.key}>
                  <MenuEntryLink nom={entry.nom} url={entry.url} className={linkClass} onGuardedNavigate={onGuardedNavigate} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
