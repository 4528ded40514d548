import type { Audit } from '../../core/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import { renderContractPdf } from './contract-pdf.document.ts';
import type { ContractPdfRepository } from './contract-pdf.repository.ts';

export interface ContractPdfDeps {
  repo: ContractPdfRepository;
  policy: AccessPolicy;
  audit: Audit;
  clock: Clock;
  brandName: string;
}

/** Who asks, and from where (for the audit log). */
export interface Actor {
  userId: number;
  sourceAddress: string;
}

export interface ContractFile {
  filename: string;
  bytes: Uint8Array;
}

export function createContractPdfService({ repo, policy, audit, clock, brandName }: ContractPdfDeps) {
  return {
    /**
     * The line's contract as a PDF, for the line's user and its account's managers. Every
     * download is recorded: the file takes the account holder's identity and the line user's
     * name out of the portal (decision 019).
     */
    async contractPdf(actor: Actor, idContrat: number): Promise<ContractFile> {
      const { idClientBscs } = await policy.assertContract(actor.userId, idContrat);
      const record = await repo.contract(idContrat);
      if (!record) throw fail('FORBIDDEN_CONTRACT');
      const bytes = await renderContractPdf({ record, brandName, issuedAt: clock.now() });
      await audit.record({ ...actor, action: 'TELECHARGEMENT_CONTRAT', idClientBscs, idContrat });
      return { filename: `contrat-${record.numeroLigne}.pdf`, bytes };
    },
  };
}
export type ContractPdfService = ReturnType<typeof createContractPdfService>;
