import { useEffect, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { BASENAME, stripBasename } from './routes.ts';

/** Whether a same-origin path belongs to the portal (under its base path). */
const isInApp = (pathname: string) => BASENAME === '' || pathname === BASENAME || pathname.startsWith(`${BASENAME}/`);

/**
 * Links inside server-supplied HTML (legal texts, FAQ answers) that lead into the portal go
 * through the router: the reader keeps the app and their place in it, with no reload. Other
 * links, and clicks with a modifier key, are left to the browser.
 */
export function useInAppLinks(container: RefObject<HTMLElement | null>): void {
  const navigate = useNavigate();
  useEffect(() => {
    const node = container.current;
    if (!node) return undefined;
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || !isInApp(url.pathname)) return;
      event.preventDefault();
      void navigate(`${stripBasename(url.pathname)}${url.search}${url.hash}`);
    };
    node.addEventListener('click', follow);
    return () => node.removeEventListener('click', follow);
  }, [container, navigate]);
}
