import { sortByOrdre, type MenuItem } from '@ecare/shared/menu';
import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { areaIndexOf, hasPopup, opensToLeft, type MenuViewer } from '../utils/menu-rules.ts';
import { MenuEntryLink, type GuardedNavigate } from './menu-entry-link.tsx';
import { MenuPopup } from './menu-popup.tsx';

interface DesktopMenuProps {
  items: readonly MenuItem[];
  viewer: MenuViewer;
  onGuardedNavigate: GuardedNavigate;
}

const topLevelClass =
  'inline-flex min-h-11 items-center gap-1 rounded-md px-3 py-2 font-semibold text-primary-strong hover:bg-primary-soft';

/**
 * Horizontal header menu following the WAI-ARIA disclosure navigation pattern: each popup has
 * a button with aria-expanded; Escape, a click outside or focus leaving the item closes it.
 */
export function DesktopMenu({ items, viewer, onGuardedNavigate }: DesktopMenuProps) {
  const { pathname } = useLocation();
  // The open popup is remembered with the page it was opened on, so navigating closes it.
  const [open, setOpen] = useState<{ id: number; path: string } | null>(null);
  const openId = open?.path === pathname ? open.id : null;
  const navRef = useRef<HTMLElement>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());

  useEffect(() => {
    if (openId === null) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId]);

  const close = () => setOpen(null);
  const toggle = (id: number) => setOpen(openId === id ? null : { id, path: pathname });

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, id: number) => {
    if (event.key === 'Escape' && openId === id) {
      event.stopPropagation();
      close();
      buttons.current.get(id)?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>, id: number) => {
    if (openId === id && !event.currentTarget.contains(event.relatedTarget)) close();
  };

  return (
    <nav ref={navRef} aria-label="Menu principal">
      <ul className="flex flex-wrap items-center gap-1">
        {sortByOrdre(items).map((item, index) => {
          const popup = hasPopup(item, viewer);
          const url = item.url ?? (popup ? null : areaIndexOf(item));
          const popupId = `menu-popup-${item.id}`;
          const isOpen = openId === item.id;
          const setButton = (element: HTMLButtonElement | null) => {
            if (element) buttons.current.set(item.id, element);
            else buttons.current.delete(item.id);
          };
          return (
            <li
              key={item.id}
              className="relative flex items-center"
              onKeyDown={(event) => onKeyDown(event, item.id)}
              onBlur={(event) => onBlur(event, item.id)}
            >
              {url ? (
                <MenuEntryLink
                  nom={item.nom}
                  url={url}
                  className={topLevelClass}
                  onGuardedNavigate={onGuardedNavigate}
                  onNavigate={close}
                />
              ) : popup ? null : (
                <span className="inline-flex min-h-11 items-center px-3 py-2 font-semibold text-muted">{item.nom}</span>
              )}
              {popup ? (
                <>
                  <button
                    ref={setButton}
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={popupId}
                    className={item.url ? `${topLevelClass} px-2` : topLevelClass}
                    onClick={() => toggle(item.id)}
                  >
                    {item.url ? <span className="sr-only">Sous-menu {item.nom}</span> : item.nom}
                    <ChevronDown
                      aria-hidden="true"
                      className={`size-4 transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`}
                    />
                  </button>
                  <MenuPopup
                    id={popupId}
                    item={item}
                    open={isOpen}
                    toLeft={opensToLeft(index)}
                    onGuardedNavigate={onGuardedNavigate}
                    onNavigate={close}
                  />
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
