import {
  menuKindUnder,
  nextDocumentVersion,
  type AdminContactSubTheme,
  type AdminContactTheme,
  type AdminMenuItem,
  type AdminMenuItemBody,
  type AdminStaticDocument,
  type AdminStaticDocumentBody,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import type { Audit, AuditAction } from '../../core/audit.ts';
import type { Transact, Transaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { renderStaticDocument } from '../legal/index.ts';
import type { AdminContentRepository, StaticDocumentRow } from './admin-content.repository.ts';
import type { Actor } from './admin.service.ts';
import { sameMembers, sameOrder } from './admin-order.ts';

export interface AdminContentDeps {
  repo: AdminContentRepository;
  audit: Audit;
  transaction: Transact;
  clock: Clock;
  brandName: string;
}

const toDocument = ({ type, titre, version, dateVersion, contenu }: StaticDocumentRow): AdminStaticDocument => ({ type, titre, version, dateVersion, contenu });

/** A document's text as stored: line ends as LF, no trailing spaces at the end of the text. */
const storedText = (contenu: string) => contenu.replace(/\r\n?/g, '\n').trimEnd();

/**
 * The back office's edits of the menu tree, the contact themes and the static documents
 * (decision 030), on the same pattern as the FAQ: validated, one writer per table at a time,
 * reorders of whole lists (ADMIN_ORDER_OUTDATED otherwise), and one audit entry with the values
 * before and after each change; a save that changes nothing records nothing.
 */
export function createAdminContentService({ repo, audit, transaction, clock, brandName }: AdminContentDeps) {
  const record = (actor: Actor, action: AuditAction, avant: unknown, apres: unknown, tx: Transaction) =>
    audit.record({ ...actor, action, details: { avant, apres } }, { tx });

  /** The entry's parent, checked: it exists and takes entries of `kind` (a creation: the kind it makes). */
  async function parentFor(parentId: number | null, tx: Transaction): Promise<AdminMenuItem | null> {
    if (parentId === null) return null;
    const parent = await repo.menuItem(parentId, tx);
    if (!parent) throw fail('ADMIN_MENU_NOT_FOUND');
    return parent;
  }

  const assertUrl = (kind: AdminMenuItem['kind'], url: string | null) => {
    if (kind === 'module' && url === null) throw fail('ADMIN_MENU_URL_REQUIRED');
  };

  async function contactThemeList(): Promise<AdminContactTheme[]> {
    const { themes, subThemes } = await repo.contactThemes();
    return themes.map((theme) => ({ ...theme, sousThemes: subThemes.filter((sub) => sub.idTheme === theme.idTheme) }));
  }

  return {
    // ——— Menu ———

    menu: () => repo.menu(),

    /** A new entry, last under its parent; its level follows from the parent's. */
    async createMenuItem(actor: Actor, body: AdminMenuItemBody): Promise<AdminMenuItem> {
      return transaction(async (tx) => {
        await repo.takeTurn('menu_items', tx);
        const kind = menuKindUnder(await parentFor(body.parentId, tx));
        if (kind === null) throw fail('ADMIN_MENU_PARENT_INVALID');
        assertUrl(kind, body.url);
        const next = await repo.nextMenuPlace(body.parentId, tx);
        const row: AdminMenuItem = { id: next.id, parentId: body.parentId, kind, nom: body.nom, url: body.url, ordre: next.ordre };
        await repo.createMenuItem(row, tx);
        await record(actor, 'ADMIN_MENU_ENTREE', null, row, tx);
        return row;
      });
    },

    /** A new name or address; another parent of the level above moves the entry there, last. */
    async updateMenuItem(actor: Actor, id: number, body: AdminMenuItemBody): Promise<AdminMenuItem> {
      return transaction(async (tx) => {
        await repo.takeTurn('menu_items', tx);
        const before = await repo.menuItem(id, tx);
        if (!before) throw fail('ADMIN_MENU_NOT_FOUND');
        const moved = before.parentId !== body.parentId;
        if (moved) {
          if (body.parentId === id) throw fail('ADMIN_MENU_PARENT_INVALID');
          if (menuKindUnder(await parentFor(body.parentId, tx)) !== before.kind) throw fail('ADMIN_MENU_PARENT_INVALID');
        }
        assertUrl(before.kind, body.url);
        const after: AdminMenuItem = {
          ...before,
          parentId: body.parentId,
          nom: body.nom,
          url: body.url,
          ordre: moved ? (await repo.nextMenuPlace(body.parentId, tx)).ordre : before.ordre,
        };
        if (!moved && before.nom === after.nom && before.url === after.url) return before;
        await repo.updateMenuItem(after, tx);
        await record(actor, 'ADMIN_MENU_ENTREE', before, after, tx);
        return after;
      });
    },

    /** Every entry under one parent in a new order; a list that is not exactly them is refused (ADMIN_ORDER_OUTDATED). */
    async orderMenu(actor: Actor, parentId: number | null, ids: readonly number[]): Promise<AdminMenuItem[]> {
      await transaction(async (tx) => {
        await repo.takeTurn('menu_items', tx);
        await parentFor(parentId, tx);
        const before = await repo.menuChildren(parentId, tx);
        if (!sameMembers(before, ids)) throw fail('ADMIN_ORDER_OUTDATED');
        if (sameOrder(before, ids)) return;
        await repo.setMenuOrder(parentId, ids, tx);
        await record(actor, 'ADMIN_MENU_ORDRE', { parentId, ids: before }, { parentId, ids }, tx);
      });
      return repo.menu();
    },

    /** Deletes an entry with nothing under it (ADMIN_MENU_HAS_CHILDREN otherwise). */
    async deleteMenuItem(actor: Actor, id: number): Promise<void> {
      await transaction(async (tx) => {
        await repo.takeTurn('menu_items', tx);
        const before = await repo.menuItem(id, tx);
        if (!before) throw fail('ADMIN_MENU_NOT_FOUND');
        if ((await repo.menuChildren(id, tx)).length > 0) throw fail('ADMIN_MENU_HAS_CHILDREN');
        await repo.deleteMenuItem(id, tx);
        await record(actor, 'ADMIN_MENU_SUPPRESSION', before, null, tx);
      });
    },

    // ——— Contact themes ———

    contactThemes: contactThemeList,

    async createContactTheme(actor: Actor, libelle: string): Promise<AdminContactTheme> {
      const theme = await transaction(async (tx) => {
        await repo.takeTurn('contact_themes', tx);
        const row = await repo.createContactTheme(libelle, tx);
        await record(actor, 'ADMIN_CONTACT_THEME', null, row, tx);
        return row;
      });
      return { ...theme, sousThemes: [] };
    },

    async renameContactTheme(actor: Actor, idTheme: number, libelle: string): Promise<AdminContactTheme[]> {
      await transaction(async (tx) => {
        await repo.takeTurn('contact_themes', tx);
        const before = await repo.contactTheme(idTheme, tx);
        if (!before) throw fail('CONTACT_THEME_NOT_FOUND');
        if (before.libelle === libelle) return;
        await repo.renameContactTheme(idTheme, libelle, tx);
        await record(actor, 'ADMIN_CONTACT_THEME', before, { ...before, libelle }, tx);
      });
      return contactThemeList();
    },

    async orderContactThemes(actor: Actor, idThemes: readonly number[]): Promise<AdminContactTheme[]> {
      await transaction(async (tx) => {
        await repo.takeTurn('contact_themes', tx);
        const before = await repo.contactThemeOrder(tx);
        if (!sameMembers(before, idThemes)) throw fail('ADMIN_ORDER_OUTDATED');
        if (sameOrder(before, idThemes)) return;
        await repo.setContactThemeOrder(idThemes, tx);
        await record(actor, 'ADMIN_CONTACT_ORDRE_THEMES', before, idThemes, tx);
      });
      return contactThemeList();
    },

    async createContactSubTheme(actor: Actor, idTheme: number, libelle: string): Promise<AdminContactSubTheme> {
      return transaction(async (tx) => {
        await repo.takeTurn('contact_sub_themes', tx);
        if (!(await repo.contactTheme(idTheme, tx))) throw fail('CONTACT_THEME_NOT_FOUND');
        const row = await repo.createContactSubTheme(idTheme, libelle, tx);
        await record(actor, 'ADMIN_CONTACT_SOUS_THEME', null, row, tx);
        return row;
      });
    },

    async renameContactSubTheme(actor: Actor, idSousTheme: number, libelle: string): Promise<AdminContactSubTheme> {
      return transaction(async (tx) => {
        await repo.takeTurn('contact_sub_themes', tx);
        const before = await repo.contactSubTheme(idSousTheme, tx);
        if (!before) throw fail('ADMIN_CONTACT_SUB_THEME_NOT_FOUND');
        if (before.libelle === libelle) return before;
        const after = { ...before, libelle };
        await repo.renameContactSubTheme(idSousTheme, libelle, tx);
        await record(actor, 'ADMIN_CONTACT_SOUS_THEME', before, after, tx);
        return after;
      });
    },

    async orderContactSubThemes(actor: Actor, idTheme: number, idSousThemes: readonly number[]): Promise<AdminContactTheme[]> {
      await transaction(async (tx) => {
        await repo.takeTurn('contact_sub_themes', tx);
        if (!(await repo.contactTheme(idTheme, tx))) throw fail('CONTACT_THEME_NOT_FOUND');
        const before = await repo.contactSubThemeOrder(idTheme, tx);
        if (!sameMembers(before, idSousThemes)) throw fail('ADMIN_ORDER_OUTDATED');
        if (sameOrder(before, idSousThemes)) return;
        await repo.setContactSubThemeOrder(idTheme, idSousThemes, tx);
        await record(actor, 'ADMIN_CONTACT_ORDRE_SOUS_THEMES', { idTheme, idSousThemes: before }, { idTheme, idSousThemes }, tx);
      });
      return contactThemeList();
    },

    // ——— Static documents ———

    async documents(): Promise<AdminStaticDocument[]> {
      return (await repo.documents()).map(toDocument);
    },

    /**
     * A document's new title and text: a change gives it the next version (`<year>.<n>`) dated
     * today in Europe/Paris, which the public PDF then shows (it is made again from the new row).
     */
    async saveDocument(actor: Actor, type: string, body: AdminStaticDocumentBody): Promise<AdminStaticDocument> {
      const contenu = storedText(body.contenu);
      return transaction(async (tx) => {
        const before = await repo.document(type, tx);
        if (!before) throw fail('STATIC_DOCUMENT_NOT_FOUND');
        if (before.titre === body.titre && before.contenu === contenu) return toDocument(before);
        const today = parisDay(clock.now());
        const after: StaticDocumentRow = {
          ...before,
          titre: body.titre,
          contenu,
          version: nextDocumentVersion(before.version, Number(today.slice(0, 4))),
          dateVersion: today,
        };
        await repo.updateDocument(after, tx);
        await record(actor, 'ADMIN_DOCUMENT_STATIQUE', toDocument(before), toDocument(after), tx);
        return toDocument(after);
      });
    },

    /** The PDF a save would publish (its next version, dated today), stored nowhere. */
    async previewDocument(type: string, body: AdminStaticDocumentBody): Promise<Uint8Array> {
      const current = await repo.document(type);
      if (!current) throw fail('STATIC_DOCUMENT_NOT_FOUND');
      const today = parisDay(clock.now());
      return renderStaticDocument({
        titre: body.titre,
        contenu: storedText(body.contenu),
        version: `${nextDocumentVersion(current.version, Number(today.slice(0, 4)))} (aperçu)`,
        dateVersion: today,
        brandName,
      });
    },
  };
}
export type AdminContentService = ReturnType<typeof createAdminContentService>;
