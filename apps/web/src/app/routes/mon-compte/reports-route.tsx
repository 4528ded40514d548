import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useScheduledReports } from '../../../features/scheduled-reports/api/get-scheduled-reports.ts';
import { ScheduleReportForm } from '../../../features/scheduled-reports/components/schedule-report-form.tsx';
import { ReportSendingsTable, ScheduledReportsTable } from '../../../features/scheduled-reports/components/scheduled-reports-tables.tsx';
import { AccountPage } from './account-page.tsx';

export { accountAreaLoader as reportsLoader } from './account-loader.ts';

export function AccountReports({ idClientBscs }: { idClientBscs: number }) {
  const reports = useScheduledReports(idClientBscs);
  return (
    <>
      <section aria-labelledby="rapports" className="space-y-4">
        <h2 id="rapports" className="text-xl font-bold text-primary-strong">
          Rapports programmés
        </h2>
        <p className="text-muted">
          Un classeur Excel envoyé par e-mail aux gestionnaires du compte et aux adresses choisies : chaque mois le jour où la facture est émise, ou chaque lundi matin.
        </p>
        {reports.isPending ? <WaitingText>Chargement des rapports…</WaitingText> : null}
        {reports.isError ? <ReadFailed error={reports.error} onRetry={() => void reports.refetch()} pending={reports.isFetching} /> : null}
        {reports.data ? <ScheduledReportsTable idClientBscs={idClientBscs} reports={reports.data.rapports} /> : null}
      </section>
      <section aria-labelledby="programmer" className="card space-y-4">
        <h2 id="programmer" className="text-xl font-bold text-primary-strong">
          Programmer un rapport
        </h2>
        <ScheduleReportForm idClientBscs={idClientBscs} />
      </section>
      <section aria-labelledby="envois" className="space-y-4">
        <h2 id="envois" className="text-xl font-bold text-primary-strong">
          Envois des 12 derniers mois
        </h2>
        {reports.data ? <ReportSendingsTable idClientBscs={idClientBscs} sendings={reports.data.envois} /> : null}
      </section>
    </>
  );
}

/** /mon-compte/rapports: the account's scheduled reports and their sendings (decision 052). */
export function ReportsRoute() {
  return (
    <AccountPage title="Rapports programmés" managersOnly="Les rapports programmés sont réservés aux gestionnaires du compte de facturation." className="max-w-6xl space-y-8">
      {(account) => <AccountReports idClientBscs={account.idClientBscs} />}
    </AccountPage>
  );
}
