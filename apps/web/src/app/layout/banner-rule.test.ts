import { describe, expect, it } from 'vitest';
import { createCurrentUser, createServerParameters } from '../../test/factories.ts';
import { bannerHtmlFor } from './banner-rule.ts';

const parameters = createServerParameters({ titrE_BANDEAU: 'Maintenance <strong>dimanche</strong>' });

describe('orange banner (spec §2)', () => {
  it('shows the banner text to a signed-in web user', () => {
    expect(bannerHtmlFor(createCurrentUser(), parameters, '/pages/accueil')).toBe('Maintenance <strong>dimanche</strong>');
  });

  it('needs a user', () => {
    expect(bannerHtmlFor(null, parameters, '/pages/accueil')).toBeNull();
  });

  it('is hidden on the contact form', () => {
    expect(bannerHtmlFor(createCurrentUser(), parameters, '/assistance/formulaire-contact')).toBeNull();
  });

  it('is hidden in BDP mode and for customer-service users', () => {
    expect(bannerHtmlFor(createCurrentUser(), { ...parameters, est_Bdp: 'True' }, '/pages/accueil')).toBeNull();
    expect(bannerHtmlFor(createCurrentUser({ serviceClient: true }), parameters, '/pages/accueil')).toBeNull();
  });

  it('is hidden when the parameter is empty or not loaded', () => {
    expect(bannerHtmlFor(createCurrentUser(), { ...parameters, titrE_BANDEAU: '  ' }, '/pages/accueil')).toBeNull();
    expect(bannerHtmlFor(createCurrentUser(), undefined, '/pages/accueil')).toBeNull();
  });
});
