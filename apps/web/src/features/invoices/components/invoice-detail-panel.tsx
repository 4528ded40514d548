import {
  INVOICE_COMPLAINT_MOTIF_LABELS,
  INVOICE_COMPLAINT_STATUS_LABELS,
  INVOICE_ITEM_NATURE_LABELS,
  INVOICE_PAYMENT_MEAN_LABELS,
  type InvoiceComplaintResponse,
  type InvoiceDetail,
  type InvoiceItem,
  type InvoicePaymentMode,
} from '@ecare/shared/invoices';
import { formatPhone } from '@ecare/shared/phone';
import { useState, type ReactNode } from 'react';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { invoicePdfPath } from '../api/invoice-paths.ts';
import { EInvoiceXmlMenu } from './e-invoice-xml-menu.tsx';
import { formatDay, formatEuros, formatMoment } from '../utils/invoice-format.ts';
import { ComplaintSent, InvoiceComplaintForm } from './invoice-complaint.tsx';
import { InvoiceCentresSection } from './invoice-centres-section.tsx';
import { InvoiceEvolutionSection } from './invoice-evolution.tsx';
import { InvoiceBadges } from './invoice-status-badge.tsx';

const PAYMENT_TERMS: Record<InvoicePaymentMode, string> = {
  PRELEVEMENT: 'Prélèvement SEPA à la date d’échéance',
  CARTE: 'Carte bancaire, depuis votre espace client',
  VIREMENT: 'Virement bancaire, en rappelant le numéro de la facture',
};

const ITEM_COLUMNS: readonly DataColumn<InvoiceItem>[] = [
  { id: 'libelle', header: 'Désignation', rowHeader: true, cell: (item) => item.libelle },
  { id: 'nature', header: 'Nature', cell: (item) => INVOICE_ITEM_NATURE_LABELS[item.nature], className: 'w-60' },
  { id: 'tva', header: 'TVA', cell: (item) => `${item.tauxTVA}\u00a0%`, className: 'w-20 whitespace-nowrap text-right' },
  { id: 'montant', header: 'Montant HT', cell: (item) => formatEuros(item.montantHT), className: 'w-36 whitespace-nowrap text-right' },
];

/** Label and value, side by side on a wide screen. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 border-b border-line-soft py-2 last:border-b-0">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** One line's (or the account's) charges and its totals. */
function ChargeGroup({ title, items, totals }: { title: string; items: readonly InvoiceItem[]; totals: { totalHT: number; totalTVA: number; totalTTC: number } }) {
  return (
    <section className="space-y-2">
      <h3 className="text-lg font-semibold">{title}</h3>
      <DataTable
        caption={`Détail\u00a0: ${title}`}
        columns={ITEM_COLUMNS}
        rows={items.map((item, position) => ({ ...item, position }))}
        rowKey={(item) => item.position}
      />
      <p className="text-right text-sm">
        Total {formatEuros(totals.totalHT)} HT · TVA {formatEuros(totals.totalTVA)} · <strong>{formatEuros(totals.totalTTC)} TTC</strong>
      </p>
    </section>
  );
}

interface InvoiceDetailPanelProps {
  idClientBscs: number;
  detail: InvoiceDetail;
  /** The link to pay what is due, shown while this invoice is to pay or late. */
  payLink: ReactNode;
}

/**
 * An invoice: what it amounts to and where it stands, its PDF, the comparison with the previous
 * invoice, its amounts by cost centre when its lines had centres, every charge line by line, and
 * the complaint memo (or the complaint in progress).
 */
export function InvoiceDetailPanel({ idClientBscs, detail, payLink }: InvoiceDetailPanelProps) {
  const { facture } = detail;
  const [sent, setSent] = useState<InvoiceComplaintResponse | null>(null);
  const open = detail.reclamations.find((complaint) => complaint.statut === 'EN_COURS');
  const due = facture.statut === 'A_PAYER' || facture.statut === 'EN_RETARD';
  return (
    <div className="space-y-8">
      <section aria-labelledby="resume-facture" className="card space-y-4">
        <h2 id="resume-facture" className="text-xl font-bold text-primary-strong">
          Résumé
        </h2>
        <InvoiceBadges status={facture.statut} complaint={facture.reclamationEnCours} />
        <dl className="grid gap-x-10 md:grid-cols-2">
          <Fact label="Date de facture">{formatDay(facture.dateFacture)}</Fact>
          <Fact label="Période">
            du {formatDay(facture.periodeDebut)} au {formatDay(facture.periodeFin)}
          </Fact>
          <Fact label="Échéance">{formatDay(facture.dateEcheance)}</Fact>
          <Fact label="Mode de paiement">{PAYMENT_TERMS[detail.modePaiement]}</Fact>
          <Fact label="Montant HT">{formatEuros(facture.montantHT)}</Fact>
          <Fact label={`TVA (${detail.tauxTVA}\u00a0%)`}>{formatEuros(facture.montantTVA)}</Fact>
          <Fact label="Montant TTC">{formatEuros(facture.montantTTC)}</Fact>
          <Fact label="Reste à payer">{formatEuros(facture.resteAPayer)}</Fact>
        </dl>
        <div className="flex flex-wrap items-start gap-3">
          <DownloadButton
            label="Télécharger la facture (PDF)"
            path={invoicePdfPath(idClientBscs, facture.referenceNumber)}
            fallbackName={`facture-${facture.referenceNumber}.pdf`}
          />
          <EInvoiceXmlMenu idClientBscs={idClientBscs} reference={facture.referenceNumber} kind="facture" label="Données de la facture (XML)" />
          {due ? payLink : null}
        </div>
        <p className="text-sm text-muted">
          Facture électronique Factur-X&nbsp;: le PDF porte aussi ses données structurées (norme européenne EN&nbsp;16931), que votre logiciel de
          comptabilité importe sans ressaisie. Les mêmes données sont disponibles seules, en XML.
        </p>
        {detail.paiements.length > 0 ? (
          <div>
            <h3 className="font-semibold">Paiements reçus</h3>
            <ul className="mt-1 list-disc pl-5">
              {detail.paiements.map((payment, index) => (
                <li key={`${payment.date}-${index}`}>
                  {formatEuros(payment.montant)} le {formatMoment(payment.date)} ({INVOICE_PAYMENT_MEAN_LABELS[payment.moyen].toLowerCase()})
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      {detail.referencePrecedente ? <InvoiceEvolutionSection idClientBscs={idClientBscs} referenceNumber={facture.referenceNumber} /> : null}

      {detail.centresDeCout ? <InvoiceCentresSection idClientBscs={idClientBscs} referenceNumber={facture.referenceNumber} /> : null}

      <section aria-labelledby="detail-lignes" className="space-y-6">
        <h2 id="detail-lignes" className="text-xl font-bold text-primary-strong">
          Détail par ligne
        </h2>
        {detail.lignes.map((line) => (
          <ChargeGroup
            key={line.idContrat}
            title={line.utilisateur ? `Ligne ${formatPhone(line.numeroLigne)} – ${line.utilisateur}` : `Ligne ${formatPhone(line.numeroLigne)}`}
            items={line.elements}
            totals={line}
          />
        ))}
        {detail.compte.elements.length > 0 ? <ChargeGroup title="Frais du compte" items={detail.compte.elements} totals={detail.compte} /> : null}
        <div className="card space-y-1">
          <h3 className="font-semibold">Total de la facture</h3>
          <dl>
            {detail.totauxParNature.map((entry) => (
              <Fact key={entry.nature} label={INVOICE_ITEM_NATURE_LABELS[entry.nature]}>
                {formatEuros(entry.montantHT)} HT
              </Fact>
            ))}
            <Fact label="Total HT">{formatEuros(facture.montantHT)}</Fact>
            <Fact label={`TVA à ${detail.tauxTVA}\u00a0%`}>{formatEuros(facture.montantTVA)}</Fact>
            <Fact label="Total TTC">{formatEuros(facture.montantTTC)}</Fact>
          </dl>
        </div>
      </section>

      <section aria-labelledby="reclamation" className="card space-y-4">
        <h2 id="reclamation" className="text-xl font-bold text-primary-strong">
          Une question sur cette facture&nbsp;?
        </h2>
        {sent ? (
          <ComplaintSent response={sent} />
        ) : open ? (
          <p>
            {INVOICE_COMPLAINT_STATUS_LABELS.EN_COURS}&nbsp;: référence <strong>{open.reference}</strong> ({INVOICE_COMPLAINT_MOTIF_LABELS[open.motif].toLowerCase()}),
            déposée le {formatMoment(open.dateCreation)}. Un conseiller vous répondra par e-mail.
          </p>
        ) : (
          <>
            <p className="text-muted">Un montant vous semble erroné&nbsp;? Déposez une réclamation&nbsp;: vous recevrez sa référence et un accusé de réception par e-mail.</p>
            <InvoiceComplaintForm idClientBscs={idClientBscs} referenceNumber={facture.referenceNumber} lines={detail.lignes} onSent={setSent} />
          </>
        )}
      </section>
    </div>
  );
}
