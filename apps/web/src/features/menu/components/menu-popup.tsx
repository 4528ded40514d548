import { menuColumns, sortByOrdre, type MenuItem } from '@ecare/shared/menu';
import { popupImage } from '../utils/menu-rules.ts';
import { MenuEntryLink, type GuardedNavigate } from './menu-entry-link.tsx';

interface MenuPopupProps {
  id: string;
  item: MenuItem;
  open: boolean;
  toLeft: boolean;
  onGuardedNavigate: GuardedNavigate;
  onNavigate: () => void;
}

const linkClass = 'rounded-sm text-ink underline-offset-2 hover:text-primary hover:underline';

/** Sub-headings in three columns, each with its modules, and the optional menu image. */
export function MenuPopup({ id, item, open, toLeft, onGuardedNavigate, onNavigate }: MenuPopupProps) {
  const image = popupImage(item);
  const columns = menuColumns(item.sousRubriques).filter((column) => column.length > 0);
  return (
    <div
      id={id}
      hidden={!open}
      className={`absolute top-full z-30 mt-1 w-max max-w-[min(56rem,90vw)] rounded-lg border border-line-soft bg-surface p-6 text-left shadow-xl ${
        toLeft ? 'right-0' : 'left-0'
      }`}
    >
      <div className="flex gap-8">
        <div className="grid grid-cols-3 gap-8">
          {columns.map((column, columnIndex) => (
            <div key={columnIndex} className="min-w-40 space-y-5">
              {column.map((heading) => {
                const headingId = `${id}-rubrique-${heading.id}`;
                return (
                  <div key={heading.id}>
                    <p id={headingId} className="mb-2 font-semibold text-primary-strong">
                      {heading.url ? (
                        <MenuEntryLink
                          nom={heading.nom}
                          url={heading.url}
                          className={linkClass}
                          onGuardedNavigate={onGuardedNavigate}
                          onNavigate={onNavigate}
                        />
                      ) : (
                        heading.nom
                      )}
                    </p>
                    {heading.modules.length > 0 ? (
                      <ul aria-labelledby={headingId} className="space-y-1 text-sm">
                        {sortByOrdre(heading.modules).map((module) => (
                          <li key={`${module.ordre}-${module.nom}`}>
                            {module.url ? (
                              <MenuEntryLink
                                nom={module.nom}
                                url={module.url}
                                className={linkClass}
                                onGuardedNavigate={onGuardedNavigate}
                                onNavigate={onNavigate}
                              />
                            ) : (
                              <span className="text-muted">{module.nom}</span>
                            )}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {image ? (
          <div className="w-44 shrink-0">
            {image.href ? (
              <MenuEntryLink
                nom={item.nom}
                url={image.href}
                className="block rounded-md"
                onGuardedNavigate={onGuardedNavigate}
                onNavigate={onNavigate}
              >
                <img src={image.src} alt={item.nom} className="w-full rounded-md" loading="lazy" />
              </MenuEntryLink>
            ) : (
              <img src={image.src} alt="" className="w-full rounded-md" loading="lazy" />
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}
