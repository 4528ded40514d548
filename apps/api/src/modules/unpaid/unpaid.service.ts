import { NO_OFFER, sirenOf, type UnpaidCheckRequest, type UnpaidCheckResponse } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import { unpaidMessage } from './unpaid.messages.ts';
import type { UnpaidRepository } from './unpaid.repository.ts';

export interface UnpaidDeps {
  repo: UnpaidRepository;
  policy: AccessPolicy;
  limits: Limits;
  clock: Clock;
}

/**
 * Checks per user: a menu click each, a few a minute at most from a person; beyond that a
 * script is probing which accounts owe money.
 */
export const UNPAID_CHECK_QUOTA = { max: 30, windowMs: 10 * 60_000 } as const;

/**
 * The unpaid-balance check (spec §4, decision 028). The journey stops when the account, or any
 * other billing account of the same company, has an overdue invoice.
 */
export function createUnpaidService({ repo, policy, limits, clock }: UnpaidDeps) {
  async function withinQuota(userId: number): Promise<void> {
    const verdict = await limits.quota(`unpaid-check:user:${userId}`, UNPAID_CHECK_QUOTA.max, UNPAID_CHECK_QUOTA.windowMs);
    if (!verdict.allowed) {
      const { retryAfterSeconds } = verdict;
      throw fail('UNPAID_CHECK_TOO_MANY', { values: { minutes: Math.ceil(retryAfterSeconds / 60) }, retryAfterSeconds });
    }
  }

  /** The plan named must be one the journey can be about (see decision 028). */
  async function assertOffer({ idClientBscs, idOffreEngagement, action }: UnpaidCheckRequest): Promise<void> {
    if (idOffreEngagement === NO_OFFER) return;
    if (!(await repo.offerExists(idOffreEngagement))) throw fail('UNPAID_OFFER_UNKNOWN');
    // A new phone or a plan change is for a line of the account: its plan is the one named.
    if (action !== 'AJL' && !(await repo.accountHasLineOn(idClientBscs, idOffreEngagement))) throw fail('UNPAID_OFFER_NOT_ON_ACCOUNT');
  }

  async function verdict(company: { companyId: number; siren: string }, idClientBscs: number, action: UnpaidCheckRequest['action']): Promise<UnpaidCheckResponse> {
    const overdue = await repo.overdueByAccount(company.companyId, parisDay(clock.now()));
    if (overdue.length === 0) return { arretParcours: false, message: '' };
    const own = overdue.find((row) => row.idClientBscs === idClientBscs);
    const others = overdue.filter((row) => row.idClientBscs !== idClientBscs);
    const message = unpaidMessage(action, {
      siren: company.siren,
      account: { factures: own?.factures ?? 0, centimes: own?.centimes ?? 0 },
      others: {
        comptes: others.length,
        factures: others.reduce((sum, row) => sum + row.factures, 0),
        centimes: others.reduce((sum, row) => sum + row.centimes, 0),
      },
    });
    return { arretParcours: true, message };
  }

  return {
    async check(userId: number, request: UnpaidCheckRequest): Promise<UnpaidCheckResponse> {
      await withinQuota(userId);
      await policy.assertAccount(userId, request.idClientBscs);
      const company = await repo.accountCompany(request.idClientBscs);
      if (!company) throw fail('FORBIDDEN_ACCOUNT');
      // The company is the database's; a different one named by the browser is a mistake or a probe.
      if (request.sirenSiret !== '' && sirenOf(request.sirenSiret) !== company.siren) throw fail('UNPAID_SIREN_MISMATCH');
      await assertOffer(request);

      return verdict(company, request.idClientBscs, request.action);
    },

    /**
     * The same answer for a journey's server side, before it commits anything (decision 028):
     * no quota and no access check (the caller has checked access to the account).
     */
    async verdictFor(idClientBscs: number, action: UnpaidCheckRequest['action']): Promise<UnpaidCheckResponse> {
      const company = await repo.accountCompany(idClientBscs);
      if (!company) throw fail('FORBIDDEN_ACCOUNT');
      return verdict(company, idClientBscs, action);
    },
  };
}
export type UnpaidService = ReturnType<typeof createUnpaidService>;
