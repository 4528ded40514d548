import { WEBHOOK_EVENT_LABELS, WEBHOOKS_MAX, type Webhook, type WebhookWithSecret } from '@ecare/shared/webhooks';
import { WEBHOOKS_ERRORS } from '@ecare/shared/webhooks-errors';
import { Webhook as WebhookIcon } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useWebhooks } from '../api/get-webhooks.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { dayText, momentText } from '../utils/webhook-format.ts';
import { WEBHOOK_STATE_TEXTS, WEBHOOKS_TEXTS } from '../utils/webhooks-texts.ts';
import { SignatureHelp } from './signature-help.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookForm } from './webhook-form.tsx';
import { WebhookSecretShownOnce } from './webhook-secret-shown-once.tsx';

const badge = 'inline-block rounded-full px-3 py-0.5 text-sm font-semibold whitespace-nowrap';

/**
 * Whether it sends; when it was disabled after failing, and (for a manager, who may) how to turn
 * it back on; the end of the previous secret after a rotation.
 */
function WebhookState({ webhook, canEdit }: { webhook: Webhook; canEdit: boolean }) {
  return (
    <div className="space-y-1">
      {webhook.desactiveLe ? (
        <>
          <span className={`${badge} bg-danger-soft text-danger`}>{WEBHOOK_STATE_TEXTS.disabled(dayText(webhook.desactiveLe))}</span>
          <p className="text-sm">
            {WEBHOOK_STATE_TEXTS.disabledWhy}
            {canEdit ? ` ${WEBHOOK_STATE_TEXTS.disabledFix}` : null}
          </p>
        </>
      ) : webhook.actif ? (
        <span className={`${badge} bg-success-soft text-success`}>{WEBHOOK_STATE_TEXTS.active}</span>
      ) : (
        <span className={`${badge} bg-canvas text-ink`}>{WEBHOOK_STATE_TEXTS.paused}</span>
      )}
      {webhook.ancienSecretValideJusquA ? <p className="text-sm text-muted">{WEBHOOK_STATE_TEXTS.oldSecret(momentText(webhook.ancienSecretValideJusquA))}</p> : null}
    </div>
  );
}

type Asked = { kind: 'delete' | 'rotate' | 'disable'; webhook: Webhook };

const ASKED_TEXTS: Record<Asked['kind'], { title: string; body: string; confirm: string }> = {
  delete: { title: WEBHOOKS_TEXTS.deleteTitle, body: WEBHOOKS_TEXTS.deleteBody, confirm: WEBHOOKS_TEXTS.deleteConfirm },
  rotate: { title: WEBHOOKS_TEXTS.rotateTitle, body: WEBHOOKS_TEXTS.rotateBody, confirm: WEBHOOKS_TEXTS.rotateConfirm },
  disable: { title: WEBHOOKS_TEXTS.disableTitle, body: WEBHOOKS_TEXTS.disableBody, confirm: WEBHOOKS_TEXTS.disableConfirm },
};

const logButtonId = (webhook: Webhook) => `livraisons-${webhook.idWebhook}`;

interface WebhooksSectionProps {
  idClientBscs: number;
  /**
   * An agent acting for the customer: reads the webhooks and their logs, sends an event again,
   * disables or deletes a webhook; never creates, changes, turns back on or renews a secret (decision 062).
   */
  agentSession: boolean;
}

/**
 * « Webhooks » (decision 062): the account's endpoints, each changed, given a new secret or
 * deleted (both confirmed), its delivery log opened below the list; a new one added, whose
 * signing secret is then shown this once.
 */
export function WebhooksSection({ idClientBscs, agentSession }: WebhooksSectionProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const webhooks = useWebhooks(idClientBscs);
  const remove = useDeleteWebhook(idClientBscs);
  const rotate = useRotateWebhookSecret(idClientBscs);
  const disable = useUpdateWebhook(idClientBscs);
  const confirmation = useConfirmation();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ webhook: WebhookWithSecret; rotated: boolean } | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  // The webhook whose log is open; each opening counts, so a second click brings the reader back to it.
  const [logOf, setLogOf] = useState<{ idWebhook: string; opening: number } | null>(null);
  const busy = remove.isPending || rotate.isPending || disable.isPending;

  const confirmThen = async (what: Asked) => {
    if (busy || confirmation.isOpen) return;
    remove.reset();
    rotate.reset();
    disable.reset();
    setNotice(null);
    setAsked(what);
    if (!(await confirmation.ask())) return;
    const { webhook } = what;
    try {
      if (what.kind === 'delete') {
        await remove.mutateAsync(webhook.idWebhook);
        setLogOf((open) => (open?.idWebhook === webhook.idWebhook ? null : open));
        setNotice(WEBHOOKS_TEXTS.deleted);
      } else if (what.kind === 'disable') {
        await disable.mutateAsync({ idWebhook: webhook.idWebhook, webhook: { url: webhook.url, evenements: webhook.evenements, actif: false } });
        setNotice(WEBHOOKS_TEXTS.disabled);
      } else {
        setSecret({ webhook: await rotate.mutateAsync(webhook.idWebhook), rotated: true });
      }
    } catch {
      // Said above the list (remove.error, rotate.error, disable.error).
    } finally {
      confirmation.close();
    }
  };

  const actionButton = (webhook: Webhook, label: string, onPress: () => void, extra: { id?: string; waits?: boolean } = {}): ReactNode => (
    <button type="button" id={extra.id} className="btn-secondary whitespace-nowrap" disabled={extra.waits === true && busy} onClick={onPress}>
      {label}
      <span className="sr-only"> du webhook {webhook.url}</span>
    </button>
  );

  const columns: DataColumn<Webhook>[] = [
    { id: 'url', header: 'Adresse', rowHeader: true, cell: (webhook) => <span className="break-all">{webhook.url}</span> },
    {
      id: 'evenements',
      header: 'Événements',
      className: 'min-w-56',
      cell: (webhook) => (
        <ul className="space-y-1">
          {webhook.evenements.map((event) => (
            <li key={event}>{WEBHOOK_EVENT_LABELS[event]}</li>
          ))}
        </ul>
      ),
    },
    { id: 'etat', header: 'État', className: 'min-w-48', cell: (webhook) => <WebhookState webhook={webhook} canEdit={!agentSession} /> },
    { id: 'cree', header: 'Créé le', className: 'whitespace-nowrap', cell: (webhook) => dayText(webhook.creeLe) },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      label: 'Actions',
      card: 'actions',
      cell: (webhook) => (
        // Positioned, so that the buttons' visually hidden words stay inside the table's scrolling area.
        <div className="relative flex flex-wrap gap-2">
          {actionButton(
            webhook,
            WEBHOOKS_TEXTS.deliveries,
            () => {
              setNotice(null);
              setLogOf((open) => ({ idWebhook: webhook.idWebhook, opening: (open?.opening ?? 0) + 1 }));
            },
            { id: logButtonId(webhook) },
          )}
          {agentSession ? null : (
            <>
              {actionButton(webhook, WEBHOOKS_TEXTS.edit, () => {
                setNotice(null);
                setEditing(webhook);
              })}
              {actionButton(webhook, WEBHOOKS_TEXTS.rotate, () => void confirmThen({ kind: 'rotate', webhook }), { waits: true })}
            </>
          )}
          {agentSession && webhook.actif ? actionButton(webhook, WEBHOOKS_TEXTS.disable, () => void confirmThen({ kind: 'disable', webhook }), { waits: true }) : null}
          {actionButton(webhook, WEBHOOKS_TEXTS.remove, () => void confirmThen({ kind: 'delete', webhook }), { waits: true })}
        </div>
      ),
    },
  ];

  const list = webhooks.data?.webhooks ?? [];
  const logged = list.find((webhook) => webhook.idWebhook === logOf?.idWebhook) ?? null;
  const failure = remove.error ?? rotate.error ?? disable.error;

  return (
    <section aria-labelledby={headingId} className="card space-y-4">
      <div className="space-y-2">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold text-primary-strong outline-none">
          {WEBHOOKS_TEXTS.title}
        </h2>
        <p className="text-muted">{WEBHOOKS_TEXTS.intro}</p>
        <p className="text-muted">{WEBHOOKS_TEXTS.delivery}</p>
      </div>
      <div role="status">
        {notice ? (
          <Alert tone="success" live={false}>
            {notice}
          </Alert>
        ) : null}
      </div>
      {failure ? <ApiErrorAlert error={failure} /> : null}
      {webhooks.data ? (
        <DataTable
          caption={WEBHOOKS_TEXTS.caption}
          columns={columns}
          rows={list}
          rowKey={(webhook) => webhook.idWebhook}
          empty={
            <EmptyState title={WEBHOOKS_TEXTS.emptyTitle} icon={WebhookIcon}>
              {agentSession ? null : WEBHOOKS_TEXTS.emptyHint}
            </EmptyState>
          }
        />
      ) : webhooks.error ? (
        <ReadFailed error={webhooks.error} onRetry={() => void webhooks.refetch()} pending={webhooks.isFetching} />
      ) : (
        <WaitingText>{WEBHOOKS_TEXTS.loading}</WaitingText>
      )}

      {logged ? (
        <WebhookDeliveries
          key={`${logged.idWebhook}-${logOf?.opening ?? 0}`}
          idClientBscs={idClientBscs}
          webhook={logged}
          onClose={() => {
            setLogOf(null);
            document.getElementById(logButtonId(logged))?.focus();
          }}
        />
      ) : null}

      {agentSession ? (
        <p>{WEBHOOKS_ERRORS.WEBHOOK_AGENT_FORBIDDEN.message}</p>
      ) : secret ? (
        <WebhookSecretShownOnce
          webhook={secret.webhook}
          rotated={secret.rotated}
          onDone={() => {
            setSecret(null);
            rotate.reset();
            headingRef.current?.focus();
          }}
        />
      ) : (
        <div className="space-y-4 border-t border-line-soft pt-4">
          <h3 className="text-lg font-bold">{WEBHOOKS_TEXTS.createTitle}</h3>
          {list.length >= WEBHOOKS_MAX ? (
            <p>{WEBHOOKS_ERRORS.WEBHOOKS_LIMIT.message}</p>
          ) : (
            <WebhookForm idClientBscs={idClientBscs} editing={null} onCreated={(webhook) => setSecret({ webhook, rotated: false })} />
          )}
        </div>
      )}

      <div className="border-t border-line-soft pt-4">
        <SignatureHelp />
      </div>

      <Dialog title={WEBHOOKS_TEXTS.editTitle} isOpen={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        {editing ? (
          <WebhookForm
            idClientBscs={idClientBscs}
            editing={editing}
            onCancel={() => setEditing(null)}
            onUpdated={() => {
              setEditing(null);
              setNotice(WEBHOOKS_TEXTS.updated);
            }}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog confirmation={confirmation} title={ASKED_TEXTS[asked?.kind ?? 'delete'].title} confirmLabel={ASKED_TEXTS[asked?.kind ?? 'delete'].confirm} isPending={busy}>
        {asked ? <p className="break-all">{asked.webhook.url}</p> : null}
        <p>{ASKED_TEXTS[asked?.kind ?? 'delete'].body}</p>
      </ConfirmDialog>
    </section>
  );
}
