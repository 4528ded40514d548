import { isParameterOn } from '@ecare/shared/constants';
import { useCallback } from 'react';
import { fetchParameters } from '../../features/parameters/api/fetch-parameters.ts';
import { GaiaEntry } from '../../features/agents/sso/components/gaia-entry.tsx';
import { GaiaNotAllowed } from '../../features/agents/sso/components/gaia-not-allowed.tsx';
import { GaiaProfilePage } from '../../features/agents/sso/components/gaia-profile.tsx';
import { OneclicEntry } from '../../features/agents/sso/components/oneclic-entry.tsx';
import { enterCustomer } from '../session/agent-session.ts';

/** The single sign-on pages (spec §2, decision 034): outside the page frame, loaded on demand. */
/** BDP mode: the server parameter est_Bdp (spec §4 "Gaia entry"). */
async function isBdpMode(): Promise<boolean> {
  return isParameterOn((await fetchParameters()).est_Bdp);
}

export function GaiaRoute() {
  return <GaiaEntry isBdpMode={isBdpMode} />;
}
export const GaiaProfileRoute = GaiaProfilePage;
export const GaiaNotAllowedRoute = GaiaNotAllowed;

export function OneclicRoute() {
  const onCustomerToken = useCallback((token: string) => enterCustomer(token, null), []);
  return <OneclicEntry onCustomerToken={onCustomerToken} />;
}
