import { Alert } from './alert.tsx';

/**
 * What a flow's confirmation says of an order above the company's approval threshold (decision
 * 051), whatever its kind (new lines, new phone): nothing is paid or sent before another manager
 * approves it.
 */
export function HeldOrderAlert({ numero }: { numero: string }) {
  return (
    <Alert tone="info" title={`Votre commande ${numero} attend la validation d’un autre gestionnaire`}>
      <p>
        Son montant dépasse le seuil de validation fixé par votre entreprise. Les autres gestionnaires du compte sont prévenus par e-mail ; vous le serez de leur décision.
        Sans validation sous 7 jours, la commande est annulée. Rien n’est payé ni expédié d’ici là.
      </p>
    </Alert>
  );
}
