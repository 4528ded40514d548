import { defineModule } from '../../core/module.ts';
import { createLegalRepository } from './legal.repository.ts';
import { legalRoutes } from './legal.routes.ts';
import { createLegalService } from './legal.service.ts';

/** The static documents' PDF, for the back office's preview of an edit. */
export { renderStaticDocument } from './legal.document.ts';

/** Legal and information pages by page code, and the static documents (CGV, CGA, GT) as PDFs: public reference content. */
export const legalModule = defineModule('legal', async (app, core) => {
  await legalRoutes(app, createLegalService({ repo: createLegalRepository(core.db), brandName: core.config.brandName }));
});
