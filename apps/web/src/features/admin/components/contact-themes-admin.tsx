import { adminContactLabelBodySchema, movedInList, type AdminContactTheme } from '@ecare/shared/admin';
import { SECURITY_CONTACT_THEME_ID } from '@ecare/shared/support';
import { useId, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useAdminContactThemes } from '../api/get-admin-contact-themes.ts';
import { useOrderAdminContactThemes, type ContactOrder } from '../api/order-admin-contact-themes.ts';
import { useSaveAdminContactLabel, type ContactLabelTarget } from '../api/save-admin-contact-label.ts';
import { focusAfterMove, OrderButtons } from './order-buttons.tsx';
import { ActionNotice } from './action-notice.tsx';

interface LabelFormProps {
  target: ContactLabelTarget;
  label: string;
  initial: string;
  submitLabel: string;
  onSaved: (libelle: string) => void;
  onCancel?: () => void;
}

/** A theme's or sub-theme's label: a new one (added last) or a new name. */
function ContactLabelForm({ target, label, initial, submitLabel, onSaved, onCancel }: LabelFormProps) {
  const form = useZodForm(adminContactLabelBodySchema, { defaultValues: { libelle: initial } });
  const save = useSaveAdminContactLabel(target);
  return (
    <Form
      form={form}
      className="flex flex-wrap items-end gap-3"
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        form.reset({ libelle: target.kind.startsWith('nouveau') ? '' : values.libelle });
        onSaved(values.libelle);
      }}
    >
      <TextField name="libelle" label={label} required className="min-w-0 flex-1 basis-64" />
      <SubmitButton>{submitLabel}</SubmitButton>
      {onCancel ? (
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Annuler
        </button>
      ) : null}
      <FormAlert className="basis-full" />
    </Form>
  );
}

type Renaming = { kind: 'theme'; id: number } | { kind: 'sous-theme'; id: number } | null;

/**
 * The contact form's themes and their sub-themes: add, rename, reorder with "Monter" /
 * "Descendre" (focus follows the moved item, its new place announced). Themes are never deleted
 * here; the security theme (13), which the security page opens, stays whatever its name.
 */
export function ContactThemesAdmin() {
  const themes = useAdminContactThemes();
  const order = useOrderAdminContactThemes();
  const [opened, setOpened] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<Renaming>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const idPrefix = useId().replace(/[^\w-]/g, '');
  const ids = (kind: string, id: number) => ({ upId: `${idPrefix}-${kind}-${id}-haut`, downId: `${idPrefix}-${kind}-${id}-bas` });

  if (themes.isPending) return <WaitingText>Chargement des thèmes…</WaitingText>;
  if (themes.isError) return <ReadFailed error={themes.error} onRetry={() => void themes.refetch()} pending={themes.isFetching} />;

  const move = async (request: ContactOrder, kind: string, id: number, label: string, index: number, direction: -1 | 1, count: number) => {
    setNotice(null);
    try {
      await order.mutateAsync(request);
      focusAfterMove(ids(kind, id), direction, index + direction, count);
      setNotice(`« ${label} » est maintenant en position ${index + direction + 1} sur ${count}.`);
    } catch {
      // Said by the alert above the list; the list is read again.
    }
  };

  const list = themes.data;
  const saved = (text: string) => {
    setRenaming(null);
    setNotice(text);
  };

  return (
    <div className="space-y-6">
      <ActionNotice text={notice} />
      {order.error ? <ApiErrorAlert error={order.error} /> : null}
      <ol className="divide-y divide-line-soft rounded-lg border border-line">
        {list.map((theme, index) => (
          <li key={theme.idTheme} className="px-3 py-3">
            {renaming?.kind === 'theme' && renaming.id === theme.idTheme ? (
              <ContactLabelForm
                target={{ kind: 'theme', idTheme: theme.idTheme }}
                label={`Nouveau libellé du thème « ${theme.libelle} »`}
                initial={theme.libelle}
                submitLabel="Renommer"
                onSaved={(libelle) => saved(`Le thème a été renommé « ${libelle} ».`)}
                onCancel={() => setRenaming(null)}
              />
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <span className="min-w-0 flex-1 basis-48">
                  <span className="font-semibold">{theme.libelle}</span>{' '}
                  <span className="text-sm text-muted">
                    (n°&nbsp;{theme.idTheme}
                    {theme.idTheme === SECURITY_CONTACT_THEME_ID ? ', ouvert par la page sécurité' : ''}, {theme.sousThemes.length} sous-thème
                    {theme.sousThemes.length > 1 ? 's' : ''})
                  </span>
                </span>
                <OrderButtons
                  subject={`le thème « ${theme.libelle} »`}
                  index={index}
                  count={list.length}
                  disabled={order.isPending}
                  {...ids('theme', theme.idTheme)}
                  onMove={(direction) =>
                    void move(
                      { idTheme: null, ids: movedInList(list, index, direction).map((row) => row.idTheme) },
                      'theme',
                      theme.idTheme,
                      theme.libelle,
                      index,
                      direction,
                      list.length,
                    )
                  }
                />
                <button type="button" className="btn-secondary" onClick={() => setRenaming({ kind: 'theme', id: theme.idTheme })}>
                  Renommer<span className="sr-only"> le thème « {theme.libelle} »</span>
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  aria-expanded={opened === theme.idTheme}
                  onClick={() => setOpened(opened === theme.idTheme ? null : theme.idTheme)}
                >
                  Sous-thèmes<span className="sr-only"> du thème « {theme.libelle} »</span>
                </button>
              </div>
            )}
            {opened === theme.idTheme ? (
              <SubThemes theme={theme} renaming={renaming} busy={order.isPending} ids={ids} onRename={setRenaming} onSaved={saved} onMove={move} />
            ) : null}
          </li>
        ))}
      </ol>
      <div className="rounded-lg border border-line-soft p-4">
        <h2 className="mb-3 font-semibold">Ajouter un thème</h2>
        <ContactLabelForm
          target={{ kind: 'nouveau-theme' }}
          label="Libellé du nouveau thème"
          initial=""
          submitLabel="Ajouter le thème"
          onSaved={(libelle) => saved(`Le thème « ${libelle} » a été ajouté en dernière position.`)}
        />
      </div>
    </div>
  );
}

interface SubThemesProps {
  theme: AdminContactTheme;
  renaming: Renaming;
  busy: boolean;
  ids: (kind: string, id: number) => { upId: string; downId: string };
  onRename: (renaming: Renaming) => void;
  onSaved: (text: string) => void;
  onMove: (request: ContactOrder, kind: string, id: number, label: string, index: number, direction: -1 | 1, count: number) => Promise<void>;
}

function SubThemes({ theme, renaming, busy, ids, onRename, onSaved, onMove }: SubThemesProps) {
  const subs = theme.sousThemes;
  return (
    <div className="mt-3 space-y-3 border-l-2 border-line-soft pl-3 sm:pl-6">
      {subs.length === 0 ? <p className="text-muted">Ce thème n’a pas de sous-thème : le formulaire n’en demande pas.</p> : null}
      <ol className="space-y-2">
        {subs.map((sub, index) => (
          <li key={sub.idSousTheme}>
            {renaming?.kind === 'sous-theme' && renaming.id === sub.idSousTheme ? (
              <ContactLabelForm
                target={{ kind: 'sous-theme', idSousTheme: sub.idSousTheme }}
                label={`Nouveau libellé du sous-thème « ${sub.libelle} »`}
                initial={sub.libelle}
                submitLabel="Renommer"
                onSaved={(libelle) => onSaved(`Le sous-thème a été renommé « ${libelle} ».`)}
                onCancel={() => onRename(null)}
              />
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <span className="min-w-0 flex-1 basis-48">{sub.libelle}</span>
                <OrderButtons
                  subject={`le sous-thème « ${sub.libelle} »`}
                  index={index}
                  count={subs.length}
                  disabled={busy}
                  {...ids('sous-theme', sub.idSousTheme)}
                  onMove={(direction) =>
                    void onMove(
                      { idTheme: theme.idTheme, ids: movedInList(subs, index, direction).map((row) => row.idSousTheme) },
                      'sous-theme',
                      sub.idSousTheme,
                      sub.libelle,
                      index,
                      direction,
                      subs.length,
                    )
                  }
                />
                <button type="button" className="btn-secondary" onClick={() => onRename({ kind: 'sous-theme', id: sub.idSousTheme })}>
                  Renommer<span className="sr-only"> le sous-thème « {sub.libelle} »</span>
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      <ContactLabelForm
        target={{ kind: 'nouveau-sous-theme', idTheme: theme.idTheme }}
        label={`Nouveau sous-thème de « ${theme.libelle} »`}
        initial=""
        submitLabel="Ajouter le sous-thème"
        onSaved={(libelle) => onSaved(`Le sous-thème « ${libelle} » a été ajouté en dernière position.`)}
      />
    </div>
  );
}
