/**
 * The second factor of a sign-in (decision 054): a user's authenticator app (TOTP), their
 * recovery codes and the pending second steps of sign-ins (`mfa_token`).
 */
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { agents } from './agents.ts';

/** One authenticator app per user: pending until a first code confirms it. */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, encrypted with MFA_SECRET_KEY (AES-256-GCM, bound to the user). */
  secretEncrypted: text('secret_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last time step (Unix time / 30 s) whose code was accepted: no code of it or before is taken again. */
  lastStep: integer('last_step'),
});

/** The recovery codes of a confirmed authenticator app, hashed; each is used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_uq').on(t.userId, t.codeHash)],
);

/**
 * The second step a sign-in's right code opened: its `mfa_token` (hashed), for 5 minutes, used once.
 * Its subject is a user, or an agent of a composite login (decision 057) with the customer session
 * it leads to (`contexte`); `inscription`: the subject must first enrol an authenticator app.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    contexte: jsonb('contexte').$type<{ email: string; motif: string }>(),
    inscription: boolean('inscription').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong second steps made with it: beyond MFA_TOKEN_MAX_FAILURES it is void. */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [uniqueIndex('mfa_challenges_token_uq').on(t.tokenHash), index('mfa_challenges_user_idx').on(t.userId), index('mfa_challenges_agent_idx').on(t.agentId)],
);

/** A user's passkeys (WebAuthn, decision 056): the credential's public key, its counter, the name the user gave it. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id (base64url), as the authenticator gives it back at each sign-in. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for those that keep none, such as synced passkeys). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** The transports the browser reported (`internal`, `hybrid`, `usb`…), comma-separated. */
    transports: text('transports').notNull().default(''),
    nom: text('nom').notNull(),
    creeLe: timestamp('cree_le', { withTimezone: true }).notNull(),
    derniereUtilisation: timestamp('derniere_utilisation', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_uq').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge given to a browser (decision 056), its digest stored, answered once within 5
 * minutes: a registration (its user), a second step (its user and `mfa_token`'s challenge) or a
 * sign-in with a passkey alone (no user yet).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    challengeHash: text('challenge_hash').notNull(),
    /** `inscription`, `second_facteur` or `connexion`. */
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    mfaChallengeId: integer('mfa_challenge_id').references(() => mfaChallenges.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('webauthn_challenges_hash_uq').on(t.challengeHash), index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
