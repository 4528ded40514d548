import { API_KEYS_TEXTS, type ApiKeyCreated } from '@ecare/shared/api-keys';
import { useEffect, useId, useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { API_KEY_SHOWN_TEXTS, OAUTH_TOKEN_PATH } from '../utils/api-keys-texts.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

interface ApiKeyShownOnceProps {
  created: ApiKeyCreated;
  libelle: string;
  /** The manager has kept the key: it leaves the page for good. */
  onDone: () => void;
}

/**
 * The new key, shown this once: focus goes to it (its warning read with it), with a copy button
 * and what the tool sends for its tokens (client_id, client_secret).
 */
export function ApiKeyShownOnce({ created, libelle, onDone }: ApiKeyShownOnceProps) {
  const id = useId().replace(/:/g, '');
  const headingId = `${id}-titre`;
  const warningId = `${id}-avertissement`;
  const keyRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => keyRef.current?.focus(), []);

  return (
    <div role="group" aria-labelledby={headingId} className="space-y-4 rounded-lg border-2 border-primary p-4">
      <h3 id={headingId} className="text-lg font-bold">
        Votre nouvelle clé «&nbsp;{libelle}&nbsp;»
      </h3>
      <Alert tone="info" id={warningId} live={false}>
        <p className="font-semibold">{API_KEYS_TEXTS.shownOnce}</p>
      </Alert>
      <FormField label={API_KEY_SHOWN_TEXTS.keyLabel} describedBy={warningId}>
        {(control) => (
          <textarea
            {...control}
            ref={keyRef}
            readOnly
            rows={2}
            value={created.cle}
            spellCheck={false}
            className="field-input resize-none font-mono break-all"
          />
        )}
      </FormField>
      <CopyButton text={created.cle} label={API_KEY_SHOWN_TEXTS.copy} copied={API_KEY_SHOWN_TEXTS.copied} failed={API_KEY_SHOWN_TEXTS.copyFailed} />
      <div>
        <h4 className="font-semibold">{API_KEY_SHOWN_TEXTS.oauthTitle}</h4>
        <dl className="mt-2 space-y-1">
          <div className="flex flex-wrap gap-x-3">
            <dt className="text-muted">client_id</dt>
            <dd className="min-w-0 break-all">
              <code>{created.idCle}</code>
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-3">
            <dt className="text-muted">client_secret</dt>
            <dd>{API_KEY_SHOWN_TEXTS.clientSecret}</dd>
          </div>
          <div className="flex flex-wrap gap-x-3">
            <dt className="text-muted">Jeton</dt>
            <dd className="min-w-0 break-all">
              <code>POST {OAUTH_TOKEN_PATH}</code>, grant_type=client_credentials
            </dd>
          </div>
        </dl>
      </div>
      <button type="button" className="btn-primary w-full sm:w-auto" onClick={onDone}>
        {API_KEY_SHOWN_TEXTS.done}
      </button>
    </div>
  );
}
