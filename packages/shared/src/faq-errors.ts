import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the FAQ. */
export const FAQ_ERRORS = {
  FAQ_THEME_NOT_FOUND: { status: 404, message: 'Ce thème de questions n’existe pas ou n’est plus proposé.' },
  FAQ_QUESTION_NOT_FOUND: { status: 404, message: 'Cette question n’existe pas ou n’est plus proposée.' },
  FAQ_VOTE_ALREADY_RECORDED: { status: 409, message: 'Vous avez déjà donné votre avis sur cette réponse. Merci\u00a0!' },
} as const satisfies Record<string, CatalogueEntry>;
