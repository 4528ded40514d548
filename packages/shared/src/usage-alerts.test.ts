import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertSentence, parseEurosText, thresholdsFormSchema, thresholdsFormValues, thresholdsSchema, type Thresholds } from './usage-alerts.ts';

describe('thresholds form', () => {
  it('reads percentages and amounts as typed, and gives back what the API takes', () => {
    const parsed = thresholdsFormSchema.parse({ pourcentages: '100 ; 80 %', horsForfait: '1 250,5 €', itinerance: '', action: 'BLOCAGE_DATA', prevenirUtilisateur: true });
    expect(parsed).toEqual({ dataPourcentages: [80, 100], horsForfaitEurosHT: 1250.5, itineranceEurosHT: null, action: 'BLOCAGE_DATA', prevenirUtilisateur: true });
    expect(thresholdsSchema.parse(parsed)).toEqual(parsed);
  });

  it('refuses what is not a list of percentages or an amount to the cent, in French', () => {
    for (const pourcentages of ['0', '80, 80', '1, 2, 3, 4, 5, 6', '80.5', 'quatre-vingts', '501']) {
      const result = thresholdsFormSchema.safeParse({ pourcentages, horsForfait: '', itinerance: '', action: 'ALERTE', prevenirUtilisateur: false });
      expect(result.success).toBe(false);
    }
    for (const amount of ['12,345', '-5', '100000,01', '1e3', '12.3.4']) expect(parseEurosText(amount) === undefined || (parseEurosText(amount) ?? 0) > 100_000).toBe(true);
  });

  it('shows saved thresholds so that saving them again changes nothing', () => {
    const thresholdsArb: fc.Arbitrary<Thresholds> = fc.record({
      dataPourcentages: fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 5 }).map((values) => values.sort((a, b) => a - b)),
      horsForfaitEurosHT: fc.option(fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100)),
      itineranceEurosHT: fc.option(fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100)),
      action: fc.constantFrom('ALERTE' as const, 'BLOCAGE_DATA' as const),
      prevenirUtilisateur: fc.boolean(),
    });
    fc.assert(
      fc.property(thresholdsArb, (thresholds) => {
        expect(thresholdsFormSchema.parse(thresholdsFormValues(thresholds))).toEqual(thresholds);
      }),
    );
  });
});

describe('alertSentence', () => {
  it('says the line, what it reached and the threshold, amounts to the cent', () => {
    const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
    expect(plain(alertSentence({ numeroLigne: '0626043580', type: 'HORS_FORFAIT', seuil: 50, valeur: 583.42, unite: 'EUROS_HT' }))).toBe(
      'La ligne 06 26 04 35 80 a atteint 583,42 € HT de hors forfait sur la période (seuil de 50,00 € HT).',
    );
    expect(alertSentence({ numeroLigne: '0626043580', type: 'DATA_SEUIL', seuil: 80, valeur: 250, unite: 'POURCENT' })).toContain('250 % de son forfait de données (seuil de 80 %)');
    expect(plain(alertSentence({ numeroLigne: '0626043580', type: 'ANOMALIE', seuil: 1024, valeur: 3500, unite: 'MO' }))).toContain('3 500 Mo de données en une journée');
  });
});
