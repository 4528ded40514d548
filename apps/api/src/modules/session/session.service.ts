import type { SessionData } from '@ecare/shared';
import type { Access } from '../../access/access.repository.ts';
import { errors } from '../../lib/errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { LinesRepository } from '../lines/lines.repository.ts';

/** Confirms, after a reload, the billing account and line the browser had chosen. */
export function createSessionService(deps: {
  access: Access;
  auth: AuthService;
  accounts: AccountsService;
  lines: LinesRepository;
}) {
  return {
    async load(user: AuthUser, idClientBscs: number, idContrat: number): Promise<SessionData> {
      const account = await deps.accounts.get(user.id, idClientBscs);
      let line = null;
      if (idContrat > 0) {
        const owner = await deps.access.assertContract(user.id, idContrat);
        if (owner.idClientBscs !== idClientBscs) throw errors.forbiddenContract();
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
