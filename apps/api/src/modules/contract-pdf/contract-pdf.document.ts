import { LINE_STATUS_LABELS, monthlyPrices, operatorLegalMention } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { PdfWriter } from '../../lib/pdf-writer.ts';
import type { ContractRecord } from './contract-pdf.repository.ts';
import { calendarDayFormat, parisDateTimeFormat, parisDay } from '@ecare/shared/paris-time';

/** What completes the contract: the general terms and the price list. */
const CONTRACT_TERMS =
  'Ce document reprend les conditions particulières de votre contrat. Il est complété par les conditions ' +
  'générales de vente et la fiche tarifaire en vigueur, disponibles sur la page « Conditions et tarifs » ' +
  'de votre espace client. Les prix sont indiqués en euros, hors taxes (HT) et toutes taxes comprises ' +
  '(TTC, TVA au taux de 20 %).';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const calendarDate = calendarDayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
const frenchDate = parisDateTimeFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** `dd/mm/yyyy` of a calendar date (YYYY-MM-DD): the same day everywhere. */
const formatCalendarDate = (value: string) => calendarDate.format(new Date(`${value}T00:00:00Z`));

const grouped = (digits: string, sizes: number[]) => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.filter((part) => part !== '').join(' ');
};

/** The end of the commitment, said to be over once it is past. */
function commitmentEnd(dateFinEngagement: string | null, issuedAt: Date): string {
  if (!dateFinEngagement) return 'Sans engagement';
  const shown = formatCalendarDate(dateFinEngagement);
  return dateFinEngagement < parisDay(issuedAt) ? `${shown} (période d’engagement terminée)` : shown;
}

export interface ContractDocumentInput {
  record: ContractRecord;
  brandName: string;
  /** When the document is made (shown on it and in its metadata). */
  issuedAt: Date;
}

/** The document's title, also its metadata title. */
export function contractTitle(record: Pick<ContractRecord, 'numeroLigne'>): string {
  return `Contrat de la ligne ${formatPhone(record.numeroLigne)}`;
}

/** The document's subject (metadata). */
export function contractSubject(record: Pick<ContractRecord, 'idContrat' | 'libelleOffre'>): string {
  return `Conditions particulières du contrat n° ${record.idContrat} – ${record.libelleOffre}`;
}

/**
 * The contract of a line as a PDF: the account holder, the line, the plan and its monthly price
 * excluding and including VAT, the options, the activation date and the end of the commitment,
 * then the operator's legal mentions at the foot of each page.
 */
export async function renderContractPdf({ record, brandName, issuedAt }: ContractDocumentInput): Promise<Uint8Array> {
  const writer = await PdfWriter.create({
    title: contractTitle(record),
    subject: contractSubject(record),
    author: brandName,
    keywords: ['contrat', 'conditions particulières', record.numeroLigne, String(record.idContrat)],
    brandName,
    createdAt: issuedAt,
    footerMention: operatorLegalMention(brandName),
  });
  const prices = monthlyPrices(record.prixMensuelCentimes);
  const number = formatPhone(record.numeroLigne);
  const user = [record.utilisateurPrenom, record.utilisateurNom].filter(Boolean).join(' ');
  const section = (title: string) => writer.heading(title, { underline: true });

  writer.text(brandName, { bold: true, size: 20, color: 'primary' });
  writer.text('Espace client Pro', { color: 'muted' });
  writer.gap(16);
  writer.text(contractTitle(record), { bold: true, size: 17 });
  writer.text(`Conditions particulières – contrat n° ${record.idContrat}`, { size: 11, color: 'muted' });
  writer.text(`Document édité le ${frenchDate.format(issuedAt)}`, { size: 9, color: 'muted' });

  section('Titulaire du contrat');
  writer.row('Raison sociale', record.raisonSociale);
  writer.row('SIREN', grouped(record.siren, [3, 3, 3]));
  writer.row('SIRET', grouped(record.sirenSiret, [3, 3, 3, 5]));
  writer.row('Adresse', `${record.adresseNumero} ${record.adresseVoie}, ${record.adresseCodePostal} ${record.adresseVille}`);
  writer.row('Compte de facturation', `n° ${record.codeClientBscs}`);

  section('Ligne');
  writer.row('Numéro de ligne', number);
  writer.row('Numéro de contrat', String(record.idContrat));
  writer.row('Statut', LINE_STATUS_LABELS[record.codeStatut]);
  writer.row('Carte', record.typeSim === 'ESIM' ? 'eSIM' : 'Carte SIM');
  if (user !== '') writer.row('Utilisateur', user);

  section('Forfait et options');
  writer.row('Forfait', record.libelleOffre);
  writer.row('Description', record.descriptionOffre);
  writer.row('Prix mensuel', `${euros.format(prices.prixMensuelHT)} HT, soit ${euros.format(prices.prixMensuelTTC)} TTC`);
  writer.row('Inclus dans le forfait', record.optionsIncluses.length > 0 ? record.optionsIncluses : 'Aucune option incluse');
  writer.row('Options souscrites', record.options.length > 0 ? record.options : 'Aucune option souscrite');

  section('Durée');
  writer.row('Date d’activation', frenchDate.format(record.dateActivation));
  writer.row('Fin d’engagement', commitmentEnd(record.dateFinEngagement, issuedAt));

  writer.gap(12);
  writer.text(CONTRACT_TERMS, { size: 9, color: 'muted' });
  return writer.save();
}
