import { useSyncExternalStore } from 'react';

/** Below this width a table shows as a list of cards (UI.md "Data": about 700 px). */
export const NARROW_SCREEN_QUERY = '(max-width: 699.98px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_SCREEN_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the screen is a phone's (below about 700 px), followed as the window turns or resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
