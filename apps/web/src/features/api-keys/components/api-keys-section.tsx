import { API_KEYS_ERRORS } from '@ecare/shared/api-keys-errors';
import { API_KEYS_MAX_ACTIVE, API_KEYS_TEXTS, type ApiKeyCreated } from '@ecare/shared/api-keys';
import { useId, useRef, useState } from 'react';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useApiKeys } from '../api/get-api-keys.ts';
import { API_KEYS_PAGE_TEXTS } from '../utils/api-keys-texts.ts';
import { ApiKeyShownOnce } from './api-key-shown-once.tsx';
import { ApiKeysList } from './api-keys-list.tsx';
import { CreateApiKeyForm } from './create-api-key-form.tsx';

interface ApiKeysSectionProps {
  idClientBscs: number;
  /** An agent acting for the customer: the keys are read and revoked, never created (decision 061). */
  agentSession: boolean;
}

/**
 * « Clés d’API » (decision 061): the account's keys, a revocation after a confirmation, and for
 * a manager the creation of one, whose key is then shown this once.
 */
export function ApiKeysSection({ idClientBscs, agentSession }: ApiKeysSectionProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const keys = useApiKeys(idClientBscs);
  const [created, setCreated] = useState<{ key: ApiKeyCreated; libelle: string } | null>(null);
  const full = (keys.data?.cles.filter((key) => key.statut === 'ACTIVE').length ?? 0) >= API_KEYS_MAX_ACTIVE;

  return (
    <section aria-labelledby={headingId} className="card space-y-4">
      <div className="space-y-2">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold text-primary-strong outline-none">
          {API_KEYS_TEXTS.keysTitle}
        </h2>
        <p className="text-muted">{API_KEYS_PAGE_TEXTS.intro}</p>
        <p className="text-muted">{API_KEYS_PAGE_TEXTS.oauth}</p>
      </div>
      {keys.data ? (
        <ApiKeysList idClientBscs={idClientBscs} keys={keys.data.cles} emptyHint={agentSession ? API_KEYS_PAGE_TEXTS.emptyAgent : API_KEYS_PAGE_TEXTS.emptyManager} />
      ) : keys.error ? (
        <ReadFailed error={keys.error} onRetry={() => void keys.refetch()} pending={keys.isFetching} />
      ) : (
        <WaitingText>{API_KEYS_PAGE_TEXTS.loading}</WaitingText>
      )}
      {agentSession ? (
        <p>{API_KEYS_PAGE_TEXTS.agentNote}</p>
      ) : created ? (
        <ApiKeyShownOnce
          created={created.key}
          libelle={created.libelle}
          onDone={() => {
            setCreated(null);
            headingRef.current?.focus();
          }}
        />
      ) : (
        <div className="space-y-4 border-t border-line-soft pt-4">
          <h3 className="text-lg font-bold">{API_KEYS_TEXTS.create}</h3>
          {full ? (
            <p>{API_KEYS_ERRORS.API_KEYS_LIMIT.message}</p>
          ) : (
            <CreateApiKeyForm idClientBscs={idClientBscs} onCreated={(key, libelle) => setCreated({ key, libelle })} />
          )}
        </div>
      )}
    </section>
  );
}
