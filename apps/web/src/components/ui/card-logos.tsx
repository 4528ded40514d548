const CARDS = [
  { label: 'CB', name: 'Carte bancaire CB', className: 'bg-primary text-white' },
  { label: 'VISA', name: 'Visa', className: 'bg-surface text-primary-strong italic' },
  { label: 'mastercard', name: 'Mastercard', className: 'bg-surface text-accent-strong' },
] as const;

/** Accepted payment cards, drawn as text badges (no third-party artwork). */
export function CardLogos() {
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Cartes de paiement acceptées">
      {CARDS.map((card) => (
        <li key={card.name}>
          <span
            role="img"
            aria-label={card.name}
            className={`inline-flex h-7 min-w-12 items-center justify-center rounded border border-line px-2 text-xs font-extrabold tracking-wide ${card.className}`}
          >
            <span aria-hidden="true">{card.label}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
