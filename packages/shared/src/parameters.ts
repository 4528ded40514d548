import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export { isParameterOn } from './constants.ts';

/** Public server parameters (spec §3), all carried as text as the spec quotes them. */
export const PUBLIC_PARAMETER_NAMES = [
  'est_Bdp',
  'hidE_CAPTCHA',
  'reCAPTCHA_JS',
  'reCAPTCHA_ClientKey',
  'messageAuthentification',
  'messagE_REINIT_MOTDEPASSE',
  'en_maintenance',
  'titrE_BANDEAU',
  'activeR_RESSOURCES_EXTERNES',
  'environment_MachineName',
  'activer',
] as const;
export type ParameterName = (typeof PUBLIC_PARAMETER_NAMES)[number];

export const serverParametersSchema = lazySchema(() =>
  z.object(
    Object.fromEntries(PUBLIC_PARAMETER_NAMES.map((name) => [name, z.string()])) as Record<
      ParameterName,
      z.ZodString
    >,
  ),
);
export type ServerParameters = z.infer<typeof serverParametersSchema>;

