import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { menuItems } from '../../db/schema.ts';

export function createMenuRepository(db: Database) {
  return {
    all: () => db.select().from(menuItems).orderBy(asc(menuItems.ordre), asc(menuItems.id)),
  };
}
export type MenuRepository = ReturnType<typeof createMenuRepository>;
export type MenuRow = Awaited<ReturnType<MenuRepository['all']>>[number];
