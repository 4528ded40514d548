import type { LineDetail, LinePage, LinePageQuery } from '@ecare/shared';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import { fail } from '../../lib/errors.ts';
import type { LinesRepository } from './lines.repository.ts';

export function createLinesService(repo: LinesRepository, policy: AccessPolicy) {
  return {
    async page(userId: number, idClientBscs: number, query: LinePageQuery): Promise<LinePage> {
      await policy.assertAccount(userId, idClientBscs);
      const { contrats, total } = await repo.page(idClientBscs, query);
      return { contrats, total, page: query.page, taille: query.taille };
    },

    async detail(userId: number, idContrat: number): Promise<LineDetail> {
      await policy.assertContract(userId, idContrat);
      const line = await repo.detail(idContrat);
      if (!line) throw fail('FORBIDDEN_CONTRACT');
      return line;
    },
  };
}
export type LinesService = ReturnType<typeof createLinesService>;
