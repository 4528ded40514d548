const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** `1 234,56 €`: an amount in euros as every page shows it. */
export const formatEuros = (amount: number): string => euros.format(amount);
