import { defineModule } from '../../core/module.ts';
import { LINES_AUDIT_ACTIONS } from './lines.audit.ts';
import { createLinesRepository, type LinesRepository } from './lines.repository.ts';
import { xlsxExport } from './lines-export.ts';
import { lineExportRoutes } from './lines-export.routes.ts';
import { lineBarringsRoutes } from './line-barrings.routes.ts';
import { lineUsersRoutes } from './line-users.routes.ts';
import { linesRoutes } from './lines.routes.ts';
import { createLinesService, type LinesService } from './lines.service.ts';
export { lineUserWrite } from './lines.service.ts';

/** What other modules may use of lines. */
export interface LinesModule {
  /** A line by contract id, without any access check: callers check access first. */
  find: LinesRepository['find'];
  /** The account's whole fleet as the XLSX export makes it (every line, the export's columns), without any access check. */
  fleetWorkbook(idClientBscs: number, now: Date): AsyncIterable<Buffer>;
  /** The line user, directory listing and barring changes one line at a time (check, then apply in a transaction), for bulk actions. */
  rows: LinesService['rows'];
}

declare module 'fastify' {
  interface FastifyInstance {
    lines: LinesModule;
  }
}

/** Mobile lines (contracts) of a billing account and their export, the actions of the line page (barrings included) and the line users. */
export const linesModule = defineModule(
  'lines',
  async (app, core) => {
    const repository = createLinesRepository(core.db, core.reads);
    const service = createLinesService({
      repo: repository,
      policy: core.policy,
      audit: core.audit,
      transaction: core.transaction,
      mail: core.mail,
      clock: core.clock,
      brandName: core.config.brandName,
      publicUrl: core.config.publicUrl,
      webhooks: app.webhooks,
    });
    app.decorate('lines', {
      find: repository.find,
      fleetWorkbook: (idClientBscs, now) => xlsxExport(repository.exportBatches(idClientBscs, {}, { tri: 'numeroLigne', ordre: 'asc' }), now),
      rows: service.rows,
    } satisfies LinesModule);
    await linesRoutes(app, service);
    await lineExportRoutes(app, service);
    await lineUsersRoutes(app, service);
    await lineBarringsRoutes(app, service);
  },
  { dependencies: ['auth', 'webhooks'], auditActions: LINES_AUDIT_ACTIONS },
);
