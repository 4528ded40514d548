import type { RouteHandle } from '../lib/use-document-title.ts';

export const title = (value: string): RouteHandle => ({ title: value });
/** Spec §2 "Session-load bypass": the frame fetches no user, account or menu for these pages. */
export const withoutSession = (value: string): RouteHandle => ({ title: value, skipSession: true });
/** Routes that only redirect still need an element, or the router warns about an empty leaf. */
export const RedirectOnly = () => null;
