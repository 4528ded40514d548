import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { API_KEY_MAX_DAYS, API_KEYS_MAX_ACTIVE, API_TOKEN_SECONDS, type ApiKey, type ApiKeyCreated, type ApiKeyInput, type ApiKeyScope } from '@ecare/shared';
import { addDays, parisDay, parisInstant } from '@ecare/shared/paris-time';
import type { ServiceCore } from '../../core/core.ts';
import { fail } from '../../lib/errors.ts';
import { bearerToken, hashToken } from '../../lib/tokens.ts';
import { actingAgent } from '../../policy/acting-agent.ts';
import { apiKeyMail } from './api-keys.mails.ts';
import type { ApiKeyCredentials, ApiKeyRow, ApiKeysRepository } from './api-keys.repository.ts';

/** What a request of the public API may read: one account, within the key's scopes. */
export interface ApiClient {
  idCle: string;
  idClientBscs: number;
  portees: readonly ApiKeyScope[];
}

/** Who acts on the page: the signed-in manager, or an agent in their session. */
export interface KeyActor {
  userId: number;
  sourceAddress: string;
  name: string;
}

export interface ApiKeysDeps extends Pick<ServiceCore, 'policy' | 'audit' | 'transaction' | 'mail' | 'clock' | 'brandName'> {
  repo: ApiKeysRepository;
  pageLink: string;
}

/** A key: `ecp_` and 12 hex characters (the prefix shown in lists), `_`, then 256 random bits. */
const KEY = /^(ecp_[0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;
/** A bearer token of the client credentials grant. */
const TOKEN = /^ecpat_[A-Za-z0-9_-]{43}$/;

const sameHash = (stored: string, given: string) => {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The public API's keys (decision 061): managers create them (shown once, kept as a SHA-256
 * hash), list and revoke them; an agent in a manager's session lists and revokes, never creates.
 * A key, or the hour-long token traded for it, reads its account within its scopes.
 */
export function createApiKeysService(deps: ApiKeysDeps) {
  const { repo, policy, audit, transaction, mail, clock } = deps;

  const statusOf = (row: ApiKeyRow, now: Date): ApiKey['statut'] => (row.revoqueeLe ? 'REVOQUEE' : row.expireA <= now ? 'EXPIREE' : 'ACTIVE');

  const view = (row: ApiKeyRow, now: Date): ApiKey => ({
    idCle: row.idCle,
    libelle: row.libelle,
    prefixe: row.prefixe,
    portees: row.portees as ApiKeyScope[],
    creeLe: row.creeLe.toISOString(),
    creePar: row.creePar,
    expireLe: row.expireLe,
    derniereUtilisation: row.derniereUtilisation?.toISOString() ?? null,
    revoqueeLe: row.revoqueeLe?.toISOString() ?? null,
    revoqueePar: row.revoqueePar,
    statut: statusOf(row, now),
  });

  /** The page's name for who acts: the agent and their customer service, or the manager. */
  const actorName = (actor: KeyActor) => {
    const agent = actingAgent();
    return agent ? `${agent.nomSc} (service client)` : actor.name;
  };

  const mailManagers = async (tx: Parameters<Parameters<typeof transaction>[0]>[0], idClientBscs: number, event: 'CREATION' | 'REVOCATION', row: ApiKeyRow, by: string) => {
    const content = apiKeyMail(deps.brandName, event, { libelle: row.libelle, prefixe: row.prefixe, portees: row.portees as ApiKeyScope[], expireLe: row.expireLe, by }, deps.pageLink);
    for (const email of await policy.managerEmails(idClientBscs, tx)) await mail.send(email, content, { tx });
  };

  /** The key behind credentials, when they prove it and it is neither revoked nor expired. */
  const active = (row: ApiKeyCredentials | undefined, now: Date): ApiKeyCredentials | undefined =>
    row && row.revoqueeLe === null && row.expireA > now ? row : undefined;

  return {
    async list(userId: number, idClientBscs: number): Promise<{ cles: ApiKey[] }> {
      await policy.assertAccount(userId, idClientBscs);
      const now = clock.now();
      return { cles: (await repo.list(idClientBscs)).map((row) => view(row, now)) };
    },

    async create(actor: KeyActor, idClientBscs: number, input: ApiKeyInput): Promise<ApiKeyCreated> {
      await policy.assertAccount(actor.userId, idClientBscs);
      if (actingAgent()) throw fail('API_KEY_AGENT_FORBIDDEN');
      const now = clock.now();
      const today = parisDay(now);
      if (input.expireLe <= today || input.expireLe > addDays(today, API_KEY_MAX_DAYS)) throw fail('API_KEY_EXPIRY_INVALID');
      const prefixe = `ecp_${randomBytes(6).toString('hex')}`;
      const cle = `${prefixe}_${randomBytes(32).toString('base64url')}`;
      const row: ApiKeyRow = {
        idCle: randomUUID(),
        idClientBscs,
        libelle: input.libelle,
        prefixe,
        secretHash: hashToken(cle),
        portees: input.portees,
        creeLe: now,
        creePar: actor.name,
        creeParUserId: actor.userId,
        expireLe: input.expireLe,
        expireA: parisInstant(addDays(input.expireLe, 1), 0),
        derniereUtilisation: null,
        revoqueeLe: null,
        revoqueePar: null,
      };
      await transaction(async (tx) => {
        await repo.lockAccount(tx, idClientBscs);
        if ((await repo.activeCount(tx, idClientBscs, now)) >= API_KEYS_MAX_ACTIVE) throw fail('API_KEYS_LIMIT');
        await repo.insert(tx, row);
        await audit.record(
          { userId: actor.userId, sourceAddress: actor.sourceAddress, action: 'CLE_API_CREATION', idClientBscs, details: { idCle: row.idCle, prefixe, libelle: row.libelle, portees: row.portees, expireLe: row.expireLe } },
          { tx },
        );
        await mailManagers(tx, idClientBscs, 'CREATION', row, actor.name);
      });
      return { idCle: row.idCle, prefixe, cle };
    },

    async revoke(actor: KeyActor, idClientBscs: number, idCle: string): Promise<void> {
      await policy.assertAccount(actor.userId, idClientBscs);
      await transaction(async (tx) => {
        const row = await repo.ofAccount(tx, idClientBscs, idCle);
        if (!row) throw fail('API_KEY_UNKNOWN');
        if (row.revoqueeLe) return;
        const by = actorName(actor);
        await repo.revoke(tx, idCle, clock.now(), by);
        await audit.record({ userId: actor.userId, sourceAddress: actor.sourceAddress, action: 'CLE_API_REVOCATION', idClientBscs, details: { idCle, prefixe: row.prefixe, libelle: row.libelle } }, { tx });
        await mailManagers(tx, idClientBscs, 'REVOCATION', row, by);
      });
    },

    /**
     * The client behind `Authorization: Bearer` a key or a token; API_CREDENTIALS_INVALID (401)
     * for anything else, a revoked or expired key at once. The key's last use is stored at most
     * once a minute.
     */
    async authenticate(authorization: string | undefined): Promise<ApiClient> {
      const given = bearerToken(authorization);
      const now = clock.now();
      let row: ApiKeyCredentials | undefined;
      if (given && TOKEN.test(given)) row = active(await repo.byToken(hashToken(given), now), now);
      else {
        const prefixe = given ? KEY.exec(given)?.[1] : undefined;
        const found = prefixe ? await repo.byPrefix(prefixe) : undefined;
        row = found && given && sameHash(found.secretHash, hashToken(given)) ? active(found, now) : undefined;
      }
      if (!row) throw fail('API_CREDENTIALS_INVALID');
      if (!row.derniereUtilisation || now.getTime() - row.derniereUtilisation.getTime() >= 60_000) await repo.touch(row.idCle, now);
      return { idCle: row.idCle, idClientBscs: row.idClientBscs, portees: row.portees };
    },

    /** OAuth 2 client credentials (RFC 6749 §4.4): client_id the key's id, client_secret the key; a bearer token of an hour. */
    async token(grantType: string | undefined, clientId: string | undefined, clientSecret: string | undefined) {
      if (grantType !== 'client_credentials') throw fail('API_OAUTH_GRANT_UNSUPPORTED');
      const now = clock.now();
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const found = clientId && uuid.test(clientId) && clientSecret && KEY.test(clientSecret) ? await repo.byKeyId(clientId.toLowerCase()) : undefined;
      const row = found && clientSecret && sameHash(found.secretHash, hashToken(clientSecret)) ? active(found, now) : undefined;
      if (!row) throw fail('API_OAUTH_CLIENT_INVALID');
      const token = `ecpat_${randomBytes(32).toString('base64url')}`;
      // Never beyond the key's own end.
      const expireA = new Date(Math.min(now.getTime() + API_TOKEN_SECONDS * 1000, row.expireA.getTime()));
      await repo.insertToken(hashToken(token), row.idCle, expireA);
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_in: Math.max(1, Math.floor((expireA.getTime() - now.getTime()) / 1000)),
        scope: row.portees.join(' '),
      };
    },

    forgetExpiredTokens: () => repo.forgetExpiredTokens(clock.now()),
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
