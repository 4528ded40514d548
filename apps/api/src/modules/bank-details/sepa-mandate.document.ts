import { OPERATOR_COMPANY, formatIban, operatorLegalMention, type MandateType } from '@ecare/shared';
import { PdfWriter } from '../../lib/pdf-writer.ts';
import type { DebtorAccount, MandateRow } from './bank-details.repository.ts';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const frenchDate = parisDateTimeFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** The creditor: the company behind the brand, with its SEPA identifier. */
export interface Creditor {
  name: string;
  address: string;
  ics: string;
}

export const operatorCreditor = (ics: string): Creditor => ({
  name: OPERATOR_COMPANY.denomination,
  address: `${OPERATOR_COMPANY.siegeSocial}, France`,
  ics,
});

/** The document's title: the scheme a bank reads first. */
export function mandateTitle(type: MandateType): string {
  return type === 'B2B' ? 'Mandat de prélèvement SEPA interentreprises (B2B)' : 'Mandat de prélèvement SEPA';
}

/**
 * The authorisation the debtor gives, in the words the SEPA rulebooks ask for: the creditor may
 * send instructions, the bank may debit; then what the scheme allows afterwards. Under CORE, 8
 * weeks to have an authorised debit refunded; under B2B, no refund of an authorised debit, and
 * the debtor's bank checks each debit against the mandate it holds.
 */
export function authorisationText(type: MandateType, creditor: string): string[] {
  const authorise =
    `En signant ce formulaire de mandat, vous autorisez ${creditor} à envoyer des instructions à votre banque pour débiter ` +
    `votre compte, et votre banque à débiter votre compte conformément aux instructions de ${creditor}.`;
  if (type === 'CORE') {
    return [
      `${authorise} Vous bénéficiez du droit d’être remboursé par votre banque selon les conditions décrites dans la convention ` +
        'que vous avez passée avec elle. Une demande de remboursement doit être présentée dans les 8 semaines suivant la date de ' +
        'débit de votre compte pour un prélèvement autorisé, et au plus tard dans les 13 mois en cas de prélèvement non autorisé.',
    ];
  }
  return [
    `${authorise} Ce mandat est destiné uniquement aux prélèvements entre entreprises : vous n’avez pas droit au remboursement ` +
      'd’un prélèvement autorisé une fois votre compte débité, mais vous pouvez demander à votre banque de ne pas débiter votre ' +
      'compte jusqu’au jour de l’échéance.',
    'Remettez ce mandat à votre banque, ou communiquez-lui ses données, avant le premier prélèvement : elle vérifie chaque ' +
      'prélèvement interentreprises au regard du mandat avant de débiter votre compte.',
  ];
}

/** The notice of spec §9: 13 months to contest a debit one did not authorise. */
export function contestNotice(type: MandateType): string[] {
  const unauthorised =
    'Prélèvement non autorisé : vous disposez de 13 mois à compter de la date de débit de votre compte pour le contester ' +
    'auprès de votre banque (articles L. 133-18 et L. 133-24 du code monétaire et financier).';
  return type === 'CORE'
    ? [
        unauthorised,
        'Prélèvement autorisé : vous pouvez en demander le remboursement à votre banque dans les 8 semaines suivant la date de ' +
          'débit, sans avoir à le justifier.',
      ]
    : [
        `${unauthorised} La convention d’un compte professionnel peut prévoir un délai plus court : reportez-vous à la vôtre.`,
        'Prélèvement autorisé : le prélèvement interentreprises n’ouvre pas droit à remboursement.',
      ];
}

export interface MandateDocumentInput {
  mandate: MandateRow;
  account: DebtorAccount;
  creditor: Creditor;
  brandName: string;
  /** When the document is made (its metadata). */
  issuedAt: Date;
}

/**
 * The mandate as a PDF with every mention the SEPA rulebooks make mandatory: title and scheme,
 * unique mandate reference, creditor's name, address and identifier, debtor's name and address,
 * the account to debit (IBAN and BIC, whole: the mandate is what the banks act on), the type of
 * payment, the place and date of signature, the authorisation text and the debtor's rights.
 */
export async function renderMandatePdf({ mandate, account, creditor, brandName, issuedAt }: MandateDocumentInput): Promise<Uint8Array> {
  const title = mandateTitle(mandate.type);
  const writer = await PdfWriter.create({
    title,
    subject: `Référence unique du mandat ${mandate.rum} – ${account.raisonSociale}`,
    author: brandName,
    keywords: ['mandat', 'prélèvement SEPA', mandate.type, mandate.rum],
    brandName,
    createdAt: issuedAt,
    footerMention: operatorLegalMention(brandName),
    footerReference: `RUM ${mandate.rum}`,
  });
  const section = (text: string) => writer.heading(text, { underline: true });

  writer.text(brandName, { bold: true, size: 20, color: 'primary' });
  writer.text('Espace client Pro', { color: 'muted' });
  writer.gap(16);
  writer.text(title, { bold: true, size: 17 });
  writer.text(`Référence unique du mandat (RUM) : ${mandate.rum}`, { size: 11 });
  writer.text('Type de paiement : récurrent', { size: 11 });
  if (mandate.statut === 'REVOQUE') writer.text('Ce mandat est révoqué : il ne permet plus aucun prélèvement.', { bold: true, size: 11 });

  section('Créancier');
  writer.row('Nom', `${creditor.name} (marque ${brandName})`);
  writer.row('Identifiant créancier SEPA (ICS)', creditor.ics);
  writer.row('Adresse', creditor.address);

  section('Débiteur');
  writer.row('Titulaire du compte', mandate.titulaire);
  writer.row('Raison sociale', account.raisonSociale);
  writer.row('Adresse', `${account.adresseNumero} ${account.adresseVoie}, ${account.adresseCodePostal} ${account.adresseVille}, France`);
  writer.row('Compte de facturation', `n° ${account.codeClientBscs}`);

  section('Compte à débiter');
  writer.row('IBAN', formatIban(mandate.iban));
  writer.row('BIC', mandate.bic);

  section('Autorisation');
  for (const paragraph of authorisationText(mandate.type, creditor.name)) {
    writer.text(paragraph);
    writer.gap(4);
  }

  section('Vos droits');
  for (const notice of contestNotice(mandate.type)) writer.bullet(notice);
  writer.bullet('Vos droits concernant le présent mandat sont expliqués dans un document que vous pouvez obtenir auprès de votre banque.');
  writer.bullet(
    'Vous pouvez mettre fin à ce mandat à tout moment depuis votre espace client, en choisissant un autre mode de paiement ou de nouvelles coordonnées bancaires (un nouveau mandat remplace alors celui-ci).',
  );

  section('Signature');
  writer.row('Type de paiement', 'Paiement récurrent (prélèvement de chaque facture du compte)');
  writer.row('Signé à', mandate.lieuSignature);
  writer.row('Le', frenchDate.format(mandate.signedAt));
  writer.row('Signature', 'Mandat accepté en ligne par un gestionnaire du compte de facturation, dans l’espace client Pro.');

  writer.gap(12);
  writer.text(
    `Les données de ce mandat servent à la gestion des prélèvements des factures du compte par ${creditor.name}. Vous pouvez y accéder ` +
      'et les faire rectifier ; la page « Données personnelles » de votre espace client dit comment.',
    { size: 9, color: 'muted' },
  );
  return writer.save();
}
