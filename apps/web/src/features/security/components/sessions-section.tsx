import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import type { UserSession } from '@ecare/shared/user-sessions';
import { LogOut } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/get-sessions.ts';

const moment = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string) => moment.format(new Date(iso));

/** What is being confirmed: one session, or all the others. */
type Ending = { kind: 'one'; session: UserSession } | { kind: 'others' };

function endedNotice(count: number): string {
  if (count === 0) return 'Aucune autre session n’était ouverte.';
  return count === 1 ? 'L’autre session a été déconnectée.' : `Les ${count} autres sessions ont été déconnectées.`;
}

/**
 * The sessions signed in to the user's account (decision 055): device, browser, approximate place,
 * sign-in and last activity, this one marked; any other ended on its own or all at once, each
 * after a confirmation.
 */
export function SessionsSection() {
  const headingId = useId();
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const confirmation = useConfirmation();
  const [ending, setEnding] = useState<Ending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = end.isPending || endOthers.isPending;

  const confirmThen = async (what: Ending) => {
    if (busy || confirmation.isOpen) return;
    end.reset();
    endOthers.reset();
    setNotice(null);
    setEnding(what);
    if (!(await confirmation.ask())) return;
    try {
      if (what.kind === 'one') {
        await end.mutateAsync(what.session.id);
        setNotice(`La session ${what.session.appareil} (${what.session.navigateur}) a été déconnectée.`);
      } else {
        setNotice(endedNotice((await endOthers.mutateAsync()).sessionsTerminees));
      }
    } catch {
      // Said above the table (end.error, endOthers.error).
    } finally {
      confirmation.close();
    }
  };

  const columns: DataColumn<UserSession>[] = [
    {
      id: 'appareil',
      header: 'Appareil',
      rowHeader: true,
      cell: (session) => (
        <>
          {session.appareil}
          {session.courante ? (
            <span className="ml-2 inline-block rounded-full bg-success-soft px-3 py-0.5 text-sm font-semibold whitespace-nowrap text-success">Cette session</span>
          ) : null}
        </>
      ),
    },
    { id: 'navigateur', header: 'Navigateur', cell: (session) => session.navigateur },
    { id: 'lieu', header: 'Lieu approché', cell: (session) => session.lieu },
    { id: 'debut', header: 'Connexion', className: 'whitespace-nowrap', cell: (session) => when(session.debut) },
    { id: 'activite', header: 'Dernière activité', className: 'whitespace-nowrap', cell: (session) => when(session.derniereActivite) },
    {
      id: 'actions',
      header: 'Actions',
      card: 'actions',
      cell: (session) =>
        session.courante ? null : (
          // Positioned, so that the button's visually hidden words stay inside the table's scrolling area.
          <div className="relative">
            <button type="button" className="btn-secondary whitespace-nowrap" disabled={busy} onClick={() => void confirmThen({ kind: 'one', session })}>
              Déconnecter
              <span className="sr-only">
                {' '}
                {session.appareil}, {session.navigateur}
              </span>
            </button>
          </div>
        ),
    },
  ];

  const rows = sessions.data ?? [];
  const others = rows.filter((session) => !session.courante).length;
  return (
    <section aria-labelledby={headingId} className="card space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-bold text-primary-strong">
          Sessions ouvertes
        </h2>
        <p className="mt-1 text-muted">
          Les appareils et navigateurs connectés à votre espace client. Si vous n’en reconnaissez pas un, déconnectez-le puis changez votre code confidentiel.
        </p>
      </div>
      <div role="status">
        {notice ? (
          <Alert tone="success" live={false}>
            {notice}
          </Alert>
        ) : null}
      </div>
      {end.error ? <ApiErrorAlert error={end.error} /> : null}
      {endOthers.error ? <ApiErrorAlert error={endOthers.error} /> : null}
      {sessions.data ? (
        <>
          <DataTable caption="Sessions ouvertes sur votre compte" columns={columns} rows={rows} rowKey={(session) => session.id} />
          {others > 0 ? (
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => void confirmThen({ kind: 'others' })}>
              <LogOut aria-hidden="true" className="size-4" />
              Déconnecter toutes les autres sessions
            </button>
          ) : (
            <p className="text-muted">Aucune autre session n’est ouverte.</p>
          )}
        </>
      ) : sessions.error ? (
        <ReadFailed error={sessions.error} onRetry={() => void sessions.refetch()} pending={sessions.isFetching} />
      ) : (
        <WaitingText>Chargement de vos sessions…</WaitingText>
      )}

      <ConfirmDialog
        confirmation={confirmation}
        title={ending?.kind === 'others' ? 'Déconnecter toutes les autres sessions\u00a0?' : 'Déconnecter cette session\u00a0?'}
        confirmLabel={ending?.kind === 'others' ? 'Déconnecter les autres sessions' : 'Déconnecter'}
        isPending={busy}
      >
        {ending?.kind === 'one' ? (
          <>
            <p>
              {ending.session.appareil} ({ending.session.navigateur}), {ending.session.lieu}, connectée le {when(ending.session.debut)}.
            </p>
            <p>Cette session sera fermée immédiatement&nbsp;: il faudra de nouveau saisir le code confidentiel sur cet appareil.</p>
          </>
        ) : (
          <p>
            Vos sessions ouvertes sur d’autres appareils ou navigateurs seront fermées immédiatement. Cette session reste ouverte.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
