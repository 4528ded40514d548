import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, invoiceDay, invoiceEvolutionSchema, invoiceStatus } from '@ecare/shared';
import { invoices } from '../../db/schema.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { cents, invoiceDetail, invoiceFixture, invoicePage } from '../../test/support/invoices.ts';

const { t, f } = useTestContext(invoiceFixture);

const today = () => invoiceDay(t.clock.now());

describe('GET /api/facture/{idClientBscs}', () => {
  it('lists the account’s invoices newest first, twelve a page, with their status of the day and the years to filter on', async () => {
    const first = await invoicePage(t, f.account, '', f.manager);
    expect(first.total).toBe(24);
    expect(first.factures).toHaveLength(12);
    expect(first.page).toBe(1);
    const second = await invoicePage(t, f.account, '?page=2', f.manager);
    const listed = [...first.factures, ...second.factures];
    const dates = listed.map((invoice) => invoice.dateFacture);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(listed.map((invoice) => invoice.referenceNumber)).toEqual([...f.invoices].reverse().map((invoice) => invoice.referenceNumber));
    expect(first.annees).toEqual([...new Set(dates.map((date) => Number(date.slice(0, 4))))].sort().reverse());

    const [latest] = first.factures;
    expect(latest).toMatchObject({
      referenceNumber: f.latest.referenceNumber,
      dateFacture: f.latest.dateFacture,
      dateEcheance: f.latest.dateEcheance,
      periodeDebut: f.latest.periodeDebut,
      periodeFin: f.latest.periodeFin,
      montantTTC: f.latest.montantTtcCentimes / 100,
      reclamationEnCours: false,
    });
    for (const invoice of listed) {
      // Euros exact to the cent, and adding up.
      for (const amount of [invoice.montantHT, invoice.montantTVA, invoice.montantTTC, invoice.resteAPayer]) expect(String(amount)).toMatch(/^-?\d+(\.\d{1,2})?$/);
      expect(cents(invoice.montantHT) + cents(invoice.montantTVA)).toBe(cents(invoice.montantTTC));
      expect(INVOICE_STATUSES).toContain(invoice.statut);
    }
  });

  it('shows the bakery’s direct debits: the latest to come, the one of two months before bounced and late, the others paid', async () => {
    const { factures } = await invoicePage(t, f.account, '?taille=50', f.manager);
    expect(factures[0]?.statut).toBe('PRELEVEMENT_A_VENIR');
    expect(factures[2]?.statut).toBe('EN_RETARD');
    expect(factures[2]?.resteAPayer).toBe(factures[2]?.montantTTC);
    expect(factures.filter((invoice) => invoice.statut === 'PAYEE')).toHaveLength(22);
    expect(factures.filter((invoice) => invoice.statut === 'PAYEE').every((invoice) => invoice.resteAPayer === 0)).toBe(true);
  });

  it('sums up what is to pay now (the direct debit to come left aside) and how many invoices are late, whatever the page', async () => {
    for (const query of ['', '?page=2', '?annee=2001']) {
      const page = await invoicePage(t, f.account, query, f.manager);
      expect(page.soldeAPayer).toBe(f.ago(2).resteAPayerCentimes / 100);
      expect(page.enRetard).toBe(1);
    }
    const solo = await invoicePage(t, f.strangerAccount, '', f.stranger);
    expect(solo).toMatchObject({ soldeAPayer: 0, enRetard: 0 });
  });

  it('filters a year, sorts on request and answers the last page past the end', async () => {
    const year = Number(f.latest.dateFacture.slice(0, 4));
    const ofYear = await invoicePage(t, f.account, `?annee=${year}&taille=50`, f.manager);
    expect(ofYear.total).toBe(f.invoices.filter((invoice) => invoice.dateFacture.startsWith(`${year}-`)).length);
    expect(ofYear.factures.every((invoice) => invoice.dateFacture.startsWith(`${year}-`))).toBe(true);
    expect((await invoicePage(t, f.account, '?annee=2001', f.manager)).total).toBe(0);

    const cheapestFirst = await invoicePage(t, f.account, '?tri=montantTTC&ordre=asc&taille=50', f.manager);
    const amounts = cheapestFirst.factures.map((invoice) => invoice.montantTTC);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const past = await invoicePage(t, f.account, '?page=99&taille=10', f.manager);
    expect(past.page).toBe(3);
    expect(past.factures).toHaveLength(4);
  });

  it('refuses malformed queries without a server error', async () => {
    for (const query of ['?annee=1999', '?annee=2101', '?annee=abc', '?annee=99999999999999999999', '?annee=2026%00', '?page=0', '?taille=51', '?tri=statut', '?ordre=up']) {
      const response = await t.get(`/api/facture/${f.account}${query}`, f.manager);
      expect(response.statusCode, query).toBe(400);
    }
    for (const id of ['0', '-1', '2147483648', '1e99', 'abc', '1000001%00']) {
      const response = await t.get(`/api/facture/${id}`, f.manager);
      expect(response.statusCode, id).toBe(400);
    }
  });
});

describe('GET /api/detail-facture/{idClientBscs}/{referenceNumber}', () => {
  it('gives every charge per line and the account’s own, totals adding up to the cent', async () => {
    for (const invoice of f.invoices) {
      const detail = await invoiceDetail(t, f.account, invoice.referenceNumber, f.manager);
      const groups = [...detail.lignes, detail.compte];
      expect(groups.reduce((sum, group) => sum + cents(group.totalHT), 0)).toBe(invoice.montantHtCentimes);
      expect(groups.reduce((sum, group) => sum + cents(group.totalTVA), 0)).toBe(invoice.montantTvaCentimes);
      expect(groups.reduce((sum, group) => sum + cents(group.totalTTC), 0)).toBe(invoice.montantTtcCentimes);
      for (const group of groups) {
        expect(group.elements.reduce((sum, item) => sum + cents(item.montantHT), 0)).toBe(cents(group.totalHT));
        expect(cents(group.totalHT) + cents(group.totalTVA)).toBe(cents(group.totalTTC));
      }
      expect(detail.totauxParNature.reduce((sum, entry) => sum + cents(entry.montantHT), 0)).toBe(invoice.montantHtCentimes);
      expect(detail.facture.montantTTC).toBe(invoice.montantTtcCentimes / 100);
      // VAT at 20 % of the whole, to the nearest cent.
      expect(Math.abs(invoice.montantTvaCentimes - invoice.montantHtCentimes * 0.2)).toBeLessThanOrEqual(0.5);
    }
  });

  it('names each line by number and user, with its subscription, and the account’s fixed-line box', async () => {
    const detail = await invoiceDetail(t, f.account, f.latest.referenceNumber, f.manager);
    const billed = f.lines.filter((line) => line.codeStatut !== 'EN_COURS');
    expect(detail.lignes.map((line) => line.idContrat).sort()).toEqual(billed.map((line) => line.idContrat).sort());
    const numbers = detail.lignes.map((line) => line.numeroLigne);
    expect(numbers).toEqual([...numbers].sort());
    const own = detail.lignes.find((line) => line.idContrat === f.own.idContrat);
    expect(own?.utilisateur).toBe('Julien Roux');
    for (const line of detail.lignes) expect(line.elements.some((item) => item.nature === 'ABONNEMENT')).toBe(true);
    expect(detail.compte.elements.map((item) => item.libelle)).toContain('Box Pro Fibre – ligne fixe');
    // The bounced direct debit's fees, on the invoice after it.
    expect(detail.compte.elements.some((item) => item.nature === 'PONCTUEL' && item.libelle.includes(f.ago(2).referenceNumber))).toBe(true);
    expect(detail.modePaiement).toBe('PRELEVEMENT');
    expect(detail.tauxTVA).toBe(20);
    expect(detail.referencePrecedente).toBe(f.ago(1).referenceNumber);
    expect(detail.paiements).toEqual([]);

    const paid = await invoiceDetail(t, f.account, f.ago(5).referenceNumber, f.manager);
    expect(paid.facture.statut).toBe('PAYEE');
    expect(paid.paiements).toEqual([{ date: expect.any(String), montant: paid.facture.montantTTC, moyen: 'PRELEVEMENT' }]);
    const first = await invoiceDetail(t, f.account, f.ago(23).referenceNumber, f.manager);
    expect(first.referencePrecedente).toBeNull();
  });
});

describe('GET /api/detail-facture/{idClientBscs}/{referenceNumber}/evolution', () => {
  it('explains, line by line, the difference with the previous invoice', async () => {
    let explained = 0;
    for (const invoice of f.invoices.slice(1)) {
      const response = await t.get(`/api/detail-facture/${f.account}/${invoice.referenceNumber}/evolution`, f.manager);
      const evolution = bodyOf(response, invoiceEvolutionSchema);
      const previous = f.invoices[f.invoices.indexOf(invoice) - 1];
      expect(evolution.precedente?.referenceNumber).toBe(previous?.referenceNumber);
      expect(cents(evolution.ecartHT)).toBe(invoice.montantHtCentimes - (previous?.montantHtCentimes ?? 0));
      expect(cents(evolution.ecartTTC)).toBe(invoice.montantTtcCentimes - (previous?.montantTtcCentimes ?? 0));
      // The lines' differences are the invoice's.
      expect(evolution.lignes.reduce((sum, line) => sum + cents(line.ecartHT), 0)).toBe(cents(evolution.ecartHT));
      for (const line of evolution.lignes) {
        expect(cents(line.apresHT) - cents(line.avantHT)).toBe(cents(line.ecartHT));
        // Each reason weighs what it says, and they account for the whole difference.
        expect(line.changements.length).toBeGreaterThan(0);
        expect(line.changements.reduce((sum, change) => sum + cents(change.ecartHT), 0)).toBe(cents(line.ecartHT));
        for (const change of line.changements) expect(change.libelle).toMatch(/\.$/);
      }
      const sizes = evolution.lignes.map((line) => Math.abs(line.ecartHT));
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      explained += evolution.lignes.length;
    }
    expect(explained).toBeGreaterThan(0);
  });

  it('says why: the box’s fees, out-of-bundle usage, a new line, a plan or option change', async () => {
    const latest = bodyOf(await t.get(`/api/detail-facture/${f.account}/${f.latest.referenceNumber}/evolution`, f.manager), invoiceEvolutionSchema);
    const account = latest.lignes.find((line) => line.idContrat === null);
    expect(account?.changements.some((change) => change.type === 'PONCTUEL' && /^Frais ponctuels\s: Frais de rejet de prélèvement/.test(change.libelle))).toBe(true);
    const types = new Set<string>();
    for (const invoice of f.invoices.slice(1)) {
      const evolution = bodyOf(await t.get(`/api/detail-facture/${f.account}/${invoice.referenceNumber}/evolution`, f.manager), invoiceEvolutionSchema);
      for (const line of evolution.lignes) for (const change of line.changements) types.add(change.type);
    }
    expect([...types]).toEqual(expect.arrayContaining(['HORS_FORFAIT', 'PONCTUEL']));
    expect(types.has('FORFAIT') || types.has('OPTION_AJOUTEE') || types.has('OPTION_RETIREE')).toBe(true);
  });

  it('has nothing to compare the first invoice with', async () => {
    const first = bodyOf(await t.get(`/api/detail-facture/${f.account}/${f.ago(23).referenceNumber}/evolution`, f.manager), invoiceEvolutionSchema);
    expect(first).toMatchObject({ precedente: null, lignes: [], ecartHT: first.montantHT });
  });
});

describe('access to invoices', () => {
  const routes = (idClientBscs: number, referenceNumber: string) => [
    `/api/facture/${idClientBscs}`,
    `/api/detail-facture/${idClientBscs}/${referenceNumber}`,
    `/api/detail-facture/${idClientBscs}/${referenceNumber}/evolution`,
    `/api/facture/${idClientBscs}/${referenceNumber}/pdf`,
    `/api/facture/${idClientBscs}/${referenceNumber}/cii`,
    `/api/facture/${idClientBscs}/${referenceNumber}/ubl`,
    `/api/facture/${idClientBscs}/zip?annee=${referenceNumber === 'F0000' ? 2026 : 2000 + Number(referenceNumber.slice(1, 3))}`,
    `/api/facture/${idClientBscs}/export?format=csv`,
  ];

  it('refuses another customer, a line user, an attached mandataire who does not manage, and unknown accounts: 403', async () => {
    const cases = [
      { token: f.stranger, account: f.account, reference: f.latest.referenceNumber },
      { token: f.lineUser, account: f.account, reference: f.latest.referenceNumber },
      { token: f.manager, account: f.strangerAccount, reference: f.strangerInvoice.referenceNumber },
      { token: f.mandataire, account: f.notManaged, reference: f.unmanagedInvoice.referenceNumber },
      { token: f.manager, account: 9_999_999, reference: f.latest.referenceNumber },
    ];
    for (const { token, account, reference } of cases) {
      for (const url of routes(account, reference)) expectError(await t.get(url, token), 403, 'FORBIDDEN_ACCOUNT');
      const complaint = await t.send('POST', `/api/facture/${account}/${reference}/reclamation`, { token, json: { motif: 'AUTRE', message: 'Montant incompréhensible.' } });
      expectError(complaint, 403, 'FORBIDDEN_ACCOUNT');
    }
  });

  it('answers another account’s invoice on one’s own account as an unknown one: 404', async () => {
    for (const reference of [f.strangerInvoice.referenceNumber, f.unmanagedInvoice.referenceNumber, 'F9901999', 'X']) {
      for (const url of routes(f.account, reference).slice(1, 6)) expectError(await t.get(url, f.manager), 404, 'INVOICE_NOT_FOUND');
      const complaint = await t.send('POST', `/api/facture/${f.account}/${reference}/reclamation`, { token: f.manager, json: { motif: 'AUTRE', message: 'Montant incompréhensible.' } });
      expectError(complaint, 404, 'INVOICE_NOT_FOUND');
    }
  });

  it('asks for a session, and refuses malformed references without a server error', async () => {
    for (const url of routes(f.account, f.latest.referenceNumber)) expectError(await t.get(url), 401, 'UNAUTHENTICATED');
    for (const reference of ['f2603', 'F2603%00', 'F2603%20', `F${'9'.repeat(40)}`, '%2E%2E', 'F26-03%2F1']) {
      for (const url of routes(f.account, reference).slice(1, 6)) {
        const response = await t.get(url, f.manager);
        expect([400, 404], `${url}: ${response.body}`).toContain(response.statusCode);
      }
    }
  });
});

describe('invoice status', () => {
  it('is derived from the balance, the due date, the direct debit and the clock', async () => {
    const day = today();
    const { factures } = await invoicePage(t, f.account, '?taille=50', f.manager);
    for (const row of f.invoices) expect(factures.find((invoice) => invoice.referenceNumber === row.referenceNumber)?.statut).toBe(invoiceStatus(row, day));
    // Paid stays paid, whatever its due date.
    await t.db.update(invoices).set({ dateEcheance: '2000-01-31' }).where(eq(invoices.id, f.ago(1).id));
    try {
      expect((await invoicePage(t, f.account, '?taille=3', f.manager)).factures[1]?.statut).toBe('PAYEE');
    } finally {
      await t.db.update(invoices).set({ dateEcheance: f.ago(1).dateEcheance }).where(eq(invoices.id, f.ago(1).id));
    }
  });

  it('moves with the clock: the direct debit to come is late once its due date has passed', async () => {
    const days = 45 * 86_400_000;
    t.clock.advance(days);
    try {
      const token = await t.loginAs('gestionnaire');
      expect((await invoicePage(t, f.account, '?taille=3', token)).factures[0]?.statut).toBe('EN_RETARD');
    } finally {
      t.clock.advance(-days);
    }
  });
});
