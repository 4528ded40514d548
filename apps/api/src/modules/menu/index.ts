import { defineModule } from '../../core/module.ts';
import { createMenuRepository } from './menu.repository.ts';
import { menuRoutes } from './menu.routes.ts';
import { createMenuService } from './menu.service.ts';

/** The server-supplied header menu. */
export const menuModule = defineModule(
  'menu',
  async (app, core) => {
    await menuRoutes(app, createMenuService(createMenuRepository(core.db)));
  },
  { dependencies: ['auth'] },
);
