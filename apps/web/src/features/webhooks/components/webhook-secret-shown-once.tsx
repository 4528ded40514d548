import type { WebhookWithSecret } from '@ecare/shared/webhooks';
import { useEffect, useId, useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { momentText } from '../utils/webhook-format.ts';
import { WEBHOOK_SECRET_TEXTS, WEBHOOK_STATE_TEXTS } from '../utils/webhooks-texts.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

interface WebhookSecretShownOnceProps {
  webhook: WebhookWithSecret;
  /** After a rotation: the previous secret still signs for a while. */
  rotated: boolean;
  /** The secret is kept: it leaves the page for good. */
  onDone: () => void;
}

/** A webhook's signing secret, shown this once after its creation or a rotation: focus goes to it, with a copy button. */
export function WebhookSecretShownOnce({ webhook, rotated, onDone }: WebhookSecretShownOnceProps) {
  const id = useId().replace(/:/g, '');
  const headingId = `${id}-titre`;
  const warningId = `${id}-avertissement`;
  const secretRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => secretRef.current?.focus(), []);

  return (
    <div role="group" aria-labelledby={headingId} className="space-y-4 rounded-lg border-2 border-primary p-4">
      <div>
        <h3 id={headingId} className="text-lg font-bold">
          {rotated ? WEBHOOK_SECRET_TEXTS.rotatedTitle : WEBHOOK_SECRET_TEXTS.createdTitle}
        </h3>
        <p className="break-all text-muted">{webhook.url}</p>
      </div>
      <Alert tone="info" id={warningId} live={false}>
        <p className="font-semibold">{WEBHOOK_SECRET_TEXTS.shownOnce}</p>
        {rotated && webhook.ancienSecretValideJusquA ? <p>{WEBHOOK_STATE_TEXTS.oldSecret(momentText(webhook.ancienSecretValideJusquA))}</p> : null}
      </Alert>
      <FormField label={WEBHOOK_SECRET_TEXTS.label} describedBy={warningId}>
        {(control) => (
          <textarea {...control} ref={secretRef} readOnly rows={2} value={webhook.secret} spellCheck={false} className="field-input resize-none font-mono break-all" />
        )}
      </FormField>
      <CopyButton text={webhook.secret} label={WEBHOOK_SECRET_TEXTS.copy} copied={WEBHOOK_SECRET_TEXTS.copied} failed={WEBHOOK_SECRET_TEXTS.copyFailed} />
      <button type="button" className="btn-primary w-full sm:w-auto" onClick={onDone}>
        {WEBHOOK_SECRET_TEXTS.done}
      </button>
    </div>
  );
}
