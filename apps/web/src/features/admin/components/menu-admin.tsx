import { menuKindUnder, movedInList, type AdminMenuItem } from '@ecare/shared/admin';
import { useId, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useDeleteAdminMenuItem } from '../api/delete-admin-menu-item.ts';
import { useAdminMenu } from '../api/get-admin-menu.ts';
import { useOrderAdminMenu } from '../api/order-admin-menu.ts';
import { MENU_KIND_WORDS, MenuItemForm } from './menu-item-form.tsx';
import { focusAfterMove, OrderButtons } from './order-buttons.tsx';
import { ActionNotice } from './action-notice.tsx';

/** What is open: an entry's edit, or a new entry's form under a parent (null: a new rubrique). */
type Editing = { kind: 'modifier'; id: number } | { kind: 'ajouter'; parentId: number | null } | null;

interface TreeProps {
  menu: AdminMenuItem[];
  idPrefix: string;
  editing: Editing;
  busy: boolean;
  onEdit: (editing: Editing) => void;
  onMove: (siblings: AdminMenuItem[], index: number, direction: -1 | 1) => void;
  onDelete: (item: AdminMenuItem) => void;
  onSaved: (text: string) => void;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const childrenOf = (menu: AdminMenuItem[], parentId: number | null) => menu.filter((item) => item.parentId === parentId);
const moveIds = (idPrefix: string, id: number) => ({ upId: `${idPrefix}-menu-${id}-haut`, downId: `${idPrefix}-menu-${id}-bas` });

/** The entries under one parent, each with its controls and, below it, its own entries. */
function Level({ parentId, depth, ...tree }: TreeProps & { parentId: number | null; depth: number }) {
  const { menu, idPrefix, editing, busy, onEdit, onMove, onDelete, onSaved } = tree;
  const siblings = childrenOf(menu, parentId);
  const parent = parentId === null ? null : (menu.find((item) => item.id === parentId) ?? null);
  const kindHere = menuKindUnder(parent);
  if (kindHere === null) return null;
  const adding = editing?.kind === 'ajouter' && editing.parentId === parentId;
  const words = MENU_KIND_WORDS[kindHere];
  return (
    <div className={depth > 0 ? 'mt-2 border-l-2 border-line-soft pl-3 sm:pl-6' : ''}>
      {siblings.length > 0 ? (
        <ol className="divide-y divide-line-soft rounded-lg border border-line">
          {siblings.map((item, index) => {
            const hasChildren = childrenOf(menu, item.id).length > 0;
            const subject = `${MENU_KIND_WORDS[item.kind].le} « ${item.nom} »`;
            const editingThis = editing?.kind === 'modifier' && editing.id === item.id;
            return (
              <li key={item.id} className="px-3 py-3">
                {editingThis ? (
                  <MenuItemForm
                    item={item}
                    parentId={item.parentId}
                    kind={item.kind}
                    parents={menu.filter((candidate) => menuKindUnder(candidate) === item.kind)}
                    onSaved={(saved) => {
                      onEdit(null);
                      onSaved(`L’entrée « ${saved.nom} » a été enregistrée.`);
                    }}
                    onCancel={() => onEdit(null)}
                  />
                ) : (
                  <div className="flex flex-wrap items-center gap-3">
                    <span className="min-w-0 flex-1 basis-48">
                      <span className="font-semibold">{item.nom}</span>{' '}
                      <span className="text-sm text-muted">
                        ({MENU_KIND_WORDS[item.kind].nom}
                        {item.url ? `, ${item.url}` : ''})
                      </span>
                    </span>
                    <OrderButtons
                      subject={subject}
                      index={index}
                      count={siblings.length}
                      disabled={busy}
                      {...moveIds(idPrefix, item.id)}
                      onMove={(direction) => onMove(siblings, index, direction)}
                    />
                    <button type="button" className="btn-secondary" onClick={() => onEdit({ kind: 'modifier', id: item.id })}>
                      Modifier<span className="sr-only"> {subject}</span>
                    </button>
                    {hasChildren ? null : (
                      <button type="button" className="btn-secondary" onClick={() => onDelete(item)}>
                        Supprimer<span className="sr-only"> {subject}</span>
                      </button>
                    )}
                  </div>
                )}
                <Level {...tree} parentId={item.id} depth={depth + 1} />
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="mt-2">
        {adding ? (
          <div className="rounded-lg border border-line-soft p-3">
            <MenuItemForm
              item={null}
              parentId={parentId}
              kind={kindHere}
              parents={[]}
              onSaved={(saved) => {
                onEdit(null);
                onSaved(`${capitalised(words.le)} « ${saved.nom} » a été ${words.ajoute} en dernière position.`);
              }}
              onCancel={() => onEdit(null)}
            />
          </div>
        ) : (
          <button type="button" className="link text-sm font-semibold" onClick={() => onEdit({ kind: 'ajouter', parentId })}>
            Ajouter {words.un}
            {parent ? <span className="sr-only"> sous « {parent.nom} »</span> : null}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The header menu's tree (rubriques > sous-rubriques > modules): add, rename, change the address,
 * move under another parent, reorder with "Monter" / "Descendre" (focus follows the moved entry,
 * its new place announced), and delete an entry with nothing under it after confirmation.
 */
export function MenuAdmin() {
  const menu = useAdminMenu();
  const order = useOrderAdminMenu();
  const remove = useDeleteAdminMenuItem();
  const confirmation = useConfirmation();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AdminMenuItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const idPrefix = useId().replace(/[^\w-]/g, '');

  if (menu.isPending) return <WaitingText>Chargement du menu…</WaitingText>;
  if (menu.isError) return <ReadFailed error={menu.error} onRetry={() => void menu.refetch()} pending={menu.isFetching} />;

  const move = async (siblings: AdminMenuItem[], index: number, direction: -1 | 1) => {
    const item = siblings[index];
    if (!item) return;
    setNotice(null);
    try {
      await order.mutateAsync({ parentId: item.parentId, ids: movedInList(siblings, index, direction).map((row) => row.id) });
      focusAfterMove(moveIds(idPrefix, item.id), direction, index + direction, siblings.length);
      setNotice(`L’entrée « ${item.nom} » est maintenant en position ${index + direction + 1} sur ${siblings.length}.`);
    } catch {
      // Said by the alert above the tree; the tree is read again.
    }
  };

  const askDelete = async (item: AdminMenuItem) => {
    setRemoving(item);
    setNotice(null);
    if (!(await confirmation.ask())) return;
    try {
      await remove.mutateAsync(item.id);
      setNotice(`L’entrée « ${item.nom} » a été supprimée du menu.`);
    } catch {
      // Said by the alert above the tree.
    } finally {
      confirmation.close();
    }
  };

  return (
    <div className="space-y-4">
      <ActionNotice text={notice} />
      {order.error ? <ApiErrorAlert error={order.error} /> : null}
      {remove.error ? <ApiErrorAlert error={remove.error} /> : null}
      <Level
        menu={menu.data}
        idPrefix={idPrefix}
        editing={editing}
        busy={order.isPending}
        parentId={null}
        depth={0}
        onEdit={(next) => {
          setNotice(null);
          setEditing(next);
        }}
        onMove={(siblings, index, direction) => void move(siblings, index, direction)}
        onDelete={(item) => void askDelete(item)}
        onSaved={setNotice}
      />
      <ConfirmDialog confirmation={confirmation} title="Supprimer cette entrée du menu ?" confirmLabel="Supprimer l’entrée" isPending={remove.isPending}>
        <p>L’entrée « {removing?.nom ?? ''} » disparaîtra du menu de tous les clients. Cette action est définitive.</p>
      </ConfirmDialog>
    </div>
  );
}
