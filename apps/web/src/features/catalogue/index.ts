/** Reusable pieces of the catalogue (the add-line and new-phone flows build on them). */
export { PhoneCard, PhoneImage } from './components/phone-card.tsx';
export { PlanCard } from './components/plan-card.tsx';
export { PriceDisplay, formatCentimes } from './components/price-display.tsx';
export { PhoneCatalogue } from './components/phone-catalogue.tsx';
export { PlanCatalogue } from './components/plan-catalogue.tsx';
export { phonesQueryOptions, plansQueryOptions, phonePriceQueryOptions, usePhones, usePlans } from './api/catalogue-requests.ts';
export { catalogueImageSrc, formatAllowance, formatCommitment } from './utils/phone-filters.ts';
