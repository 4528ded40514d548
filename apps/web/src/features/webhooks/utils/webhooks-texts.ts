import { WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_SECRET_OVERLAP_HOURS, WEBHOOK_TIMEOUT_SECONDS, WEBHOOKS_MAX } from '@ecare/shared/webhooks';

/** The words of the webhooks' part of the page (the shared file gives the events and statuses). */
export const WEBHOOKS_TEXTS = {
  title: 'Webhooks',
  intro:
    'Un webhook prévient vos systèmes de ce qui change sur ce compte\u00a0: à chaque événement choisi, le portail envoie à votre adresse une requête POST en JSON ({ type, timestamp, data }).',
  delivery: `Votre serveur répond par un code 2xx en moins de ${WEBHOOK_TIMEOUT_SECONDS}\u00a0secondes\u00a0; sinon l’envoi est retenté, de plus en plus espacé, pendant ${WEBHOOK_DISABLE_AFTER_HOURS}\u00a0heures. Un webhook en échec depuis ${WEBHOOK_DISABLE_AFTER_HOURS}\u00a0heures est désactivé, et les gestionnaires du compte en sont prévenus par e-mail. Le compte peut avoir ${WEBHOOKS_MAX}\u00a0webhooks.`,
  signatureTitle: 'Vérifier la signature',
  caption: 'Webhooks du compte',
  loading: 'Chargement des webhooks…',
  emptyTitle: 'Aucun webhook.',
  emptyHint: 'Ajoutez-en un ci-dessous pour que vos systèmes soient prévenus des événements du compte.',
  createTitle: 'Ajouter un webhook',
  create: 'Ajouter le webhook',
  editTitle: 'Modifier le webhook',
  save: 'Enregistrer',
  cancel: 'Annuler',
  updated: 'Le webhook est modifié.',
  deleted: 'Le webhook est supprimé.',
  deliveries: 'Livraisons',
  edit: 'Modifier',
  rotate: 'Nouveau secret',
  remove: 'Supprimer',
  deleteTitle: 'Supprimer ce webhook\u00a0?',
  deleteBody: 'Plus aucun événement ne sera envoyé à cette adresse, et son journal des livraisons sera effacé.',
  deleteConfirm: 'Oui, supprimer le webhook',
  rotateTitle: 'Générer un nouveau secret de signature\u00a0?',
  rotateBody: `Le nouveau secret signe les envois dès maintenant. L’ancien reste valable ${WEBHOOK_SECRET_OVERLAP_HOURS}\u00a0heures, le temps de le remplacer dans votre système\u00a0: pendant ce temps, l’en-tête webhook-signature porte les deux signatures.`,
  disable: 'Désactiver',
  disableTitle: 'Désactiver ce webhook\u00a0?',
  disableBody: 'Plus aucun événement ne lui sera envoyé jusqu’à ce qu’un gestionnaire du compte le réactive.',
  disableConfirm: 'Oui, désactiver le webhook',
  disabled: 'Le webhook est désactivé.',
  rotateConfirm: 'Générer un nouveau secret',
} as const;

export const WEBHOOK_STATE_TEXTS = {
  active: 'Actif',
  paused: 'Inactif',
  disabled: (day: string) => `Désactivé le ${day}`,
  disabledWhy: `Ses livraisons ont échoué pendant ${WEBHOOK_DISABLE_AFTER_HOURS}\u00a0heures.`,
  disabledFix: 'Corrigez l’adresse ou votre serveur, puis réactivez-le avec «\u00a0Modifier\u00a0».',
  oldSecret: (moment: string) => `L’ancien secret signe encore jusqu’au ${moment}.`,
} as const;

export const WEBHOOK_FORM_TEXTS = {
  url: 'Adresse de réception',
  urlHelp: 'L’adresse https complète (https://…) de votre serveur, joignable depuis Internet, sans identifiants.',
  events: 'Événements envoyés',
  eventsHelp: 'Choisissez au moins un événement. Sous chacun, la valeur de son champ type.',
  active: 'Actif',
  activeHelp: 'Décoché, plus aucun événement n’est envoyé à cette adresse, mais le webhook est gardé.',
  disabledNote: 'Ce webhook a été désactivé après des échecs\u00a0: cochez «\u00a0Actif\u00a0» pour le réactiver.',
} as const;

export const WEBHOOK_SECRET_TEXTS = {
  createdTitle: 'Le secret de signature de votre nouveau webhook',
  rotatedTitle: 'Le nouveau secret de signature',
  shownOnce: 'Copiez ce secret maintenant\u00a0: il ne sera plus jamais affiché.',
  label: 'Secret de signature',
  copy: 'Copier le secret',
  copied: 'Le secret est copié dans le presse-papiers.',
  copyFailed: 'La copie n’a pas abouti\u00a0: sélectionnez le secret et copiez-le vous-même.',
  done: 'J’ai copié le secret',
} as const;

export const WEBHOOK_DELIVERY_TEXTS = {
  title: (url: string) => `Livraisons vers ${url}`,
  loading: 'Chargement du journal des livraisons…',
  emptyTitle: 'Aucune livraison pour l’instant.',
  emptyHint: 'Les événements choisis apparaîtront ici dès qu’ils se produiront sur le compte.',
  refresh: 'Actualiser le journal',
  close: 'Fermer le journal',
  resend: 'Renvoyer',
  resent: 'La livraison est renvoyée\u00a0: son nouvel essai apparaît dans le journal.',
  noAttempt: 'Aucun essai',
  noNextTry: 'Aucun',
  noAnswer: 'Sans réponse',
  attempts: (count: number) => (count === 1 ? 'Voir l’essai' : `Voir les ${count}\u00a0essais`),
} as const;
