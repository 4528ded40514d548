import * as oidc from 'openid-client';
import { isLoopbackAddress } from '../../config/env.ts';
import { fail } from '../../lib/errors.ts';

/**
 * Gaia, the agents' OpenID Connect provider (spec §4 "Gaia entry", decision 034): authorization
 * code with PKCE through `openid-client`. The provider's metadata is discovered on first use and
 * kept; a failed discovery is tried again on the next login.
 */
export interface GaiaSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where Gaia sends the browser back: `{PUBLIC_URL}/api/gaia/retour`. */
  redirectUri: string;
}

/** What the browser must bring back to the callback (kept in a sealed httpOnly cookie). */
export interface GaiaPending {
  verifier: string;
  state: string;
  nonce: string;
}

const DISCOVERY_TIMEOUT_SECONDS = 10;

export function createGaiaClient(settings: GaiaSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;
  const issuer = new URL(settings.issuer);
  // Plain HTTP only for a provider on this machine (tests, local trials).
  const insecure = issuer.protocol === 'http:' && isLoopbackAddress(issuer.hostname);

  function config(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    /** The provider's authorization URL, and the checks the callback needs. */
    async start(): Promise<{ url: string; pending: GaiaPending }> {
      const verifier = oidc.randomPKCECodeVerifier();
      const pending: GaiaPending = { verifier, state: oidc.randomState(), nonce: oidc.randomNonce() };
      let configured: oidc.Configuration;
      try {
        configured = await config();
      } catch {
        throw fail('SSO_GAIA_FAILED');
      }
      const url = oidc.buildAuthorizationUrl(configured, {
        redirect_uri: settings.redirectUri,
        scope: 'openid profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },

    /** The subject (the agent's Gaia id) of the callback's code, once exchanged and its ID token checked. */
    async finish(query: string, pending: GaiaPending): Promise<string> {
      try {
        const callback = new URL(settings.redirectUri);
        callback.search = query;
        const tokens = await oidc.authorizationCodeGrant(await config(), callback, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const subject = tokens.claims()?.sub;
        if (!subject) throw new Error('no subject');
        return subject;
      } catch {
        throw fail('SSO_GAIA_FAILED');
      }
    },

    /** The provider's sign-out address, back to `returnTo` afterwards (null when it offers none). */
    async signOutUrl(returnTo: string): Promise<string | null> {
      try {
        const configured = await config();
        if (!configured.serverMetadata().end_session_endpoint) return null;
        return oidc.buildEndSessionUrl(configured, { client_id: settings.clientId, post_logout_redirect_uri: returnTo }).href;
      } catch {
        return null;
      }
    },
  };
}
export type GaiaClient = ReturnType<typeof createGaiaClient>;
