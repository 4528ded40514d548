import { PHONE_IMAGE_SIZE, phoneName, type CataloguePhone } from '@ecare/shared/catalogue';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { catalogueImageSrc } from '../utils/phone-filters.ts';
import { PriceDisplay } from './price-display.tsx';

interface PhoneCardProps {
  phone: CataloguePhone;
  /** The phone's page; without it the name is plain text (a card in a choice list). */
  to?: string;
  /** What the price shown is: "Avec forfait engagé 24 mois", "Prix seul"… */
  priceLabel: string;
  /** An action under the card (choose this phone…). */
  action?: ReactNode;
}

/**
 * A phone of the catalogue: drawn picture with fixed dimensions (lazy-loaded, no layout shift),
 * brand and model as the card's heading, storage, 5G and eSIM, price HT and TTC, stock.
 */
export function PhoneCard({ phone, to, priceLabel, action }: PhoneCardProps) {
  const titleId = useId();
  const name = phoneName(phone);
  return (
    <article aria-labelledby={titleId} className="card flex h-full flex-col gap-3 p-4" data-testid="phone-card">
      <PhoneImage image={phone.image} className="mx-auto h-[180px] w-[120px]" />
      <h3 id={titleId} className="text-lg font-semibold">
        {to ? (
          <Link to={to} className="link">
            {name}
          </Link>
        ) : (
          name
        )}
      </h3>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label="Caractéristiques">
        <li className="rounded border border-line px-2 py-0.5">{phone.stockageGo} Go</li>
        {phone.cinqG ? <li className="rounded border border-line px-2 py-0.5">5G</li> : <li className="rounded border border-line px-2 py-0.5">4G</li>}
        {phone.esim ? <li className="rounded border border-line px-2 py-0.5">eSIM</li> : null}
      </ul>
      <PriceDisplay amounts={phone.prix} label={priceLabel} emphasis />
      <p className={phone.disponible ? 'text-sm text-success' : 'text-sm font-semibold text-danger'}>
        {phone.disponible ? 'En stock' : 'Rupture de stock'}
      </p>
      {action ? <div className="mt-auto">{action}</div> : null}
    </article>
  );
}

/** A phone's drawn picture, decorative (the heading names the phone), sized before it loads, loaded when near. */
export function PhoneImage({ image, className = 'mx-auto' }: { image: string; className?: string }) {
  return (
    <img
      src={catalogueImageSrc(image)}
      alt=""
      width={PHONE_IMAGE_SIZE.width}
      height={PHONE_IMAGE_SIZE.height}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
