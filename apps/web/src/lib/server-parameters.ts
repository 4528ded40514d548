import type { ServerParameters } from '@ecare/shared/parameters';
import { useSyncExternalStore } from 'react';
import { isParameterOn } from '@ecare/shared/constants';

/**
 * The last server parameters the portal read, whichever page read them. The route guard and
 * the API client's maintenance rule need them before any query cache exists, so they live
 * here, free of zod and TanStack Query. Null until the first read.
 */
let known: ServerParameters | null = null;
const listeners = new Set<() => void>();

export function rememberParameters(parameters: ServerParameters): void {
  known = parameters;
  listeners.forEach((listener) => listener());
}

export function getKnownParameters(): ServerParameters | null {
  return known;
}

/** Test helper: back to "not read yet". */
export function forgetParameters(): void {
  known = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useKnownParameters(): ServerParameters | null {
  return useSyncExternalStore(subscribe, getKnownParameters, getKnownParameters);
}

/** Route guard (spec §2): pages open while the parameters are unknown or when activer is the text True. */
export function isPortalOpen(parameters: ServerParameters | null): boolean {
  return parameters === null || parameters.activer.trim() === 'True';
}

export function isMaintenanceOn(parameters: ServerParameters | null): boolean {
  return isParameterOn(parameters?.en_maintenance);
}

/** Spec §4, §7: the captcha runs unless in BDP (pro-less) mode or hidden by hidE_CAPTCHA. */
export function isCaptchaRequired(parameters: ServerParameters): boolean {
  return !isParameterOn(parameters.est_Bdp) && !isParameterOn(parameters.hidE_CAPTCHA);
}
