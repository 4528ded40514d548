import { z } from 'zod';
import {
  apiErrorSchema,
  changePasswordRequestSchema,
  guidCheckSchema,
  guidParamSchema,
  okResponseSchema,
  resetRequestSchema,
  updatePasswordRequestSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import type { Limits } from '../../lib/limits.ts';
import { caller } from '../auth/index.ts';
import type { PasswordService } from './password.service.ts';

const errors = { 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export async function passwordRoutes(app: ModuleApp, { service, limits }: { service: PasswordService; limits: Limits }) {
  const { authenticate } = app.auth;
  app.post(
    '/api/clients/reinit_mdp/autorise',
    {
      onRequest: limits.perIpHook('password-reset'),
      schema: {
        tags: ['password'],
        summary: 'Une demande de réinitialisation est-elle possible pour cette adresse ? (false : demande en cours)',
        body: resetRequestSchema,
        response: { 200: z.boolean(), ...errors },
      },
    },
    async (request) => service.isResetAllowed(request.body.email, request.body.captcha, request.ip),
  );

  // reset_password (forgotten code) and init_password (first connection) run the same flow.
  for (const path of ['/api/clients/reset_password', '/api/clients/init_password']) {
    app.post(
      path,
      {
        onRequest: limits.perIpHook('password-reset'),
        schema: {
          tags: ['password'],
          summary: 'Demande un lien de création de code confidentiel (même réponse que l’adresse soit connue ou non)',
          body: resetRequestSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.requestReset(request.body.email, request.body.captcha, request.ip);
        return { ok: true as const };
      },
    );
  }

  app.get(
    '/api/guid/verifier/:guid',
    {
      onRequest: limits.perIpHook('guid'),
      schema: {
        tags: ['password'],
        summary: 'Vérifie un lien de création de code confidentiel',
        params: guidParamSchema,
        response: { 200: guidCheckSchema, ...errors },
      },
    },
    async (request) => service.verifyGuid(request.params.guid),
  );

  app.post(
    '/api/clients/update_password',
    {
      onRequest: limits.perIpHook('guid'),
      schema: {
        tags: ['password'],
        summary: 'Crée le code confidentiel depuis un lien (usage unique)',
        body: updatePasswordRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.createFromLink(request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/clients/password',
    {
      onRequest: authenticate,
      schema: {
        tags: ['password'],
        summary: 'Change le code confidentiel de l’utilisateur connecté ; ses autres sessions prennent fin',
        body: changePasswordRequestSchema,
        response: { 200: okResponseSchema, 401: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { user, tokenHash } = caller(request);
      await service.change(user.id, tokenHash, request.body, request.ip);
      return { ok: true as const };
    },
  );
}
