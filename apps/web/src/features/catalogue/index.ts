/** Reusable pieces of the catalogue (the add-line and new-phone flows build on them). */
export { PhoneCard, PhoneImage } from './components/phone-card.tsx';
export { PlanCard } from './components/plan-card.tsx';
export { PriceDisplay, formatCentimes } from './components/price-display.tsx';
export { PhoneCatalogue } from './components/phone-catalogue.tsx';
export { PlanCatalogue } from './components/plan-catalogue.tsx';
export { phonesQueryOptions, usePhones } from './api/get-phones.ts';
export { plansQueryOptions, usePlans } from './api/get-plans.ts';
export { phonePriceQueryOptions } from './api/get-phone-price.ts';
export { catalogueImageSrc, formatAllowance, formatCommitment } from './utils/phone-filters.ts';
