import { NUMBER_MODE_LABELS, type CartLine } from '@ecare/shared/add-line';
import { formatPhone } from '@ecare/shared/phone';
import { formatCents, formatDay } from '../utils/add-line-format.ts';

/** `Forfait Pro 50 Go avec Fairphone 5 256 Go (Noir)`, or `… – carte SIM seule`: what a line of the cart is. */
export function lineTitle(line: CartLine): string {
  return line.LibelleMobile ? `${line.LibelleOffre} avec ${line.LibelleMobile}${line.Couleur ? ` (${line.Couleur})` : ''}` : `${line.LibelleOffre} – carte SIM seule`;
}

/** How a line gets its number, in words. */
export function numberText(line: CartLine): string {
  if (line.ModeNumero === 'NOUVEAU' || !line.Msisdn) return `${NUMBER_MODE_LABELS.NOUVEAU} (attribué à la validation de la commande)`;
  if (line.ModeNumero === 'PORTABILITE')
    return `${NUMBER_MODE_LABELS.PORTABILITE} : ${formatPhone(line.Msisdn)}${line.DatePortage ? `, le ${formatDay(line.DatePortage)}` : ''}`;
  return `${NUMBER_MODE_LABELS.CONSERVATION} : ${formatPhone(line.Msisdn)}${line.InscriptionAnnuaire ? ', inscrit à l’annuaire' : ', liste rouge'}`;
}

/** What one line of the cart holds, with its frozen prices (HT). */
export function CartLineDetails({ line }: { line: CartLine }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Forfait</dt>
      <dd>
        {line.LibelleOffre} – {formatCents(line.PrixMensuelCentimes)} HT par mois
      </dd>
      <dt className="font-semibold">Équipement</dt>
      <dd>
        {line.LibelleMobile
          ? `${line.LibelleMobile}${line.Couleur ? `, ${line.Couleur}` : ''} – ${formatCents(line.PrixMobileCentimes)} HT`
          : 'Carte SIM seule'}
      </dd>
      <dt className="font-semibold">Carte SIM</dt>
      <dd>{line.TypeSim === 'ESIM' ? 'eSIM' : 'Carte SIM physique'}</dd>
      <dt className="font-semibold">Options</dt>
      <dd>
        {line.Options.length === 0
          ? 'Aucune'
          : line.Options.map((option) => `${option.Libelle} (${formatCents(option.PrixOptionCentimes)} HT par mois)`).join(', ')}
      </dd>
      <dt className="font-semibold">Accessoires</dt>
      <dd>
        {line.Accessoires.length === 0
          ? 'Aucun'
          : line.Accessoires.map((item) => `${item.Quantite} × ${item.Libelle} (${formatCents(item.PrixArticleCentimes)} HT)`).join(', ')}
      </dd>
      {line.Promotions.length > 0 ? (
        <>
          <dt className="font-semibold">Promotions</dt>
          <dd>
            {line.Promotions.map(
              (promotion) =>
                `${promotion.Libelle} : −${formatCents(promotion.RemisePromotionCentimes)} HT${promotion.DureeMois ? ` pendant ${promotion.DureeMois} mois` : ''}`,
            ).join(', ')}
          </dd>
        </>
      ) : null}
      <dt className="font-semibold">Numéro</dt>
      <dd>{numberText(line)}</dd>
      <dt className="font-semibold">Prix d’une ligne</dt>
      <dd>
        {formatCents(line.PonctuelUnitaireHtCentimes)} HT à la commande, puis {formatCents(line.MensuelUnitaireHtCentimes)} HT par mois
      </dd>
    </dl>
  );
}
