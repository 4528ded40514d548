import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { SCHEDULED_REPORTS_AUDIT_ACTIONS } from './scheduled-reports.audit.ts';
import { createScheduledReportsMails } from './scheduled-reports.mails.ts';
import { createScheduledReportsRepository } from './scheduled-reports.repository.ts';
import { scheduledReportsRoutes } from './scheduled-reports.routes.ts';
import { createScheduledReportsService, SEND_REPORT_QUEUE, type SendReportJob } from './scheduled-reports.service.ts';

/** The web app's page of the account's scheduled reports, which the e-mails link to. */
const REPORTS_PAGE = '/mon-compte/rapports';
/** How often the reports due are looked for: a weekly one goes early on Monday, a monthly one within the hour its invoice is issued. */
const QUEUE_DUE_CRON = '*/15 * * * *';
const FORGET_OLD_CRON = '50 3 * * *';

/** Scheduled reports (decision 052): workbooks of the fleet or of the invoice by cost centre, mailed monthly or weekly, kept a year. */
export const scheduledReportsModule = defineModule(
  'scheduled-reports',
  async (app, core) => {
    const base = serviceCore(core);
    const service = createScheduledReportsService({
      ...base,
      repo: createScheduledReportsRepository(core.db),
      jobs: core.jobs,
      mails: createScheduledReportsMails({ mail: core.mail, brandName: base.brandName, publicUrl: base.publicUrl, reportsPath: REPORTS_PAGE }),
      store: core.files.rapports,
      producers: { FLOTTE: app.lines.fleetWorkbook, FACTURE_CENTRES: app.invoices.centresWorkbook },
    });
    await core.jobs.work<SendReportJob>(SEND_REPORT_QUEUE, async (job) => void (await service.send(job)), { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true });
    await core.jobs.schedule('scheduled-reports.queue-due', QUEUE_DUE_CRON, async () => void (await service.queueDue()));
    await core.jobs.schedule('scheduled-reports.forget-old', FORGET_OLD_CRON, async () => void (await service.forgetOld()));
    await scheduledReportsRoutes(app, service);
  },
  { dependencies: ['auth', 'lines', 'invoices'], auditActions: SCHEDULED_REPORTS_AUDIT_ACTIONS },
);
