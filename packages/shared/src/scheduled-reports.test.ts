import { describe, expect, it } from 'vitest';
import { emailDomain, isoWeekOf, reportPeriodLabel, scheduledReportFormSchema, scheduledReportInputSchema } from './scheduled-reports.ts';

describe('scheduled reports', () => {
  it('name a week as ISO 8601 does, the Thursday deciding the year', () => {
    expect(isoWeekOf('2026-11-29')).toBe('2026-W48'); // a Sunday
    expect(isoWeekOf('2026-11-30')).toBe('2026-W49'); // the Monday after
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53'); // a Friday: still 2026's last week
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01'); // a Monday: already 2025's first week
    expect(isoWeekOf('2026-01-01')).toBe('2026-W01'); // a Thursday
    expect(reportPeriodLabel('2026-W05')).toBe('semaine 5 de 2026');
    expect(reportPeriodLabel('2026-11')).toBe('facture de novembre 2026');
  });

  it('read the extra addresses of the form, lower-cased once each, and refuse what is not an address', () => {
    const form = (destinataires: string) => scheduledReportFormSchema.safeParse({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE', destinataires });
    expect(form('').data).toEqual({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE', destinataires: [] });
    const parsed = scheduledReportInputSchema.parse(form(' Compta@Exemple.fr ; dsi@exemple.fr,\ncompta@exemple.fr ').data);
    expect(parsed.destinataires).toEqual(['compta@exemple.fr', 'dsi@exemple.fr']);
    expect(form('compta@exemple.fr, pas une adresse').error?.issues[0]?.message).toBe('« pas » n’est pas une adresse e-mail valide.');
    expect(form(Array.from({ length: 11 }, (_, i) => `p${i}@exemple.fr`).join(',')).error?.issues[0]?.message).toBe('Indiquez au plus 10 adresses.');
    expect(emailDomain('Jean.Dupont@Sub.Exemple.FR')).toBe('sub.exemple.fr');
  });
});
