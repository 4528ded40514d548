import { useEffect, useRef } from 'react';

/**
 * After each navigation: smooth scroll to the top (spec §2, "slow" animation, instant when the
 * user asks for reduced motion) and focus on the main content so keyboard and screen-reader
 * users start at the new page.
 */
export function useScrollToTopOnNavigation(pathname: string, focusTargetId: string): void {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    document.getElementById(focusTargetId)?.focus({ preventScroll: true });
  }, [pathname, focusTargetId]);
}
