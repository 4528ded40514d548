import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsService } from './modules/accounts/accounts.service.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { LinesService } from './modules/lines/lines.service.ts';
import type { MenuService } from './modules/menu/menu.service.ts';
import type { ParametersService } from './modules/parameters/parameters.service.ts';
import type { SessionService } from './modules/session/session.service.ts';

export interface Services {
  auth: AuthService;
  accounts: AccountsService;
  lines: LinesService;
  session: SessionService;
  menu: MenuService;
  parameters: ParametersService;
}

/** What every feature's routes receive: the services and the authenticate hook. */
export interface RouteDeps {
  services: Services;
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}
