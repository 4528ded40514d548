import { useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRevealPuk } from '../api/get-puk.ts';
import { ActionCard } from './action-card.tsx';

/** The PUK codes, read only when asked for (each read is recorded). */
export function PukAction({ idContrat }: { idContrat: number }) {
  const puk = useRevealPuk(idContrat);
  // Two quick clicks ask once: the pending state reaches the button only at the next render.
  const inFlight = useRef(false);
  const reveal = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    puk.mutate(undefined, {
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };
  const shown = puk.data;
  return (
    <ActionCard title="Code PUK">
      <p>
        Le code PUK débloque la carte SIM après trois codes PIN erronés. Chaque consultation est enregistrée&nbsp;: ne le
        communiquez qu’à l’utilisateur de la ligne.
      </p>
      {shown ? (
        <button type="button" className="btn-secondary" onClick={() => puk.reset()}>
          Masquer le code PUK
        </button>
      ) : (
        <button
          type="button"
          className="btn-secondary"
          // Not disabled: a disabled button would drop the keyboard focus while the code loads.
          aria-disabled={puk.isPending || undefined}
          onClick={reveal}
        >
          {puk.isPending ? <Spinner small /> : null}
          Afficher le code PUK
        </button>
      )}
      <div role="status">
        {shown ? (
          <Alert tone="info" live={false}>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
              <dt>Code PUK</dt>
              <dd className="font-mono text-lg font-semibold tracking-wider">{shown.puk}</dd>
              <dt>Code PUK2</dt>
              <dd className="font-mono text-lg font-semibold tracking-wider">{shown.puk2}</dd>
            </dl>
          </Alert>
        ) : null}
      </div>
      {puk.error ? <ApiErrorAlert error={puk.error} /> : null}
    </ActionCard>
  );
}
