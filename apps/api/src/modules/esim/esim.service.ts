import { lpaActivationCode, type EsimLinkSent, type EsimResponse } from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import type { Transact } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import type { MailService } from '../../platform/mail/index.ts';
import type { EsimLinkCodec } from './esim-link.ts';
import { esimQrCode } from './esim-qr.ts';
import { esimLinkMail } from './esim.mails.ts';
import type { EsimLineRow, EsimRepository } from './esim.repository.ts';
import type { Actor } from '../../core/actor.ts';

export interface EsimDeps {
  repo: EsimRepository;
  policy: AccessPolicy;
  audit: Audit;
  transaction: Transact;
  mail: MailService;
  clock: Clock;
  limits: Limits;
  codec: EsimLinkCodec;
  linkValidityMs: number;
  brandName: string;
  publicUrl: string;
}

const HOUR = 3_600_000;

/**
 * How often an installation link may be e-mailed: a few times per line (a mistyped address, a
 * lost mail), and enough per manager to hand out a fleet's eSIMs in an hour, but no mail cannon.
 */
export const ESIM_SEND_QUOTAS = {
  perLine: { max: 5, windowMs: HOUR },
  perUser: { max: 50, windowMs: HOUR },
} as const;

/** A French mobile number in the stored national form: what the page may show as the line's number. */
const isMobileNumber = (numero: string) => /^0[67]\d{8}$/.test(numero);

interface UsableProfile extends EsimLineRow {
  codeActivation: string;
  adresseSmdp: string;
}

/** The line's eSIM profile, or why there is none to install. */
function usableProfile(line: EsimLineRow | undefined): UsableProfile {
  if (!line) throw fail('FORBIDDEN_CONTRACT');
  if (line.codeStatut === 'RESILIE') throw fail('LINE_TERMINATED');
  if (line.typeSim !== 'ESIM') throw fail('ESIM_NOT_ESIM_LINE');
  const { codeActivation, adresseSmdp } = line;
  if (!codeActivation || !adresseSmdp) throw fail('ESIM_PROFILE_UNAVAILABLE');
  return { ...line, codeActivation, adresseSmdp };
}

async function toResponse(profile: UsableProfile): Promise<EsimResponse> {
  return {
    numGsm: profile.numeroLigne,
    numGsmValide: isMobileNumber(profile.numeroLigne),
    libelleOffreEngagement: profile.libelleOffre,
    numContrat: profile.idContrat,
    qrCode: await esimQrCode(lpaActivationCode(profile.adresseSmdp, profile.codeActivation)),
    codeActivation: profile.codeActivation,
    urlSMDP: profile.adresseSmdp,
    messageErreur: null,
  };
}

export function createEsimService(deps: EsimDeps) {
  const { repo, policy, audit, limits } = deps;

  async function withinQuota(userId: number, idContrat: number): Promise<void> {
    for (const [key, quota] of [
      [`esim-mail:line:${idContrat}`, ESIM_SEND_QUOTAS.perLine],
      [`esim-mail:user:${userId}`, ESIM_SEND_QUOTAS.perUser],
    ] as const) {
      const verdict = await limits.quota(key, quota.max, quota.windowMs);
      if (!verdict.allowed) {
        const { retryAfterSeconds } = verdict;
        throw fail('ESIM_SEND_LIMIT', { values: { minutes: Math.ceil(retryAfterSeconds / 60) }, retryAfterSeconds });
      }
    }
  }

  return {
    /**
     * The eSIM of a line the caller reaches (a manager, or the line's own user): the page's
     * data, QR code included. Every read is recorded: the profile installs the line on a phone.
     */
    async consult(actor: Actor, idContrat: number): Promise<EsimResponse> {
      const access = await policy.contractAccess(actor.userId, idContrat);
      const response = await toResponse(usableProfile(await repo.line(idContrat)));
      await audit.record({ ...actor, action: 'LECTURE_ESIM', idClientBscs: access.idClientBscs, idContrat });
      return response;
    },

    /**
     * The eSIM an e-mailed link names, for whoever holds the link. It works while it has not
     * expired, while its sender may still hand the line's SIM out and while the line still has
     * that eSIM; otherwise it leads nowhere, and says so without telling why. Every opening is
     * recorded under the link's sender.
     */
    async consultLink(cipher: string, sourceAddress: string): Promise<EsimResponse> {
      const opened = deps.codec.open(cipher, deps.clock.now());
      if (opened.status === 'invalid') throw fail('ESIM_LINK_INVALID');
      if (opened.status === 'expired') throw fail('ESIM_LINK_EXPIRED');
      const { idContrat, senderId } = opened.claims;
      let idClientBscs: number;
      let profile: UsableProfile;
      try {
        ({ idClientBscs } = await policy.assertLineAction(senderId, idContrat, 'ACTIVATION_SIM'));
        profile = usableProfile(await repo.line(idContrat));
      } catch (error) {
        if (error instanceof AppError) throw fail('ESIM_LINK_INVALID');
        throw error;
      }
      const response = await toResponse(profile);
      await audit.record({ userId: senderId, sourceAddress, action: 'OUVERTURE_LIEN_ESIM', idClientBscs, idContrat });
      return response;
    },

    /**
     * E-mails a link to the line's eSIM page. Handing the eSIM out is handing the line's SIM out:
     * the same right as putting a new SIM card on it (the manager's, decision 018). The mail and
     * its audit entry are written in one transaction.
     */
    async sendLink(actor: Actor & { name: string }, idContrat: number, email: string): Promise<EsimLinkSent> {
      const { idClientBscs } = await policy.assertLineAction(actor.userId, idContrat, 'ACTIVATION_SIM');
      const profile = usableProfile(await repo.line(idContrat));
      await withinQuota(actor.userId, idContrat);
      // The token keeps whole seconds: the date given back is the one it holds.
      const expiresAt = new Date(Math.floor((deps.clock.now().getTime() + deps.linkValidityMs) / 1000) * 1000);
      const cipher = deps.codec.seal({ idContrat, senderId: actor.userId, expiresAt });
      const mail = esimLinkMail(
        deps.brandName,
        { numeroLigne: profile.numeroLigne, libelleOffre: profile.libelleOffre, raisonSociale: profile.raisonSociale, sender: actor.name, expiresAt },
        `${deps.publicUrl}/ecare/identification/qrcode/${cipher}`,
      );
      await deps.transaction(async (tx) => {
        await audit.record({ userId: actor.userId, sourceAddress: actor.sourceAddress, action: 'ENVOI_LIEN_ESIM', idClientBscs, idContrat }, { tx });
        await deps.mail.send(email, mail, { tx });
      });
      return { email, expiration: expiresAt.toISOString() };
    },
  };
}
export type EsimService = ReturnType<typeof createEsimService>;
