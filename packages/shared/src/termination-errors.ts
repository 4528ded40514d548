import { plural, type CatalogueEntry } from './error-entries.ts';

const frenchDay = (day: string) => day.split('-').reverse().join('/');

/** Error codes of the termination of a line (decision 031). */
export const TERMINATION_ERRORS = {
  TERMINATION_MANAGER_ONLY: {
    status: 403,
    message:
      'Seul un gestionnaire du compte de facturation peut résilier cette ligne. Vous pouvez consulter la démarche ; demandez au gestionnaire de votre compte de la faire.',
  },
  TERMINATION_REASON_UNKNOWN: { status: 400, message: 'Veuillez choisir un motif de résiliation dans la liste proposée pour cette ligne.' },
  TERMINATION_REASON_NOT_FOUND: { status: 404, message: 'Ce motif de résiliation n’existe pas.' },
  TERMINATION_SUB_REASON_REQUIRED: { status: 400, message: 'Veuillez préciser le motif de résiliation.' },
  TERMINATION_SUB_REASON_INVALID: { status: 400, message: 'Veuillez choisir une précision du motif choisi.' },
  TERMINATION_PORTABILITY_NOT_REQUESTED: {
    status: 409,
    message:
      'Aucune portabilité de ce numéro n’est en cours. Pour partir chez un autre opérateur en gardant votre numéro, donnez-lui le RIO de la ligne : il demande la portabilité, et la ligne est résiliée automatiquement le jour du portage.',
  },
  TERMINATION_DATE_OUT_OF_RANGE: {
    status: 400,
    message: ({ min, max }: { min: string; max: string }) =>
      `La date d’effet doit être comprise entre le ${frenchDay(min)} (au plus tôt le lendemain de la demande) et le ${frenchDay(max)} (3 mois au plus tard).`,
  },
  TERMINATION_DATE_PORTING: {
    status: 400,
    message: ({ date }: { date: string }) =>
      `Le numéro de cette ligne part chez un autre opérateur le ${frenchDay(date)} : la résiliation prend effet ce jour-là, à cette date seulement.`,
  },
  TERMINATION_PROOF_REQUIRED: {
    status: 400,
    message: ({ justificatif }: { justificatif: string }) => `Ce motif demande un justificatif : ${justificatif}. Veuillez le joindre à votre demande.`,
  },
  TERMINATION_ATTACHMENT_UNKNOWN: {
    status: 400,
    message: 'Une pièce jointe de la demande est introuvable ou a déjà été envoyée. Veuillez la joindre de nouveau.',
  },
  TERMINATION_ATTACHMENT_NOT_FOUND: { status: 404, message: 'Cette pièce jointe n’existe pas ou a été supprimée.' },
  TERMINATION_ATTACHMENT_SUBMITTED: {
    status: 409,
    message: 'Cette pièce jointe accompagne une demande déjà envoyée : elle ne peut plus être supprimée.',
  },
  TERMINATION_ATTACHMENTS_TOO_MANY: {
    status: 409,
    message: ({ max }: { max: number }) => `Vous avez déjà joint ${plural(max, 'fichier')} à cette demande : supprimez-en un avant d’en ajouter un autre.`,
  },
  TERMINATION_LAST_LINE: {
    status: 409,
    message:
      'C’est la dernière ligne active de ce compte de facturation : la résilier revient à fermer le compte. Cette fermeture se demande au service client (formulaire de contact, thème « Offres et forfaits »), qui arrête aussi la facturation et le prélèvement.',
  },
  TERMINATION_ORDER_IN_PROGRESS: {
    status: 409,
    message:
      'Une commande est en cours sur cette ligne (mise en service pas encore terminée). Attendez son activation pour la résilier, ou demandez l’annulation de la commande au service client (thème « Commande et livraison »).',
  },
  TERMINATION_ALREADY_SCHEDULED: {
    status: 409,
    message: 'Une résiliation est déjà programmée pour cette ligne. Vous pouvez la consulter ou l’annuler avant sa date d’effet.',
  },
  TERMINATION_NOT_FOUND: { status: 404, message: 'Cette demande de résiliation n’existe pas.' },
  TERMINATION_NOT_CANCELLABLE: { status: 409, message: 'Cette demande de résiliation est déjà annulée ou effectuée : elle ne peut plus être annulée.' },
  TERMINATION_CANCEL_TOO_LATE: {
    status: 409,
    message: 'La date d’effet de cette résiliation est atteinte : elle ne peut plus être annulée. Contactez le service client pour toute question.',
  },
  TERMINATION_IDEMPOTENCY_CONFLICT: {
    status: 409,
    message: 'Cette demande a déjà été envoyée avec d’autres informations. Rechargez la page pour en voir l’état.',
  },
  TERMINATION_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Trop de demandes ou de fichiers ont été envoyés pour les résiliations en peu de temps. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
} as const satisfies Record<string, CatalogueEntry>;
