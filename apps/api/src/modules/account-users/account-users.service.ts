import {
  ACCOUNT_FREE_LINES_MAX,
  type AccountUser,
  type AccountUserPage,
  type AccountUsersQuery,
  type ChangeAccountUserRole,
  type FreeLines,
  type InviteAccountUser,
} from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import type { Transact, Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import type { AuthModule } from '../auth/index.ts';
import { NO_CODE_HASH, type PasswordModule } from '../password/index.ts';
import { invitationMail } from './account-users.mails.ts';
import type { AccountUsersRepository, MemberRow, TargetUser } from './account-users.repository.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { lineUserName } from '../../db/invoice-snapshot.ts';
import type { NamedActor as Actor } from '../../core/actor.ts';

export interface AccountUsersDeps {
  repo: AccountUsersRepository;
  policy: AccessPolicy;
  audit: Audit;
  transaction: Transact;
  mailFirstCodeLink: PasswordModule['mailFirstCodeLink'];
  revokeUserSessions: AuthModule['revokeUserSessions'];
  brandName: string;
}

function toAccountUser(row: MemberRow, line: { idContrat: number; numeroLigne: string } | undefined, callerId: number): AccountUser {
  return {
    id: row.id,
    prenom: row.prenom,
    nom: row.nom,
    email: row.email,
    role: row.manager ? 'gestionnaire' : 'utilisateur',
    ligne: line ?? null,
    accesActive: row.active,
    estMoi: row.id === callerId,
  };
}

/**
 * The people of a billing account, managed by its managers: invitation (a user without a code,
 * mailed the code-creation link), role, removal. An account always keeps a manager: every change
 * runs behind the account's row lock and counts its managers there (decision 021).
 */
export function createAccountUsersService(deps: AccountUsersDeps) {
  const { repo, policy, audit, transaction } = deps;

  /**
   * Locks the account and returns its managers. The caller's right was checked before the
   * transaction; it is checked again here, where it cannot change any more (another manager may
   * have removed them a moment ago).
   */
  async function lockedManagers(tx: Transaction, idClientBscs: number, callerId: number): Promise<number[]> {
    await repo.lockAccount(idClientBscs, tx);
    const managers = await repo.managers(idClientBscs, tx);
    if (!managers.includes(callerId)) throw fail('FORBIDDEN_ACCOUNT');
    return managers;
  }

  /**
   * A line of the account that `userId` may be given (free, or already theirs), locked. A line
   * that names another user (decision 020's names, no portal user) is given only when the request
   * confirms that its user is replaced: the manager is told who that is first.
   */
  async function claimLine(tx: Transaction, idClientBscs: number, idContrat: number, userId: number | null, replace: boolean) {
    const line = await repo.lockLine(idClientBscs, idContrat, tx);
    if (!line) throw fail('FORBIDDEN_CONTRACT');
    if (line.codeStatut === 'RESILIE') throw fail('LINE_TERMINATED');
    if (line.userId !== null && line.userId !== userId) throw fail('LINE_HAS_USER');
    const named = lineUserName(line.prenom, line.nom);
    if (line.userId === null && named !== null && !replace) throw fail('LINE_USER_REPLACEMENT', { values: { utilisateur: named } });
    return line;
  }

  /**
   * Rewrites the flags the portal routes a user by (spec §4: a manager gets the account's home, a
   * simple line user their own) from what they still have: a managed account makes a
   * gestionnaire, lines alone a simple line user. Mandataires, agents and administrators keep
   * theirs. `idClientBscs` stays on an account they still have, else moves to one.
   */
  async function refreshProfile(tx: Transaction, user: TargetUser): Promise<void> {
    if (user.mandataire || user.serviceClient || user.administration) return;
    const { managed, lineAccounts } = await repo.attachments(user.id, tx);
    const gestionnaire = managed.length > 0;
    const kept = user.idClientBscs !== null && (managed.includes(user.idClientBscs) || lineAccounts.includes(user.idClientBscs));
    const idClientBscs = kept ? user.idClientBscs : (managed[0] ?? lineAccounts[0] ?? null);
    await repo.setProfile(user.id, { gestionnaire, utilisateur: !gestionnaire && lineAccounts.length > 0, idClientBscs }, tx);
  }

  async function view(idClientBscs: number, userId: number, callerId: number): Promise<AccountUser> {
    const row = await repo.member(idClientBscs, userId);
    if (!row) throw fail('ACCOUNT_USER_UNKNOWN');
    const lines = await repo.firstLines(idClientBscs, [userId]);
    return toAccountUser(row, lines.get(userId), callerId);
  }

  return {
    /** A page of the account's people (a page past the last answers the last one). */
    async page(callerId: number, query: AccountUsersQuery): Promise<AccountUserPage> {
      const { idClientBscs, taille } = query;
      await policy.assertAccount(callerId, idClientBscs);
      const { total, managers } = await repo.counts(idClientBscs);
      const page = Math.min(query.page, Math.max(1, Math.ceil(total / taille)));
      const rows = await repo.page(idClientBscs, taille, (page - 1) * taille);
      const lines = await repo.firstLines(idClientBscs, rows.map((row) => row.id));
      return {
        utilisateurs: rows.map((row) => toAccountUser(row, lines.get(row.id), callerId)),
        total,
        page,
        taille,
        nbGestionnaires: managers,
      };
    },

    async freeLines(callerId: number, idClientBscs: number): Promise<FreeLines> {
      await policy.assertAccount(callerId, idClientBscs);
      return repo.freeLines(idClientBscs, ACCOUNT_FREE_LINES_MAX);
    },

    /**
     * Creates the person without a code, gives them their role (and line), and mails them the
     * link that creates their code: all in one transaction with its audit entry.
     */
    async invite(actor: Actor, request: InviteAccountUser): Promise<AccountUser> {
      const { idClientBscs, role, idContrat } = request;
      await policy.assertAccount(actor.userId, idClientBscs);
      if (role === 'utilisateur' && idContrat === undefined) throw fail('USER_LINE_REQUIRED');
      const email = request.email.toLowerCase();
      if (await repo.emailTaken(email)) throw fail('USER_EMAIL_TAKEN');
      const raisonSociale = await repo.accountName(idClientBscs);
      let userId: number;
      try {
        userId = await transaction(async (tx) => {
          await lockedManagers(tx, idClientBscs, actor.userId);
          const line = idContrat === undefined ? null : await claimLine(tx, idClientBscs, idContrat, null, request.remplacerUtilisateur === true);
          const person = { email, prenom: request.prenom, nom: request.nom };
          const id = await repo.createUser(
            { ...person, passwordHash: NO_CODE_HASH, gestionnaire: role === 'gestionnaire', utilisateur: role === 'utilisateur', idClientBscs },
            tx,
          );
          if (role === 'gestionnaire') await repo.setManager(id, idClientBscs, tx);
          if (line) await repo.assignLine(line.idContrat, { id, ...person }, tx);
          const invitation = { inviter: actor.name, raisonSociale, role, email, numeroLigne: line?.numeroLigne ?? null };
          await deps.mailFirstCodeLink({ id, email }, (link, hours) => invitationMail(deps.brandName, invitation, link, hours), { tx });
          await audit.record({ ...actor, action: 'INVITATION_UTILISATEUR', idClientBscs, idContrat: idContrat ?? null }, { tx });
          return id;
        });
      } catch (error) {
        // The address was taken between the check and the write.
        if (isUniqueViolation(error)) throw fail('USER_EMAIL_TAKEN');
        throw error;
      }
      return view(idClientBscs, userId, actor.userId);
    },

    /**
     * Makes the person a manager of the account, or a simple user of its lines (then they need a
     * line: one they have, or `idContrat`); never the last manager a simple user.
     */
    async changeRole(actor: Actor, userId: number, request: ChangeAccountUserRole): Promise<AccountUser> {
      const { idClientBscs, role, idContrat } = request;
      await policy.assertAccount(actor.userId, idClientBscs);
      await transaction(async (tx) => {
        const managers = await lockedManagers(tx, idClientBscs, actor.userId);
        const member = await repo.lockMember(idClientBscs, userId, tx);
        if (!member) throw fail('ACCOUNT_USER_UNKNOWN');
        if (role === 'utilisateur') {
          if (member.manager && managers.length <= 1) throw fail('LAST_MANAGER');
          if (member.lines.length === 0 && idContrat === undefined) throw fail('USER_LINE_REQUIRED');
        }
        if (idContrat !== undefined) await claimLine(tx, idClientBscs, idContrat, userId, request.remplacerUtilisateur === true);
        if (role === 'gestionnaire') await repo.setManager(userId, idClientBscs, tx);
        else await repo.unlink(userId, idClientBscs, tx);
        if (idContrat !== undefined) await repo.assignLine(idContrat, member.user, tx);
        await refreshProfile(tx, member.user);
        await audit.record({ ...actor, action: 'CHANGEMENT_ROLE_UTILISATEUR', idClientBscs, idContrat: idContrat ?? null }, { tx });
      });
      return view(idClientBscs, userId, actor.userId);
    },

    /**
     * Takes the person off the account: no link, no line of it. Someone attached to nothing any
     * more is deleted with their sessions (their address can be invited again); the last manager
     * stays, whoever asks.
     */
    async remove(actor: Actor, userId: number, idClientBscs: number): Promise<void> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const deleted = await transaction(async (tx) => {
        const managers = await lockedManagers(tx, idClientBscs, actor.userId);
        const member = await repo.lockMember(idClientBscs, userId, tx);
        if (!member) throw fail('ACCOUNT_USER_UNKNOWN');
        if (member.manager && managers.length <= 1) throw fail('LAST_MANAGER');
        await repo.unlink(userId, idClientBscs, tx);
        await repo.releaseLines(userId, idClientBscs, tx);
        const { user } = member;
        const left = await repo.attachments(userId, tx);
        const keep = user.mandataire || user.serviceClient || user.administration || left.links > 0 || left.lineAccounts.length > 0;
        if (keep) await refreshProfile(tx, user);
        else await repo.deleteUser(userId, tx);
        await audit.record({ ...actor, action: 'RETRAIT_UTILISATEUR', idClientBscs, idContrat: member.lines[0] ?? null }, { tx });
        return !keep;
      });
      // Their sessions went with them; the auth module drops those it holds in memory.
      if (deleted) await deps.revokeUserSessions(userId);
    },
  };
}
export type AccountUsersService = ReturnType<typeof createAccountUsersService>;
