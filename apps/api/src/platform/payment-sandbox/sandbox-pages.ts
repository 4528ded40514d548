import { groupedCardNumber, TEST_CARDS, THREE_D_SECURE_CODE, type CardField, type CardForm } from './sandbox-cards.ts';
import type { Outcome } from './sandbox-sessions.ts';
import type { SandboxSession } from './sandbox-token.ts';

/**
 * The sandbox's hosted pages, written on the server: plain HTML forms, no script (the CSP allows
 * none inline, and a payment page works without one), one stylesheet of its own. Each page has
 * its title, landmarks and one h1; each field its label, its help and its error tied to it by
 * aria-describedby; a refused submit opens on an error summary linking to the fields.
 */
export const SANDBOX_BASE = '/sandbox-paiement';
export const STYLESHEET_PATH = `${SANDBOX_BASE}/sandbox.css`;
const PROVIDER = 'Bac à sable de paiement';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
export const formatCents = (cents: number) => euros.format(cents / 100);

function layout(title: string, main: string, options: { failed?: boolean } = {}): string {
  const fullTitle = `${options.failed ? 'Erreur : ' : ''}${title} – ${PROVIDER}`;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(fullTitle)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<a class="skip-link" href="#contenu">Aller au contenu</a>
<header class="sandbox-header">
<p class="provider">${PROVIDER}</p>
<p>Environnement de test : aucune carte n’est débitée.</p>
</header>
<main id="contenu" tabindex="-1">
${main}
</main>
<footer class="sandbox-footer">
<p>Page de paiement simulée du portail. Les numéros de carte saisis ici ne sont ni enregistrés ni transmis au portail.</p>
</footer>
</body>
</html>`;
}

function summary(brand: string, session: SandboxSession): string {
  return `<section class="panel" aria-labelledby="recapitulatif">
<h2 id="recapitulatif">Votre paiement</h2>
<dl class="summary">
<dt>Marchand</dt><dd>${escapeHtml(brand)}</dd>
<dt>Montant</dt><dd>${formatCents(session.montantCentimes)}</dd>
<dt>Référence</dt><dd>${escapeHtml(session.transactionReference)}</dd>
</dl>
</section>`;
}

interface FieldSpec {
  name: string;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  attributes: string;
}

function field({ name, label, hint, value, error, attributes }: FieldSpec): string {
  const describedBy = [`${name}-aide`, ...(error ? [`${name}-erreur`] : [])].join(' ');
  return `<div class="field">
<label for="${name}">${escapeHtml(label)}</label>
<p class="hint" id="${name}-aide">${escapeHtml(hint)}</p>
${error ? `<p class="field-error" id="${name}-erreur"><span class="visually-hidden">Erreur : </span>${escapeHtml(error)}</p>\n` : ''}<input id="${name}" name="${name}" value="${escapeHtml(value)}" aria-describedby="${describedBy}" required aria-required="true"${error ? ' aria-invalid="true"' : ''} ${attributes}>
</div>`;
}

function errorSummary(errors: [field: string, message: string][]): string {
  if (errors.length === 0) return '';
  const items = errors.map(([name, message]) => `<li><a href="#${name}">${escapeHtml(message)}</a></li>`).join('\n');
  // Opened on the summary: the page comes back from the server, no script moves the focus.
  return `<div class="error-summary" role="alert" aria-labelledby="erreurs-titre" tabindex="-1" autofocus>
<h2 id="erreurs-titre">Le paiement n’a pas pu être envoyé</h2>
<ul>
${items}
</ul>
</div>`;
}

function cancelForm(token: string): string {
  return `<form method="post" action="${SANDBOX_BASE}/${token}/annuler">
<button type="submit" class="button button-secondary">Annuler et revenir au site</button>
</form>`;
}

function testCards(): string {
  const rows = TEST_CARDS.map(
    (card) => `<tr><th scope="row" class="card-number">${groupedCardNumber(card.number)}</th><td>${escapeHtml(card.description)}</td></tr>`,
  ).join('\n');
  return `<section class="panel" aria-labelledby="cartes-de-test">
<h2 id="cartes-de-test">Cartes de test</h2>
<table>
<caption>Avec n’importe quelle date d’expiration future et n’importe quel cryptogramme de 3 chiffres.</caption>
<thead><tr><th scope="col">Numéro de carte</th><th scope="col">Résultat</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

const CARD_FIELD_ORDER: CardField[] = ['numero', 'expiration', 'cryptogramme'];

/** The card form, empty or as it came back refused (the security code is never written back). */
export function paymentPage(options: {
  brand: string;
  session: SandboxSession;
  token: string;
  values?: Partial<CardForm>;
  errors?: Partial<Record<CardField, string>>;
}): string {
  const { brand, session, token, values = {}, errors = {} } = options;
  const listed = CARD_FIELD_ORDER.flatMap((name): [string, string][] => {
    const message = errors[name];
    return message ? [[name, message]] : [];
  });
  const main = `<h1>Paiement par carte</h1>
${errorSummary(listed)}
${summary(brand, session)}
<section class="panel" aria-labelledby="carte">
<h2 id="carte">Votre carte</h2>
<p class="hint">Tous les champs sont obligatoires.</p>
<form method="post" action="${SANDBOX_BASE}/${token}" novalidate>
${field({ name: 'numero', label: 'Numéro de carte', hint: '16 chiffres, tels qu’ils figurent sur la carte.', value: values.numero ?? '', error: errors.numero, attributes: 'inputmode="numeric" autocomplete="cc-number"' })}
${field({ name: 'expiration', label: 'Date d’expiration', hint: 'Au format MM/AA, par exemple 09/28.', value: values.expiration ?? '', error: errors.expiration, attributes: 'class="short" inputmode="numeric" autocomplete="cc-exp"' })}
${field({ name: 'cryptogramme', label: 'Cryptogramme visuel', hint: 'Les 3 chiffres au dos de la carte.', value: '', error: errors.cryptogramme, attributes: 'class="short" inputmode="numeric" autocomplete="cc-csc"' })}
<div class="actions">
<button type="submit" class="button button-primary">Payer ${formatCents(session.montantCentimes)}</button>
</div>
</form>
<div class="actions">
${cancelForm(token)}
</div>
</section>
${testCards()}`;
  return layout('Paiement par carte', main, { failed: listed.length > 0 });
}

/** The bank's 3-D Secure step: the code it sent by SMS. */
export function challengePage(options: { brand: string; session: SandboxSession; token: string; error?: string }): string {
  const { brand, session, token, error } = options;
  const main = `<h1>Authentification 3-D Secure</h1>
${errorSummary(error ? [['code', error]] : [])}
${summary(brand, session)}
<section class="panel" aria-labelledby="confirmation">
<h2 id="confirmation">Confirmez ce paiement</h2>
<p>Votre banque vous demande de confirmer ce paiement avec le code reçu par SMS. Dans le bac à sable, le code qui confirme est ${THREE_D_SECURE_CODE} ; tout autre code refuse le paiement.</p>
<form method="post" action="${SANDBOX_BASE}/${token}/3ds" novalidate>
${field({ name: 'code', label: 'Code de confirmation', hint: '6 chiffres.', value: '', error, attributes: 'class="short" inputmode="numeric" autocomplete="one-time-code"' })}
<div class="actions">
<button type="submit" class="button button-primary">Confirmer le paiement</button>
</div>
</form>
<div class="actions">
${cancelForm(token)}
</div>
</section>`;
  return layout('Authentification 3-D Secure', main, { failed: Boolean(error) });
}

const OUTCOME_TEXT: Record<Outcome, string> = {
  ACCEPTED: 'Ce paiement a été accepté.',
  REFUSED: 'Ce paiement a été refusé.',
  CANCELLED: 'Ce paiement a été annulé.',
};

/** A session already decided (back button, second submit): nothing more is taken. */
export function decidedPage(options: { brand: string; session: SandboxSession; outcome: Outcome; returnUrl: string }): string {
  const main = `<h1>Paiement déjà traité</h1>
<div class="notice"><p>${OUTCOME_TEXT[options.outcome]} Aucune autre opération n’a été faite sur votre carte.</p></div>
${summary(options.brand, options.session)}
<p><a class="button button-primary" href="${escapeHtml(options.returnUrl)}">Revenir au site</a></p>`;
  return layout('Paiement déjà traité', main);
}

/** A page that cannot take a payment: unknown or altered address, expired session, too many tries, payment no longer waited for. */
export function unavailablePage(kind: 'invalid' | 'expired' | 'too-many' | 'given-up', returnUrl: string): string {
  const texts = {
    invalid: {
      title: 'Session de paiement introuvable',
      text: 'Cette adresse ne correspond à aucun paiement en cours. Revenez sur le site pour commencer un nouveau paiement.',
    },
    expired: {
      title: 'Session de paiement expirée',
      text: 'Le délai pour payer est dépassé : aucune somme n’a été prise. Revenez sur le site pour commencer un nouveau paiement.',
    },
    'too-many': {
      title: 'Trop de tentatives',
      text: 'Trop de cartes ont été essayées depuis votre connexion. Patientez quelques minutes avant de réessayer.',
    },
    'given-up': {
      title: 'Paiement plus attendu',
      text: 'Ce paiement n’est plus attendu : il a déjà été réglé, ou un paiement plus récent l’a remplacé. Votre carte n’a pas été débitée. Revenez sur le site pour voir ce qu’il reste à payer.',
    },
  }[kind];
  const main = `<h1>${texts.title}</h1>
<p>${texts.text}</p>
<p><a class="button button-primary" href="${escapeHtml(returnUrl)}">Revenir au site</a></p>`;
  return layout(texts.title, main, { failed: true });
}
