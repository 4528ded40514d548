import { useLayoutEffect } from 'react';
import { useMatches } from 'react-router';
import { SITE_TITLE } from '../config/site.ts';

export interface RouteHandle {
  title: string;
  /** Spec §2 "Session-load bypass": the page frame loads no session (user, account, menu). */
  skipSession?: boolean;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

/** Title of the deepest matched route that declares one (route `handle.title`). */
export function useRouteTitle(): string | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return null;
}

/** Whether the deepest matched route asks the frame not to load the session. */
export function useSkipSession(): boolean {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle;
  return isRouteHandle(handle) && handle.skipSession === true;
}

export function useDocumentTitle(): void {
  const title = useRouteTitle();
  // Layout effect: the title changes in the same commit as the page, not a frame later.
  useLayoutEffect(() => {
    document.title = title ? `${title} – ${SITE_TITLE}` : SITE_TITLE;
  }, [title]);
}
