import type { SessionData } from '@ecare/shared';
import { fail } from '../../lib/errors.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import type { AccountsModule } from '../accounts/index.ts';
import type { AuthModule, AuthUser } from '../auth/index.ts';
import type { LinesModule } from '../lines/index.ts';

/** Confirms, after a reload, the billing account and line the browser had chosen. */
export function createSessionService(deps: {
  policy: AccessPolicy;
  auth: AuthModule;
  accounts: AccountsModule;
  lines: LinesModule;
}) {
  return {
    async load(user: AuthUser, idClientBscs: number, idContrat: number): Promise<SessionData> {
      const account = await deps.accounts.get(user.id, idClientBscs);
      let line = null;
      if (idContrat > 0) {
        const owner = await deps.policy.assertContract(user.id, idContrat);
        if (owner.idClientBscs !== idClientBscs) throw fail('FORBIDDEN_CONTRACT');
        line = (await deps.lines.find(idContrat)) ?? null;
      }
      return {
        authenticated: true,
        currentUser: await deps.auth.currentUser(user),
        current_compte_facturation: account,
        current_ligne: line,
      };
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
