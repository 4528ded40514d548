import type { ServerParameters } from '@ecare/shared';

/**
 * Server parameters with the value a new installation starts with (spec §3). A data migration
 * inserts a missing one and never overwrites a value: operators change them at run time.
 * Texts shown to customers start empty; the demo seed fills them with its own examples.
 */
export const DEFAULT_PARAMETERS = {
  est_Bdp: 'false',
  hidE_CAPTCHA: 'true',
  reCAPTCHA_JS: 'https://www.google.com/recaptcha/api.js?render=',
  reCAPTCHA_ClientKey: '',
  messageAuthentification: '',
  messagE_REINIT_MOTDEPASSE: '',
  en_maintenance: 'false',
  titrE_BANDEAU: '',
  activeR_RESSOURCES_EXTERNES: 'false',
  environment_MachineName: '',
  activer: 'True',
} as const satisfies ServerParameters;

export const PARAMETER_ROWS = Object.entries(DEFAULT_PARAMETERS).map(([name, value]) => ({ name, value }));
