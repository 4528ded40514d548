import { scheduledReportSchema, type ScheduledReport, type ScheduledReportInput } from '@ecare/shared/scheduled-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { reportsPath, SCHEDULED_REPORTS_KEY } from './get-scheduled-reports.ts';

/** POST …/rapports-programmes: schedules a report (its first sending goes at once). */
export function useScheduleReport(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (report: ScheduledReportInput): Promise<ScheduledReport> => apiRequest(reportsPath(idClientBscs), { method: 'POST', json: report, schema: scheduledReportSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHEDULED_REPORTS_KEY }),
  });
}
