import type { SsoKeys } from '@ecare/shared/sso';

/**
 * The SSO state of spec §3 (`oneClic`: gaia flag and keys; module), kept for the agent login
 * page in sessionStorage under `sso` (the spec's local storage would outlive the tab). Free of zod.
 */
export interface SsoState {
  module: string | null;
  gaia: boolean;
  clesSSO: Pick<SsoKeys, 'IdSSO' | 'CodeRegate' | 'IdRh'>;
}

const KEY = 'sso';

export function saveSsoState(state: SsoState): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // No storage: the agent types their code instead.
  }
}

export function readSsoState(): SsoState | null {
  try {
    const text = sessionStorage.getItem(KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<SsoState>;
    if (typeof value.gaia !== 'boolean' || typeof value.clesSSO !== 'object' || value.clesSSO === null) return null;
    const { IdSSO = null, CodeRegate = null, IdRh = null } = value.clesSSO;
    return { module: typeof value.module === 'string' ? value.module : null, gaia: value.gaia, clesSSO: { IdSSO, CodeRegate, IdRh } };
  } catch {
    return null;
  }
}
