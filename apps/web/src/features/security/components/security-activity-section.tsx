import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { SECURITY_ACTIVITY_DAYS, type SecurityActivityEntry } from '@ecare/shared/security-activity';
import { useId } from 'react';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { useSecurityActivity } from '../api/get-security-activity.ts';

const moment = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });
const NONE = '—';

/** An entry and its place in the list: two events can share their date and words. */
type Row = SecurityActivityEntry & { position: number };

const columns: DataColumn<Row>[] = [
  { id: 'evenement', header: 'Événement', rowHeader: true, card: 'title', cell: (entry) => entry.evenement },
  { id: 'date', header: 'Date', className: 'whitespace-nowrap', cell: (entry) => moment.format(new Date(entry.date)) },
  { id: 'appareil', header: 'Appareil', cell: (entry) => entry.appareil ?? NONE },
  { id: 'navigateur', header: 'Navigateur', cell: (entry) => entry.navigateur ?? NONE },
  { id: 'lieu', header: 'Lieu approché', cell: (entry) => entry.lieu ?? NONE },
];

/** « Activité récente »: the user's sign-ins and security changes of the last 90 days (decision 058). */
export function SecurityActivitySection() {
  const headingId = useId();
  const activity = useSecurityActivity();
  return (
    <section aria-labelledby={headingId} className="card space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-bold text-primary-strong">
          Activité récente
        </h2>
        <p className="mt-1 text-muted">
          Vos connexions et les changements de sécurité de votre compte de ces {SECURITY_ACTIVITY_DAYS}&nbsp;derniers jours, les plus récents d’abord. Si
          l’un d’eux ne vient pas de vous, changez votre code confidentiel et contactez notre service client.
        </p>
      </div>
      {activity.data ? (
        <DataTable
          caption="Activité récente de votre compte"
          columns={columns}
          rows={activity.data.map((entry, position) => ({ ...entry, position }))}
          rowKey={(entry) => entry.position}
          empty={<EmptyState title={`Aucune activité ces ${SECURITY_ACTIVITY_DAYS}\u00a0derniers jours.`} />}
        />
      ) : activity.error ? (
        <ReadFailed error={activity.error} onRetry={() => void activity.refetch()} pending={activity.isFetching} />
      ) : (
        <WaitingText>Chargement de votre activité…</WaitingText>
      )}
    </section>
  );
}
