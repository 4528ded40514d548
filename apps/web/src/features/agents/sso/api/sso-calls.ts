import { validateScResponseSchema, type ValidateScResponse } from '@ecare/shared/agents';
import { tokenResponseSchema, type TokenResponse } from '@ecare/shared/auth';
import { okResponseSchema } from '@ecare/shared/errors';
import {
  contextResponseSchema,
  gaiaInfoSchema,
  gaiaProfileSchema,
  gaiaStateSchema,
  regateProfileSchema,
  ssoKeysSchema,
  urlResponseSchema,
  type ContextResponse,
  type ContextUpdate,
  type GaiaInfo,
  type GaiaProfile,
  type GaiaState,
  type RegateProfile,
  type SsoKeys,
} from '@ecare/shared/sso';
import { apiRequest } from '../../../../lib/api-client.ts';

/**
 * Single sign-on calls (decision 034). The SSO assertion travels in an httpOnly cookie the
 * server sets (Gaia callback, POST /api/sso/oneclic): these calls never see it.
 */
const code = (value: string) => encodeURIComponent(value);

export const fetchGaiaState = (): Promise<GaiaState> => apiRequest('/api/gaia/etat', { schema: gaiaStateSchema });
export const fetchGaiaInfo = (idSso: string): Promise<GaiaInfo> => apiRequest(`/api/gaia/info/${code(idSso)}`, { schema: gaiaInfoSchema });
export const fetchGaiaProfile = (): Promise<GaiaProfile> => apiRequest('/api/gaia/profil', { schema: gaiaProfileSchema });
export const fetchGaiaRedirect = (codeFonction: string): Promise<{ url: string }> =>
  apiRequest(`/api/gaia/redirection/${code(codeFonction)}`, { schema: urlResponseSchema });
export const signOutOfGaia = (): Promise<{ url: string }> => apiRequest('/api/gaia/deconnexion', { method: 'POST', schema: urlResponseSchema });
/** Where the browser goes to sign in at Gaia (the server redirects on). */
export const GAIA_LOGIN_URL = '/api/gaia/connexion';

/** POST /api/sso/oneclic: the URL's keys with their timestamp and signature. */
export const sendOneclicKeys = (query: Record<string, string>): Promise<SsoKeys> =>
  apiRequest('/api/sso/oneclic', { method: 'POST', json: query, schema: ssoKeysSchema });

export type SsoCodeKind = 'idsso' | 'codeacores' | 'coderegate';
const VALIDATION_PATHS: Record<SsoCodeKind, string> = {
  idsso: '/api/validate_sc_sso',
  codeacores: '/api/validate_sc_codeacores',
  coderegate: '/api/validate_sc_coderegate',
};
/** GET /api/validate_sc_sso|codeacores|coderegate/{code}: the agent and their own token. */
export const validateAgentBy = (kind: SsoCodeKind, value: string): Promise<ValidateScResponse> =>
  apiRequest(`${VALIDATION_PATHS[kind]}/${code(value)}`, { schema: validateScResponseSchema });

export const lookupRegate = (codeRegate: string): Promise<RegateProfile> =>
  apiRequest('/api/service-client/regate', { method: 'POST', json: { codeRegate }, schema: regateProfileSchema });

export const readContext = (request: { IdContexte: string; IdRh: string; UrlAppel: string }): Promise<ContextResponse> =>
  apiRequest('/api/contexte/lire', { method: 'POST', json: request, schema: contextResponseSchema });

export const updateContext = (update: ContextUpdate): Promise<unknown> =>
  apiRequest('/api/contexte/maj', { method: 'POST', json: update, schema: okResponseSchema });

/** POST /api/sso/connexion: the composite login of an SSO-authenticated agent (agent token, no code). */
export const ssoConnect = (agentToken: string, request: { username: string; motif?: string; idContexte?: string }): Promise<TokenResponse> =>
  apiRequest('/api/sso/connexion', { method: 'POST', json: request, schema: tokenResponseSchema, bearer: agentToken });
