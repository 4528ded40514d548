import { useParams } from 'react-router';
import { BulkJobView } from '../../../features/bulk-actions/components/bulk-job-view.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { useSessionState } from '../../session/use-session-state.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';
import { AccountPage } from './account-page.tsx';

export { accountAreaLoader as bulkJobLoader } from './account-loader.ts';

/** /mon-compte/traitements/{idTraitement}: one job, its live progress, its results, stop and undo. */
export function BulkJobRoute() {
  const raw = useParams().idTraitement ?? '';
  const idTraitement = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const { user } = useSessionState();
  const title = `Traitement n° ${idTraitement}`;
  return (
    <AccountPage title={title} breadcrumb={accountBreadcrumb(user ?? undefined, title, { label: 'Actions groupées', to: PATHS.accountBulkJobs })} managersOnly="Les actions groupées sont suivies par les gestionnaires du compte." className="max-w-6xl">
      {(account) => <BulkJobView key={idTraitement} idClientBscs={account.idClientBscs} idTraitement={idTraitement} />}
    </AccountPage>
  );
}
