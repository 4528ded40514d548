import {
  AGENT_CODE_FORBIDDEN,
  AGENT_ID_PATTERN,
  AGENT_LIMITS,
  AGENT_MESSAGES,
  agentMotifSchema,
  REGATE_CODE_PATTERN,
} from '@ecare/shared/agents';
import { z } from 'zod';

/** Form 1 of the agent login (spec §5): identifier and confidential code. */
export const identificationSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, AGENT_MESSAGES.identifiantRequired)
    .max(AGENT_LIMITS.identifiantMax, AGENT_MESSAGES.identifiantFormat)
    .regex(AGENT_ID_PATTERN, AGENT_MESSAGES.identifiantFormat),
  code: z
    .string()
    .refine((value) => value.trim() !== '', AGENT_MESSAGES.codeRequired)
    .refine((value) => !AGENT_CODE_FORBIDDEN.test(value), AGENT_MESSAGES.forbiddenCharacters)
    .refine((value) => value.length <= AGENT_LIMITS.codeMax, AGENT_MESSAGES.codeRequired),
});
export type IdentificationForm = z.input<typeof identificationSchema>;

/** Forms 2 and 3 (spec §5): the Régate code of the point of sale, the client's e-mail, and the reason. */
export const clientLoginSchema = z.object({
  codeRegate: z
    .string()
    .trim()
    .min(1, AGENT_MESSAGES.regateRequired)
    .max(AGENT_LIMITS.regateMax, AGENT_MESSAGES.regateRequired)
    .regex(REGATE_CODE_PATTERN, AGENT_MESSAGES.regateRequired),
  emailClient: z
    .string()
    .trim()
    .min(1, AGENT_MESSAGES.clientEmailRequired)
    .pipe(z.email(AGENT_MESSAGES.clientEmailInvalid)),
  motif: agentMotifSchema,
});
export type ClientLoginForm = z.input<typeof clientLoginSchema>;
