import { useSyncExternalStore } from 'react';

/**
 * Requests that never raise the global loading overlay (spec §9), and the FAQ's search as you
 * type and question statistics, which must not cover the page at each keystroke (decision 023).
 */
export const LOADING_IGNORED_PATHS = [
  'ajout-lignes/maj-quantite',
  'service-client/regate',
  '/api/commandes/',
  'infoconso/getinfoconso',
  'version.json',
  '/api/Faq/faq_rechercher/',
  '/api/Faq/statistiques',
] as const;

/** Requests whose failure does not lower the counter (spec §9; the FAQ's never raised it). */
export const NO_DECREMENT_ON_ERROR_PATHS = ['maj-quantite', 'commandes', 'getinfoconso', 'version.json', '/api/Faq/faq_rechercher/', '/api/Faq/statistiques'] as const;

let count = 0;
const listeners = new Set<() => void>();

function set(next: number): void {
  // Never below zero: the spec's lists are not symmetric (service-client/regate is ignored on
  // send but lowered on error), and a negative count would hide the overlay of other requests.
  count = Math.max(0, next);
  listeners.forEach((listener) => listener());
}

const matches = (path: string, list: readonly string[]) => list.some((part) => path.includes(part));

export function isLoadingTracked(path: string): boolean {
  return !matches(path, LOADING_IGNORED_PATHS);
}

export function loadingStarted(path: string): void {
  if (isLoadingTracked(path)) set(count + 1);
}

export function loadingSucceeded(path: string): void {
  if (isLoadingTracked(path)) set(count - 1);
}

export function loadingFailed(path: string): void {
  if (!matches(path, NO_DECREMENT_ON_ERROR_PATHS)) set(count - 1);
}

export function getLoadingCount(): number {
  return count;
}

export function resetLoading(): void {
  set(0);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoadingCount(): number {
  return useSyncExternalStore(subscribe, getLoadingCount, getLoadingCount);
}
