import type { LineDetail, LinePage, LinePageQuery } from '@ecare/shared';
import type { Access } from '../../access/access.repository.ts';
import { errors } from '../../lib/errors.ts';
import type { LinesRepository } from './lines.repository.ts';

export function createLinesService(repo: LinesRepository, access: Access) {
  return {
    async page(userId: number, idClientBscs: number, query: LinePageQuery): Promise<LinePage> {
      await access.assertAccount(userId, idClientBscs);
      const { contrats, total } = await repo.page(idClientBscs, query);
      return { contrats, total, page: query.page, taille: query.taille };
    },

    async detail(userId: number, idContrat: number): Promise<LineDetail> {
      await access.assertContract(userId, idContrat);
      const line = await repo.detail(idContrat);
      if (!line) throw errors.forbiddenContract();
      return line;
    },
  };
}
export type LinesService = ReturnType<typeof createLinesService>;
