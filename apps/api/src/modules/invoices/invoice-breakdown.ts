import {
  INVOICE_ITEM_NATURES,
  VAT_RATE_BP,
  euros,
  invoiceTotals,
  type InvoiceChange,
  type InvoiceDetail,
  type InvoiceEvolution,
  type InvoiceItem,
  type InvoiceItemNature,
} from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import type { InvoiceItemRow } from './invoices.repository.ts';

/**
 * An invoice's charges grouped as the detail, the PDF and the comparison read them: per line (by
 * number), then the account's own charges; each group with its share of the VAT, all in cents.
 */
export interface ChargeGroup {
  /** Null for the account's own charges. */
  idContrat: number | null;
  numeroLigne: string | null;
  utilisateur: string | null;
  items: InvoiceItemRow[];
  htCentimes: number;
  tvaCentimes: number;
  ttcCentimes: number;
}

export interface Breakdown {
  lines: ChargeGroup[];
  account: ChargeGroup;
  htCentimes: number;
  tvaCentimes: number;
  ttcCentimes: number;
  byNature: { nature: InvoiceItemNature; htCentimes: number }[];
}


export function breakdown(items: readonly InvoiceItemRow[]): Breakdown {
  const byLine = new Map<number, InvoiceItemRow[]>();
  const accountItems: InvoiceItemRow[] = [];
  for (const item of items) {
    if (item.idContrat === null) accountItems.push(item);
    else byLine.set(item.idContrat, [...(byLine.get(item.idContrat) ?? []), item]);
  }
  const lineEntries = [...byLine.entries()].sort(
    ([a, itemsA], [b, itemsB]) => (itemsA[0]?.numeroLigne ?? '').localeCompare(itemsB[0]?.numeroLigne ?? '') || a - b,
  );
  const groups = [...lineEntries.map(([, lineItems]) => lineItems), accountItems];
  const totals = invoiceTotals(groups.map((group) => group.map((item) => item.montantHtCentimes)), VAT_RATE_BP);
  const group = (idContrat: number | null, groupItems: InvoiceItemRow[], index: number): ChargeGroup => {
    const share = totals.groups[index] ?? { htCentimes: 0, tvaCentimes: 0, ttcCentimes: 0 };
    const first = groupItems[0];
    return {
      idContrat,
      numeroLigne: first?.numeroLigne ?? null,
      utilisateur: first?.utilisateur ?? null,
      items: groupItems,
      ...share,
    };
  };
  return {
    lines: lineEntries.map(([idContrat, lineItems], index) => group(idContrat, lineItems, index)),
    account: group(null, accountItems, lineEntries.length),
    htCentimes: totals.htCentimes,
    tvaCentimes: totals.tvaCentimes,
    ttcCentimes: totals.ttcCentimes,
    byNature: INVOICE_ITEM_NATURES.map((nature) => ({
      nature,
      htCentimes: items.filter((item) => item.nature === nature).reduce((sum, item) => sum + item.montantHtCentimes, 0),
    })).filter((entry) => entry.htCentimes !== 0),
  };
}

export const itemOf = (item: InvoiceItemRow): InvoiceItem => ({
  nature: item.nature,
  libelle: item.libelle,
  quantite: item.quantite,
  montantHT: euros(item.montantHtCentimes),
  tauxTVA: item.tauxTvaBp / 100,
});

const groupTotals = (group: ChargeGroup) => ({ totalHT: euros(group.htCentimes), totalTVA: euros(group.tvaCentimes), totalTTC: euros(group.ttcCentimes) });

/** The detail's lines and account charges. */
export function detailParts(parts: Breakdown): Pick<InvoiceDetail, 'lignes' | 'compte' | 'totauxParNature'> {
  return {
    lignes: parts.lines.map((line) => ({
      idContrat: line.idContrat ?? 0,
      numeroLigne: line.numeroLigne ?? '',
      utilisateur: line.utilisateur,
      elements: line.items.map(itemOf),
      ...groupTotals(line),
    })),
    compte: { elements: parts.account.items.map(itemOf), ...groupTotals(parts.account) },
    totauxParNature: parts.byNature.map((entry) => ({ nature: entry.nature, montantHT: euros(entry.htCentimes) })),
  };
}

// ---------------------------------------------------------------------------------------------
// "Pourquoi ma facture a changé ?"

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const amount = (centimes: number) => `${money.format(centimes / 100)} HT`;
const sum = (items: readonly InvoiceItemRow[]) => items.reduce((total, item) => total + item.montantHtCentimes, 0);
const ofNature = (items: readonly InvoiceItemRow[], nature: InvoiceItemNature) => items.filter((item) => item.nature === nature);
/** The first invoice of a line bills the days of its activation month apart, with "prorata" in its label. */
const isProrata = (item: InvoiceItemRow) => item.nature === 'ABONNEMENT' && item.libelle.includes('prorata');

/** Labels present on one side only, with their amounts (a label twice counts twice). */
function onlyIn(items: readonly InvoiceItemRow[], others: readonly InvoiceItemRow[]): InvoiceItemRow[] {
  const left = new Map<string, number>();
  for (const other of others) left.set(other.libelle, (left.get(other.libelle) ?? 0) + 1);
  return items.filter((item) => {
    const count = left.get(item.libelle) ?? 0;
    if (count === 0) return true;
    left.set(item.libelle, count - 1);
    return false;
  });
}

/** Why one line's (or the account's) charges moved from `before` to `after`. */
export function changesOf(before: readonly InvoiceItemRow[], after: readonly InvoiceItemRow[]): InvoiceChange[] {
  const change = (type: InvoiceChange['type'], libelle: string, ecartCentimes: number): InvoiceChange => ({ type, libelle, ecartHT: euros(ecartCentimes) });
  if (before.length === 0) {
    const plans = ofNature(after, 'ABONNEMENT').filter((item) => !isProrata(item)).map((item) => item.libelle);
    const prorata = after.some(isProrata) ? ', avec le prorata de son mois de mise en service' : '';
    return [change('NOUVELLE_LIGNE', `Première facture de cette ligne${plans.length > 0 ? ` (${plans.join(', ')})` : ''}${prorata}.`, sum(after))];
  }
  if (after.length === 0) return [change('LIGNE_RETIREE', 'Cette ligne n’est plus facturée.', -sum(before))];

  const changes: InvoiceChange[] = [];
  // Subscription: another plan, the activation month's prorata, or another price.
  const plansBefore = ofNature(before, 'ABONNEMENT').filter((item) => !isProrata(item));
  const plansAfter = ofNature(after, 'ABONNEMENT').filter((item) => !isProrata(item));
  const planDifference = sum(plansAfter) - sum(plansBefore);
  const oldPlans = onlyIn(plansBefore, plansAfter);
  const newPlans = onlyIn(plansAfter, plansBefore);
  if (oldPlans.length > 0 || newPlans.length > 0) {
    const from = oldPlans.map((item) => item.libelle).join(', ') || 'aucun';
    const to = newPlans.map((item) => item.libelle).join(', ') || 'aucun';
    changes.push(change('FORFAIT', `Changement de forfait\u00a0: ${from} → ${to} (${amount(sum(plansAfter))} au lieu de ${amount(sum(plansBefore))}).`, planDifference));
  } else if (planDifference !== 0) {
    changes.push(change('FORFAIT', `Prix de l’abonnement modifié\u00a0: ${amount(sum(plansAfter))} au lieu de ${amount(sum(plansBefore))}.`, planDifference));
  }
  const prorataBefore = sum(before.filter(isProrata));
  const prorataAfter = sum(after.filter(isProrata));
  if (prorataAfter !== prorataBefore) {
    changes.push(
      change(
        'AUTRE',
        prorataAfter > 0
          ? `Prorata du mois de mise en service\u00a0: ${amount(prorataAfter)}.`
          : 'Le prorata du mois de mise en service, facturé une seule fois, ne figure plus sur cette facture.',
        prorataAfter - prorataBefore,
      ),
    );
  }

  // Options taken and dropped.
  const optionsBefore = ofNature(before, 'OPTION');
  const optionsAfter = ofNature(after, 'OPTION');
  const added = onlyIn(optionsAfter, optionsBefore);
  const removed = onlyIn(optionsBefore, optionsAfter);
  for (const item of added) changes.push(change('OPTION_AJOUTEE', `Option ajoutée\u00a0: ${item.libelle.replace(/^Option /, '')} (${amount(item.montantHtCentimes)}).`, item.montantHtCentimes));
  for (const item of removed) changes.push(change('OPTION_RETIREE', `Option retirée\u00a0: ${item.libelle.replace(/^Option /, '')} (${amount(item.montantHtCentimes)} de moins).`, -item.montantHtCentimes));
  const optionsLeft = sum(optionsAfter) - sum(optionsBefore) - sum(added) + sum(removed);
  if (optionsLeft !== 0) changes.push(change('AUTRE', 'Prix des options modifié.', optionsLeft));

  // Out-of-bundle usage of the month before each invoice.
  const usageBefore = sum(ofNature(before, 'HORS_FORFAIT'));
  const usageAfter = sum(ofNature(after, 'HORS_FORFAIT'));
  if (usageAfter !== usageBefore) {
    const text =
      usageAfter === 0
        ? `Aucune communication hors forfait ce mois-ci (${amount(usageBefore)} sur la facture précédente).`
        : usageBefore === 0
          ? `Communications hors forfait\u00a0: ${amount(usageAfter)}, aucune sur la facture précédente.`
          : `Communications hors forfait\u00a0: ${amount(usageAfter)} au lieu de ${amount(usageBefore)}.`;
    changes.push(change('HORS_FORFAIT', text, usageAfter - usageBefore));
  }

  // One-off charges and discounts: those that appear, and those that do not come back.
  for (const nature of ['PONCTUEL', 'REMISE'] as const) {
    const was = ofNature(before, nature);
    const is = ofNature(after, nature);
    for (const item of onlyIn(is, was)) {
      const text = nature === 'PONCTUEL' ? `Frais ponctuels\u00a0: ${item.libelle} (${amount(item.montantHtCentimes)}).` : `Remise appliquée\u00a0: ${item.libelle} (${amount(item.montantHtCentimes)}).`;
      changes.push(change(nature, text, item.montantHtCentimes));
    }
    for (const item of onlyIn(was, is)) {
      const text =
        nature === 'PONCTUEL'
          ? `Frais ponctuels de la facture précédente, non renouvelés\u00a0: ${item.libelle}.`
          : `Remise de la facture précédente terminée\u00a0: ${item.libelle}.`;
      changes.push(change(nature, text, -item.montantHtCentimes));
    }
  }
  return changes;
}

type EvolutionLine = InvoiceEvolution['lignes'][number];

/** Each line (and the account's own charges) whose charges differ between two invoices, the largest differences first. */
export function evolutionLines(before: readonly InvoiceItemRow[], after: readonly InvoiceItemRow[]): EvolutionLine[] {
  const keys = new Set<number | null>([...before, ...after].map((item) => item.idContrat));
  const lines: (EvolutionLine & { ecartCentimes: number })[] = [];
  for (const key of keys) {
    const was = before.filter((item) => item.idContrat === key);
    const is = after.filter((item) => item.idContrat === key);
    const changements = changesOf(was, is);
    const ecartCentimes = sum(is) - sum(was);
    if (changements.length === 0 && ecartCentimes === 0) continue;
    const named = is[0] ?? was[0];
    lines.push({
      idContrat: key,
      numeroLigne: named?.numeroLigne ?? null,
      utilisateur: named?.utilisateur ?? null,
      avantHT: euros(sum(was)),
      apresHT: euros(sum(is)),
      ecartHT: euros(ecartCentimes),
      changements,
      ecartCentimes,
    });
  }
  return lines
    .sort((a, b) => Math.abs(b.ecartCentimes) - Math.abs(a.ecartCentimes) || (a.numeroLigne ?? '\uffff').localeCompare(b.numeroLigne ?? '\uffff'))
    .map(({ ecartCentimes: _, ...line }) => line);
}

/** "06 12 34 56 78 – Julien Roux", "Frais du compte". */
export function groupTitle(group: Pick<ChargeGroup, 'numeroLigne' | 'utilisateur'>): string {
  if (group.numeroLigne === null) return 'Frais du compte';
  const number = formatPhone(group.numeroLigne);
  return group.utilisateur ? `Ligne ${number} – ${group.utilisateur}` : `Ligne ${number}`;
}
