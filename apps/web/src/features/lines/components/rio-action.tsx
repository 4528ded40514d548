import { useRef } from 'react';
import { formatPhone } from '@ecare/shared/phone';
import { formatRio } from '@ecare/shared/rio';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRevealRio } from '../api/get-rio.ts';
import { ActionCard } from './action-card.tsx';

/** The line's RIO, for keeping the number when changing operator (each read is recorded). */
export function RioAction({ idContrat }: { idContrat: number }) {
  const rio = useRevealRio(idContrat);
  // Two quick clicks ask once: the pending state reaches the button only at the next render.
  const inFlight = useRef(false);
  const reveal = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    rio.mutate(undefined, {
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };
  const shown = rio.data;
  return (
    <ActionCard title="Relevé d’identité opérateur (RIO)">
      <p>
        Le RIO vous permet de conserver votre numéro si vous changez d’opérateur&nbsp;: communiquez-le à votre nouvel opérateur avec
        le numéro de la ligne.
      </p>
      {shown ? (
        <button type="button" className="btn-secondary" onClick={() => rio.reset()}>
          Masquer le RIO
        </button>
      ) : (
        <button
          type="button"
          className="btn-secondary"
          // Not disabled: a disabled button would drop the keyboard focus while the code loads.
          aria-disabled={rio.isPending || undefined}
          onClick={reveal}
        >
          {rio.isPending ? <Spinner small /> : null}
          Afficher le RIO
        </button>
      )}
      <div role="status">
        {shown ? (
          <Alert tone="info" live={false}>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
              <dt>RIO</dt>
              <dd className="font-mono text-lg font-semibold tracking-wider">{formatRio(shown.rio)}</dd>
              <dt>Numéro</dt>
              <dd className="font-semibold">{formatPhone(shown.numeroLigne)}</dd>
            </dl>
          </Alert>
        ) : null}
      </div>
      {rio.error ? <ApiErrorAlert error={rio.error} /> : null}
    </ActionCard>
  );
}
