import {
  BY_CUSTOMER_SERVICE,
  SECURITY_ACTIVITY_ACTIONS,
  SECURITY_ACTIVITY_DAYS,
  SECURITY_ACTIVITY_MAX,
  SIGN_IN_LABELS,
  auditActionLabel,
  type SecurityActivityEntry,
  type SignInMethod,
} from '@ecare/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceCore } from '../../core/core.ts';
import { addressNetwork } from '../../lib/network.ts';
import type { SignIn } from '../auth/index.ts';
import { describeDevice } from './device.ts';
import type { SecurityActivityRepository } from './security-activity.repository.ts';
import { placeOf } from './user-sessions.service.ts';

const DAY_MS = 24 * 3_600_000;

/** The sign-in's method by its grant (POST /api/token); a grant not known here is a sign-in all the same. */
const METHOD_OF_GRANT: Record<string, SignInMethod> = {
  password: 'code',
  mfa_otp: 'totp',
  mfa_recovery_code: 'secours',
  mfa_passkey: 'passkey',
  passkey: 'passkey',
};

/** What a `CONNEXION` entry keeps of the sign-in: never the User-Agent itself nor the address. */
interface SignInDetails {
  methode: SignInMethod;
  appareil: string;
  navigateur: string;
  reseau: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export interface SecurityActivityDeps extends Pick<ServiceCore, 'audit' | 'clock'> {
  repo: SecurityActivityRepository;
  log: FastifyBaseLogger;
}

/** The user's recent sign-ins and security changes (decision 058), from the audit log. */
export function createSecurityActivityService(deps: SecurityActivityDeps) {
  const { repo, clock } = deps;

  return {
    /** Sign-in listener: every sign-in becomes a `CONNEXION` audit entry. A failure is logged; the sign-in goes on. */
    async signedIn(signIn: SignIn): Promise<void> {
      const { appareil, navigateur } = describeDevice(signIn.userAgent);
      const details: SignInDetails = { methode: METHOD_OF_GRANT[signIn.grant] ?? 'code', appareil, navigateur, reseau: signIn.reseau };
      try {
        await deps.audit.record({ userId: signIn.userId, action: 'CONNEXION', sourceAddress: signIn.sourceAddress, details: { ...details } });
      } catch (error) {
        deps.log.error({ err: error }, 'sign-in audit entry failed');
      }
    },

    /** GET /api/securite/activite: at most the last 30 events of 90 days, newest first. */
    async recent(userId: number): Promise<SecurityActivityEntry[]> {
      const since = new Date(clock.now().getTime() - SECURITY_ACTIVITY_DAYS * DAY_MS);
      const rows = await repo.recent(userId, SECURITY_ACTIVITY_ACTIONS, since, SECURITY_ACTIVITY_MAX);
      return rows.map((row) => {
        const details = (row.details ?? {}) as Record<string, unknown>;
        const date = row.at.toISOString();
        if (row.onBehalfOf !== null) {
          // An agent's action in the user's name: the agent's place is not the user's.
          return { date, evenement: `${auditActionLabel(row.action)} ${BY_CUSTOMER_SERVICE}`, appareil: null, navigateur: null, lieu: null };
        }
        if (row.action === 'CONNEXION') {
          const method = text(details.methode) as SignInMethod | null;
          return {
            date,
            evenement: (method && SIGN_IN_LABELS[method]) || SIGN_IN_LABELS.code,
            appareil: text(details.appareil),
            navigateur: text(details.navigateur),
            lieu: placeOf(text(details.reseau)),
          };
        }
        // Other entries keep the address as every audit entry does: only its network is shown.
        return { date, evenement: auditActionLabel(row.action), appareil: null, navigateur: null, lieu: placeOf(addressNetwork(row.sourceAddress)) };
      });
    },
  };
}
export type SecurityActivityService = ReturnType<typeof createSecurityActivityService>;
