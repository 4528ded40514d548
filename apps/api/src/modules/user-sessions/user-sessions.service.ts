import { LOCAL_NETWORK_LABEL, type OtherSessionsEnded, type UserSession } from '@ecare/shared';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceCore } from '../../core/core.ts';
import { fail } from '../../lib/errors.ts';
import { LOCAL_NETWORK } from '../../lib/network.ts';
import type { AuthModule, RequestActor, SignIn } from '../auth/index.ts';
import { describeDevice } from './device.ts';
import { newDeviceMail } from './user-sessions.mails.ts';
import type { UserSessionsRepository } from './user-sessions.repository.ts';

/** A device not seen for this long is new again. */
export const KNOWN_DEVICE_MS = 90 * 24 * 3_600_000;

const signInTime = parisDateTimeFormat({ dateStyle: 'long', timeStyle: 'short' });

/** The approximate place of a session: its address's network, never the address (decision 055). */
export function placeOf(reseau: string | null): string {
  if (reseau === null) return 'Lieu inconnu';
  return reseau === LOCAL_NETWORK ? LOCAL_NETWORK_LABEL : `Réseau ${reseau}`;
}

export interface UserSessionsDeps extends Pick<ServiceCore, 'audit' | 'transaction' | 'mail' | 'clock' | 'brandName' | 'publicUrl'> {
  repo: UserSessionsRepository;
  auth: Pick<AuthModule, 'forgetSessions'>;
  log: FastifyBaseLogger;
  /** Customers' idle limit: a session idle longer has ended, though nothing has written it yet. */
  idleMs: number;
}

/** The caller of a request: who, and which session the request came with. */
export interface SessionCaller {
  actor: RequestActor;
  tokenHash: string;
}

export function createUserSessionsService(deps: UserSessionsDeps) {
  const { repo, clock } = deps;

  return {
    async list(caller: SessionCaller): Promise<UserSession[]> {
      const rows = await repo.listActive(caller.actor.userId, clock.now(), deps.idleMs);
      return rows.map((row) => {
        const { appareil, navigateur } = describeDevice(row.userAgent);
        return {
          id: row.id,
          appareil,
          navigateur,
          lieu: placeOf(row.reseau),
          debut: row.createdAt.toISOString(),
          derniereActivite: row.lastSeenAt.toISOString(),
          courante: row.tokenHash === caller.tokenHash,
        };
      });
    },

    /** Ends one of the caller's sessions; another's, or one already ended, is unknown (404). */
    async end(caller: SessionCaller, id: string): Promise<void> {
      const now = clock.now();
      const ended = await deps.transaction(async (tx) => {
        const row = await repo.end(caller.actor.userId, id, now, deps.idleMs, tx);
        if (!row) throw fail('USER_SESSION_UNKNOWN');
        const { appareil, navigateur } = describeDevice(row.userAgent);
        await deps.audit.record(
          { userId: caller.actor.userId, action: 'FIN_SESSION', sourceAddress: caller.actor.sourceAddress, details: { session: id, appareil, navigateur, courante: row.tokenHash === caller.tokenHash } },
          { tx },
        );
        return row.tokenHash;
      });
      deps.auth.forgetSessions([ended]);
    },

    /** Ends every session of the caller but the one the request came with. */
    async endOthers(caller: SessionCaller): Promise<OtherSessionsEnded> {
      const now = clock.now();
      const ended = await deps.transaction(async (tx) => {
        const hashes = await repo.endOthers(caller.actor.userId, caller.tokenHash, now, deps.idleMs, tx);
        await deps.audit.record(
          { userId: caller.actor.userId, action: 'FIN_AUTRES_SESSIONS', sourceAddress: caller.actor.sourceAddress, details: { nombre: hashes.length } },
          { tx },
        );
        return hashes;
      });
      deps.auth.forgetSessions(ended);
      return { sessionsTerminees: ended.length };
    },

    /**
     * After a sign-in: the device is noted, and the user mailed when it is new to them (not seen
     * for 90 days). Their very first sign-in is not news: there is nothing to compare it with
     * (a new account, or the first sign-in since devices are noted). A failure is logged; the
     * sign-in goes on.
     */
    async signedIn(signIn: SignIn): Promise<void> {
      const device = describeDevice(signIn.userAgent);
      try {
        await deps.transaction(async (tx) => {
          const firstEver = !(await repo.hasKnownDevices(signIn.userId, tx));
          const isNew = await repo.noteDevice(signIn.userId, device.cle, signIn.at, new Date(signIn.at.getTime() - KNOWN_DEVICE_MS), tx);
          if (!isNew || firstEver) return;
          const email = await repo.email(signIn.userId, tx);
          if (!email) return;
          const content = newDeviceMail(
            deps.brandName,
            { appareil: device.appareil, navigateur: device.navigateur, lieu: placeOf(signIn.reseau), at: signInTime.format(signIn.at) },
            `${deps.publicUrl}/ecare/mon-compte/securite`,
          );
          await deps.mail.send(email, content, { tx });
        });
      } catch (error) {
        deps.log.error({ err: error }, 'new-device check after a sign-in failed');
      }
    },
  };
}
export type UserSessionsService = ReturnType<typeof createUserSessionsService>;
