import { useEffect, useRef, useState } from 'react';
import { fetchCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { lastRequestTime } from '../../lib/session-storage.ts';
import { idleState, type IdleState } from './idle-state.ts';

const CHECK_EVERY_MS = 5_000;

interface SessionExpiryDialogProps {
  onLogout: () => void;
  /** The idle limit passed: the session is over on the server too. */
  onExpired: () => void;
}

/**
 * Warns before the 30-minute inactivity limit and offers to stay connected (UI.md, WCAG 2.2.1).
 * The clock is the shared last_request_date, so activity in another tab counts. Staying
 * connected reads /api/current_user, which refreshes both the server's idle clock and ours.
 */
export function SessionExpiryDialog({ onLogout, onExpired }: SessionExpiryDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<IdleState>('active');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const tick = () => setState(idleState(lastRequestTime(), Date.now()));
    tick();
    const timer = setInterval(tick, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (state === 'warning' && !dialog.open) dialog.showModal();
    if (state !== 'warning' && dialog.open) dialog.close();
    if (state === 'expired') onExpired();
  }, [state, onExpired]);

  const stayConnected = async () => {
    setPending(true);
    try {
      await fetchCurrentUser();
    } catch {
      // A refused session is handled by the API client (login page).
    }
    setPending(false);
    setState(idleState(lastRequestTime(), Date.now()));
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="session-expire-titre"
      aria-describedby="session-expire-texte"
      // Escape means "I am still here" rather than leaving the warning unanswered.
      onCancel={(event) => {
        event.preventDefault();
        void stayConnected();
      }}
      className="m-auto max-w-md rounded-lg bg-surface p-6 shadow-xl backdrop:bg-overlay"
    >
      <h2 id="session-expire-titre" className="text-xl font-bold text-primary-strong">
        Votre session va expirer
      </h2>
      <p id="session-expire-texte" className="mt-3">
        Sans activité de votre part, vous serez déconnecté dans moins de 2 minutes pour protéger vos données.
        Souhaitez-vous rester connecté ?
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={pending} onClick={() => void stayConnected()}>
          Rester connecté
        </button>
        <button type="button" className="btn-secondary" onClick={onLogout}>
          Se déconnecter
        </button>
      </div>
    </dialog>
  );
}
