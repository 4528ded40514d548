import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  MFA_TOKEN_TTL_MS,
  PASSKEY_CHALLENGE_TTL_MS,
  billingAccountListSchema,
  currentUserSchema,
  mfaRequiredSchema,
  okResponseSchema,
  passkeyAuthenticationOptionsSchema,
  passkeyCreatedSchema,
  passkeyListSchema,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  recoveryCodesSchema,
  securityOverviewSchema,
  tokenResponseSchema,
  type PasskeyAuthenticationOptions,
  type PasskeyRegistrationOptions,
} from '@ecare/shared';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { createBillingAccount, createUser } from '../../db/seed/factories.ts';
import { auditLog, billingAccounts, passkeys, recoveryCodes, sessions } from '../../db/schema.ts';
import { bodyOf, createTestContext, expectError, passwordGrant, openApiDocumentSchema, tokenErrorOf, type TestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { stepAt, totpCodeAt } from './totp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The relying party of the test configuration (PUBLIC_URL https://espace-client.test). */
const RP_ID = 'espace-client.test';
const ORIGIN = 'https://espace-client.test';

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const uint32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software authenticator: one ES256 (P-256) credential, attestation `none`, as a platform
 * authenticator with user verification answers. `overrides` forge what a wrong party would send.
 */
class SoftAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(32));
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    );
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(), as RegistrationResponseJSON. */
  register(options: PasskeyRegistrationOptions, overrides: { origin?: string; rpId?: string; flags?: number } = {}) {
    const idLength = new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 0xff]);
    const authData = concat(
      sha256(overrides.rpId ?? options.rp.id ?? RP_ID),
      new Uint8Array([overrides.flags ?? UP | UV | AT]),
      uint32(this.counter),
      new Uint8Array(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey(),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, overrides.origin ?? ORIGIN)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(), as AuthenticationResponseJSON; the counter moves on unless told. */
  assert(options: PasskeyAuthenticationOptions, overrides: { origin?: string; counter?: number; flags?: number; tamper?: boolean } = {}) {
    if (overrides.counter === undefined) this.counter += 1;
    const authData = concat(sha256(RP_ID), new Uint8Array([overrides.flags ?? UP | UV]), uint32(overrides.counter ?? this.counter));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin ?? ORIGIN);
    const signature = new Uint8Array(sign('sha256', concat(authData, sha256(clientDataJSON)), this.privateKey));
    if (overrides.tamper) signature.set([(signature.at(-1) ?? 0) ^ 0xff], signature.length - 1);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature) },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}

let people = 0;

/** A new customer of their own, so that each test's factors and counters are its own. */
async function newUser() {
  people += 1;
  const email = `cle${people}@passkeys.test`;
  const password = 'Cle#Acces2026';
  const user = await createUser(t.db, { email, password, gestionnaire: true });
  const token = await t.login(email, password);
  return { id: user.id, email, password, token };
}
type Person = Awaited<ReturnType<typeof newUser>>;

const patch = (url: string, token: string, json: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url,
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${token}` },
    payload: json as object,
  });

async function registrationOptions(token: string) {
  const response = await t.send('POST', '/api/securite/passkeys/options', { token });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return bodyOf(response, passkeyRegistrationOptionsSchema);
}

const registerWith = (token: string, nom: string, attestation: unknown) => t.send('POST', '/api/securite/passkeys', { token, json: { nom, attestation } });

/** A user with a registered passkey (their first factor) and its authenticator. */
async function withPasskey(person?: Person, nom = 'Téléphone pro') {
  const user = person ?? (await newUser());
  const authenticator = new SoftAuthenticator();
  const response = await registerWith(user.token, nom, authenticator.register(await registrationOptions(user.token)));
  expect(response.statusCode, response.body).toBe(201);
  return { ...user, authenticator, created: bodyOf(response, passkeyCreatedSchema) };
}

async function firstStep(user: Person, ip?: string) {
  const response = await t.send('POST', '/api/token', { form: await passwordGrant(user.email, user.password), ip });
  expect(response.statusCode, response.body).toBe(403);
  return bodyOf(response, mfaRequiredSchema);
}

async function signInOptions(mfaToken?: string, ip?: string) {
  const response = await t.send('POST', '/api/token/passkey/options', { form: mfaToken ? { mfa_token: mfaToken } : {}, ip });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, passkeyAuthenticationOptionsSchema);
}

const withPasskeyAssertion = (mfaToken: string, assertion: unknown, ip?: string) =>
  t.send('POST', '/api/token', { form: { grant_type: 'mfa_passkey', mfa_token: mfaToken, assertion: JSON.stringify(assertion) }, ip });
const withPasskeyAlone = (assertion: unknown, ip?: string) =>
  t.send('POST', '/api/token', { form: { grant_type: 'passkey', assertion: JSON.stringify(assertion) }, ip });

async function expectSignedIn(response: Awaited<ReturnType<typeof t.send>>, user: Person) {
  expect(response.statusCode, response.body).toBe(200);
  const { access_token } = bodyOf(response, tokenResponseSchema);
  const me = bodyOf(await t.get('/api/current_user', access_token), currentUserSchema);
  expect(me.email).toBe(user.email);
}

function expectRefusal(response: Awaited<ReturnType<typeof t.send>>, code: 'MFA_TOKEN_INVALID' | 'MFA_PASSKEY_INVALID' | 'PASSKEY_SIGN_IN_INVALID') {
  expect(response.statusCode, response.body).toBe(400);
  expect(tokenErrorOf(response)).toEqual({ error: 'invalid_grant', error_description: API_ERRORS[code].message });
}

const auditOf = (userId: number, action: string) => t.db.select().from(auditLog).where(and(eq(auditLog.userId, userId), eq(auditLog.action, action)));
const overviewOf = async (token: string) => bodyOf(await t.get('/api/securite', token), securityOverviewSchema);

describe('registration of a passkey', () => {
  it('gives options for a discoverable credential with user verification, excluding the user’s own', async () => {
    const user = await withPasskey();
    const options = await registrationOptions(user.token);
    expect(options.rp).toEqual({ name: 'Telora Pro', id: RP_ID });
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.excludeCredentials?.map((credential) => credential.id)).toEqual([user.authenticator.id]);
    expect(options.attestation).toBe('none');
  });

  it('registers it, audited and mailed; the first factor brings ten recovery codes, shown once', async () => {
    const user = await newUser();
    const { created, authenticator } = await withPasskey(user, '  Téléphone de Claire  ');
    expect(created).toEqual({
      id: expect.any(String),
      nom: 'Téléphone de Claire',
      creeLe: expect.any(String),
      derniereUtilisation: null,
      codesDeSecours: expect.any(Array),
    });
    expect(new Set(created.codesDeSecours).size).toBe(10);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row?.credentialId).toBe(authenticator.id);
    expect(row?.transports).toBe('internal');
    expect(await auditOf(user.id, 'AJOUT_PASSKEY')).toHaveLength(1);
    const [mail] = await t.outbox();
    expect(mail?.recipient).toBe(user.email);
    expect(mail?.subject).toContain('Clé d’accès ajoutée');
    expect(await overviewOf(user.token)).toEqual({ totp: { actif: false, depuis: null }, codesDeSecoursRestants: 10, passkeys: 1, obligatoire: false });

    // A second passkey brings no codes; the same authenticator cannot register twice.
    const second = new SoftAuthenticator();
    const response = await registerWith(user.token, 'Clé USB', second.register(await registrationOptions(user.token)));
    expect(response.statusCode, response.body).toBe(201);
    expect(bodyOf(response, passkeyCreatedSchema).codesDeSecours).toBeUndefined();
    expectError(await registerWith(user.token, 'Encore', authenticator.register(await registrationOptions(user.token))), 409, 'PASSKEY_ALREADY_REGISTERED');
    expect((await overviewOf(user.token)).passkeys).toBe(2);
  });

  it('refuses a wrong origin, a wrong RP ID, and an authenticator without user verification', async () => {
    const user = await newUser();
    const authenticator = new SoftAuthenticator();
    expectError(
      await registerWith(user.token, 'Pirate', authenticator.register(await registrationOptions(user.token), { origin: 'https://espace-client.test.evil.example' })),
      400,
      'PASSKEY_REGISTRATION_INVALID',
    );
    expectError(await registerWith(user.token, 'Pirate', authenticator.register(await registrationOptions(user.token), { rpId: 'evil.example' })), 400, 'PASSKEY_REGISTRATION_INVALID');
    expectError(await registerWith(user.token, 'Sans vérification', authenticator.register(await registrationOptions(user.token), { flags: UP | AT })), 400, 'PASSKEY_REGISTRATION_INVALID');
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
  });

  it('uses a challenge once, within 5 minutes, for the user it was given to', async () => {
    const user = await newUser();
    const other = await newUser();
    const options = await registrationOptions(user.token);
    // Another user's challenge.
    expectError(await registerWith(other.token, 'Volée', new SoftAuthenticator().register(options)), 400, 'PASSKEY_CHALLENGE_INVALID');
    // An unknown one.
    expectError(await registerWith(user.token, 'Inventée', new SoftAuthenticator().register({ ...options, challenge: b64(randomBytes(32)) })), 400, 'PASSKEY_CHALLENGE_INVALID');
    // Used once, then refused.
    const attestation = new SoftAuthenticator().register(options);
    expect((await registerWith(user.token, 'Première', attestation)).statusCode).toBe(201);
    expectError(await registerWith(user.token, 'Rejouée', new SoftAuthenticator().register(options)), 400, 'PASSKEY_CHALLENGE_INVALID');
    // Expired.
    const late = await registrationOptions(user.token);
    t.clock.advance(PASSKEY_CHALLENGE_TTL_MS);
    expectError(await registerWith(user.token, 'Trop tard', new SoftAuthenticator().register(late)), 400, 'PASSKEY_CHALLENGE_INVALID');
  });

  it('checks the name: trimmed, 1 to 60 characters, no control character', async () => {
    const user = await newUser();
    const attestation = new SoftAuthenticator().register(await registrationOptions(user.token));
    for (const [nom, code] of [
      ['   ', 'PASSKEY_NAME_INVALID'],
      ['x'.repeat(61), 'PASSKEY_NAME_TOO_LONG'],
      ['Clé\u0085', 'PASSKEY_NAME_CONTROL'],
    ] as const) {
      const response = await registerWith(user.token, nom, attestation);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(API_ERRORS[code].message);
    }
  });

  it('is the customer’s own: an agent in their account may not touch it; a session is needed', async () => {
    const manager = await t.loginAs('gestionnaire');
    const [account] = bodyOf(await t.get('/api/comptes_facturation', manager), billingAccountListSchema);
    const motif = 'Le client demande de l’aide pour ses clés d’accès';
    const customer = await agentCustomerSession(t, DEMO_AGENTS.distance, { idClientBscs: account?.idClientBscs ?? 0, email: DEMO_USERS.gestionnaire.email, motif });
    expectError(await t.send('POST', '/api/securite/passkeys/options', { token: customer }), 403, 'AGENT_FORBIDDEN');
    expectError(await t.get('/api/securite/passkeys', customer), 403, 'AGENT_FORBIDDEN');
    expectError(await t.send('DELETE', '/api/securite/passkeys/00000000-0000-4000-8000-000000000000', { token: customer }), 403, 'AGENT_FORBIDDEN');
    expectError(await t.send('POST', '/api/securite/passkeys/options'), 401, 'UNAUTHENTICATED');
    expectError(await t.get('/api/securite/passkeys'), 401, 'UNAUTHENTICATED');
  });
});

describe('the user’s passkeys', () => {
  it('lists, renames and removes them, each the caller’s own (another user’s: 404, as an unknown one)', async () => {
    const user = await withPasskey();
    const stranger = await newUser();
    const list = bodyOf(await t.get('/api/securite/passkeys', user.token), passkeyListSchema);
    expect(list).toEqual([{ id: user.created.id, nom: 'Téléphone pro', creeLe: user.created.creeLe, derniereUtilisation: null }]);
    expect(bodyOf(await t.get('/api/securite/passkeys', stranger.token), passkeyListSchema)).toEqual([]);

    const url = `/api/securite/passkeys/${user.created.id}`;
    expectError(await patch(url, stranger.token, { nom: 'À moi' }), 404, 'PASSKEY_UNKNOWN');
    expectError(await t.send('DELETE', url, { token: stranger.token }), 404, 'PASSKEY_UNKNOWN');
    expectError(await patch('/api/securite/passkeys/00000000-0000-4000-8000-000000000000', user.token, { nom: 'X' }), 404, 'PASSKEY_UNKNOWN');
    expectError(await t.send('DELETE', '/api/securite/passkeys/pas-un-identifiant', { token: user.token }), 404, 'PASSKEY_UNKNOWN');

    const renamed = await patch(url, user.token, { nom: ' Ordinateur du bureau ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(bodyOf(renamed, passkeySchema).nom).toBe('Ordinateur du bureau');
    expect((await patch(url, user.token, { nom: '' })).statusCode).toBe(400);

    const removed = await t.send('DELETE', url, { token: user.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(bodyOf(removed, okResponseSchema)).toEqual({ ok: true });
    expect(await auditOf(user.id, 'SUPPRESSION_PASSKEY')).toHaveLength(1);
    const [mail] = await t.outbox();
    expect(mail?.subject).toContain('Clé d’accès retirée');
    // The last factor: the recovery codes went with it, and the code alone signs in again.
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect(await overviewOf(user.token)).toEqual({ totp: { actif: false, depuis: null }, codesDeSecoursRestants: 0, passkeys: 0, obligatoire: false });
    expect((await t.send('POST', '/api/token', { form: await passwordGrant(user.email, user.password) })).statusCode).toBe(200);
    expectError(await t.send('DELETE', url, { token: user.token }), 404, 'PASSKEY_UNKNOWN');
  });

  it('keeps the recovery codes while another factor remains, either way', async () => {
    const user = await withPasskey();
    const codesLeft = async () => (await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).length;
    // An authenticator app as well: its confirmation gives codes of its own (a new set).
    const enrolment = await t.send('POST', '/api/securite/totp/inscription', { token: user.token });
    const { secret } = enrolment.json<{ secret: string }>();
    const confirmed = await t.send('POST', '/api/securite/totp/confirmation', { token: user.token, json: { code: totpCodeAt(secret, stepAt(t.clock.now())) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    bodyOf(confirmed, recoveryCodesSchema);
    // Removing the passkey: the app remains, the codes stay.
    expect((await t.send('DELETE', `/api/securite/passkeys/${user.created.id}`, { token: user.token })).statusCode).toBe(200);
    expect(await codesLeft()).toBe(10);
    // A passkey again, then the app removed: the codes stay while the passkey remains.
    const again = await withPasskey(user, 'Deuxième');
    expect(again.created.codesDeSecours).toBeUndefined();
    t.clock.advance(30_000);
    const removed = await t.send('DELETE', '/api/securite/totp', { token: user.token, json: { code: totpCodeAt(secret, stepAt(t.clock.now())) } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await codesLeft()).toBe(10);
    expect((await overviewOf(user.token)).codesDeSecoursRestants).toBe(10);
  });
});

describe('a passkey as the second step of a sign-in', () => {
  it('is announced after the right code, and signs in with the right assertion; counter and last use recorded', async () => {
    const user = await withPasskey();
    const before = (await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    const challenge = await firstStep(user);
    expect(challenge.methodes).toEqual(['passkey', 'secours']);
    const options = await signInOptions(challenge.mfa_token);
    expect(options.rpId).toBe(RP_ID);
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([user.authenticator.id]);
    await expectSignedIn(await withPasskeyAssertion(challenge.mfa_token, user.authenticator.assert(options)), user);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(before + 1);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row?.counter).toBe(1);
    expect(row?.derniereUtilisation).not.toBeNull();
    const [listed] = bodyOf(await t.get('/api/securite/passkeys', user.token), passkeyListSchema);
    expect(listed?.derniereUtilisation).not.toBeNull();
    // The mfa_token is used up.
    expectRefusal(await withPasskeyAssertion(challenge.mfa_token, user.authenticator.assert(options)), 'MFA_TOKEN_INVALID');
    expectError(await t.send('POST', '/api/token/passkey/options', { form: { mfa_token: challenge.mfa_token } }), 400, 'MFA_TOKEN_INVALID');
  });

  it('refuses a wrong, replayed or foreign assertion, each counted with the second step’s limits', async () => {
    const user = await withPasskey();
    const other = await withPasskey();
    const attacker = '203.0.113.9';
    const { mfa_token: token } = await firstStep(user, attacker);
    const options = await signInOptions(token);
    // A bad signature; then the same challenge again (used once).
    expectRefusal(await withPasskeyAssertion(token, user.authenticator.assert(options, { tamper: true }), attacker), 'MFA_PASSKEY_INVALID');
    expectRefusal(await withPasskeyAssertion(token, user.authenticator.assert(options), attacker), 'MFA_PASSKEY_INVALID');
    // Another user's passkey, on this step's challenge.
    expectRefusal(await withPasskeyAssertion(token, other.authenticator.assert(await signInOptions(token)), attacker), 'MFA_PASSKEY_INVALID');
    // A wrong origin; not JSON at all.
    expectRefusal(await withPasskeyAssertion(token, user.authenticator.assert(await signInOptions(token), { origin: 'https://evil.example' }), attacker), 'MFA_PASSKEY_INVALID');
    expectRefusal(await withPasskeyAssertion(token, 'pas une assertion', attacker), 'MFA_PASSKEY_INVALID');
    // Five wrong answers from one source: it waits; the token has borne its failures.
    // (No new options for this token either: it is void.)
    expectError(await t.send('POST', '/api/token/passkey/options', { form: { mfa_token: token } }), 400, 'MFA_TOKEN_INVALID');
    const waiting = await withPasskeyAssertion(token, user.authenticator.assert(options), attacker);
    expect(waiting.statusCode).toBe(429);
    expect(tokenErrorOf(waiting).error).toBe('slow_down');
    t.clock.advance(31_000);
    expectError(await t.send('POST', '/api/token/passkey/options', { form: { mfa_token: token } }), 400, 'MFA_TOKEN_INVALID');
    // The owner, elsewhere, signs in.
    const owner = '192.0.2.45';
    const fresh = await firstStep(user, owner);
    await expectSignedIn(await withPasskeyAssertion(fresh.mfa_token, user.authenticator.assert(await signInOptions(fresh.mfa_token, owner)), owner), user);
  });

  it('refuses an assertion with a counter gone back (a cloned authenticator) and one on another step’s challenge', async () => {
    const user = await withPasskey();
    const first = await firstStep(user);
    await expectSignedIn(await withPasskeyAssertion(first.mfa_token, user.authenticator.assert(await signInOptions(first.mfa_token))), user);
    const second = await firstStep(user);
    expectRefusal(await withPasskeyAssertion(second.mfa_token, user.authenticator.assert(await signInOptions(second.mfa_token), { counter: 1 })), 'MFA_PASSKEY_INVALID');
    // A challenge of another second step (or of a sign-in alone) does not answer this one.
    const third = await firstStep(user);
    expectRefusal(await withPasskeyAssertion(third.mfa_token, user.authenticator.assert(await signInOptions(second.mfa_token))), 'MFA_PASSKEY_INVALID');
    expectRefusal(await withPasskeyAssertion(third.mfa_token, user.authenticator.assert(await signInOptions())), 'MFA_PASSKEY_INVALID');
    await expectSignedIn(await withPasskeyAssertion(third.mfa_token, user.authenticator.assert(await signInOptions(third.mfa_token))), user);
  });

  it('refuses an expired or unknown mfa_token', async () => {
    const user = await withPasskey();
    const { mfa_token: token } = await firstStep(user);
    const options = await signInOptions(token);
    t.clock.advance(MFA_TOKEN_TTL_MS);
    expectRefusal(await withPasskeyAssertion(token, user.authenticator.assert(options)), 'MFA_TOKEN_INVALID');
    expectError(await t.send('POST', '/api/token/passkey/options', { form: { mfa_token: token } }), 400, 'MFA_TOKEN_INVALID');
    expectRefusal(await withPasskeyAssertion('A'.repeat(43), user.authenticator.assert(options)), 'MFA_TOKEN_INVALID');
  });
});

describe('a sign-in with a passkey alone', () => {
  it('signs the passkey’s user in without the code, with a challenge used once', async () => {
    const user = await withPasskey();
    const options = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const assertion = user.authenticator.assert(options);
    await expectSignedIn(await withPasskeyAlone(assertion), user);
    // The same assertion again: the challenge was used.
    expectRefusal(await withPasskeyAlone(assertion), 'PASSKEY_SIGN_IN_INVALID');
    // JSON too, as the options route takes it.
    const json = await t.app.inject({ method: 'POST', url: '/api/token/passkey/options', cookies: { 'XSRF-TOKEN': 'x' }, headers: { 'x-xsrf-token': 'x' }, payload: {} });
    expect(json.statusCode, json.body).toBe(200);
    await expectSignedIn(await withPasskeyAlone(user.authenticator.assert(bodyOf(json, passkeyAuthenticationOptionsSchema))), user);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row?.counter).toBe(user.authenticator.counter);
  });

  it('refuses an unknown passkey, no user verification, a challenge of a second step, and counts failures per source', async () => {
    const user = await withPasskey();
    const source = '203.0.113.50';
    expectRefusal(await withPasskeyAlone(new SoftAuthenticator().assert(await signInOptions(undefined, source)), source), 'PASSKEY_SIGN_IN_INVALID');
    expectRefusal(await withPasskeyAlone(user.authenticator.assert(await signInOptions(undefined, source), { flags: UP }), source), 'PASSKEY_SIGN_IN_INVALID');
    const { mfa_token: token } = await firstStep(user);
    expectRefusal(await withPasskeyAlone(user.authenticator.assert(await signInOptions(token)), source), 'PASSKEY_SIGN_IN_INVALID');
    expectRefusal(await withPasskeyAlone('{}', source), 'PASSKEY_SIGN_IN_INVALID');
    expectRefusal(await withPasskeyAlone(user.authenticator.assert(await signInOptions(undefined, source), { tamper: true }), source), 'PASSKEY_SIGN_IN_INVALID');
    const waiting = await withPasskeyAlone(user.authenticator.assert(await signInOptions()), source);
    expect(waiting.statusCode).toBe(429);
    expect(tokenErrorOf(waiting).error).toBe('slow_down');
    // Another source is not slowed.
    await expectSignedIn(await withPasskeyAlone(user.authenticator.assert(await signInOptions())), user);
  });

  it('answers a malformed passkey grant with invalid_request', async () => {
    const missing = await t.send('POST', '/api/token', { form: { grant_type: 'passkey' } });
    expect(missing.statusCode).toBe(400);
    expect(tokenErrorOf(missing).error).toBe('invalid_request');
  });
});

describe('with the company policy and the customer service (decisions 057, 058)', () => {
  /** A manager of a new account, signed in, with a passkey as their only factor. */
  async function managerWithPasskey() {
    const account = await createBillingAccount(t.db);
    people += 1;
    const email = `politique${people}@passkeys.test`;
    const password = 'Cle#Acces2026';
    const user = await createUser(t.db, { email, password, gestionnaire: true, accounts: [{ idClientBscs: account.idClientBscs, isGestionnaire: true }] });
    const person = { id: user.id, email, password, token: await t.login(email, password) };
    return { idClientBscs: account.idClientBscs, ...(await withPasskey(person)) };
  }

  it('keeps the last passkey of a user whose company requires a factor, offers it at sign-in, and renews the codes of a passkey-only user', async () => {
    const user = await managerWithPasskey();
    await t.db.update(billingAccounts).set({ mfaObligatoire: true }).where(eq(billingAccounts.idClientBscs, user.idClientBscs));

    expectError(await t.send('DELETE', `/api/securite/passkeys/${user.created.id}`, { token: user.token }), 409, 'MFA_FACTOR_REQUIRED');
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);
    expect(await overviewOf(user.token)).toMatchObject({ passkeys: 1, codesDeSecoursRestants: 10, obligatoire: true });

    // A factor is there: the usual second step, not the enrolment.
    const challenge = await firstStep(user);
    expect(challenge.methodes).toEqual(['passkey', 'secours']);
    expect(challenge.inscriptionRequise).toBeUndefined();
    await expectSignedIn(await withPasskeyAssertion(challenge.mfa_token, user.authenticator.assert(await signInOptions(challenge.mfa_token))), user);

    const renewed = await t.send('POST', '/api/securite/codes-secours', { token: user.token });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(bodyOf(renewed, recoveryCodesSchema).codesDeSecours).toHaveLength(10);
  });

  it('goes with the other factors when the customer service resets the user', async () => {
    const user = await managerWithPasskey();
    const agent = await agentCustomerSession(t, DEMO_AGENTS.distance, { idClientBscs: user.idClientBscs, email: user.email, motif: 'Clé d’accès perdue' });
    const reset = await t.send('POST', `/api/clients/${user.idClientBscs}/utilisateurs/${user.id}/reinitialisation-mfa`, {
      token: agent,
      json: { motif: 'Téléphone perdu, identité vérifiée par rappel' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
    // Their passkey no longer signs them in.
    expectRefusal(await withPasskeyAlone(user.authenticator.assert(await signInOptions())), 'PASSKEY_SIGN_IN_INVALID');
  });
});

describe('the contract', () => {
  it('is in the OpenAPI document', async () => {
    const document = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/securite/passkeys', '/api/securite/passkeys/options', '/api/securite/passkeys/{id}', '/api/token/passkey/options']),
    );
  });
});
