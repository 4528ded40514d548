import { useEffect, useState } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import { fetchCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { lastRequestTime } from '../../lib/session-storage.ts';
import { idleState, type IdleState } from './idle-state.ts';

const CHECK_EVERY_MS = 5_000;
const TEXT_ID = 'session-expire-texte';

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
  const [state, setState] = useState<IdleState>('active');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const tick = () => setState(idleState(lastRequestTime(), Date.now()));
    tick();
    const timer = setInterval(tick, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (state === 'expired') onExpired();
  }, [state, onExpired]);

  const stayConnected = async () => {
    if (pending) return;
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
    <Dialog
      role="alertdialog"
      title="Votre session va expirer"
      describedBy={TEXT_ID}
      isOpen={state === 'warning'}
      // Escape means "I am still here" rather than leaving the warning unanswered.
      onOpenChange={(open) => {
        if (!open) void stayConnected();
      }}
      actions={
        <>
          <button type="button" className="btn-primary" disabled={pending} onClick={() => void stayConnected()}>
            Rester connecté
          </button>
          <button type="button" className="btn-secondary" onClick={onLogout}>
            Se déconnecter
          </button>
        </>
      }
    >
      <p id={TEXT_ID}>
        Sans activité de votre part, vous serez déconnecté dans moins de 2 minutes pour protéger vos données. Souhaitez-vous
        rester connecté&nbsp;?
      </p>
    </Dialog>
  );
}
