import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IpGroup } from './lib/limits.ts';
import type { AccountsService } from './modules/accounts/accounts.service.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { EmailChangeService } from './modules/email-change/email-change.service.ts';
import type { LinesService } from './modules/lines/lines.service.ts';
import type { MenuService } from './modules/menu/menu.service.ts';
import type { ParametersService } from './modules/parameters/parameters.service.ts';
import type { PasswordService } from './modules/password/password.service.ts';
import type { SessionService } from './modules/session/session.service.ts';

export interface Services {
  auth: AuthService;
  accounts: AccountsService;
  lines: LinesService;
  session: SessionService;
  menu: MenuService;
  parameters: ParametersService;
  password: PasswordService;
  emailChange: EmailChangeService;
}

export type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** What every feature's routes receive: the services and the request guards. */
export interface RouteDeps {
  services: Services;
  authenticate: Hook;
  /** Per-IP rate limit of an abuse-prone group of endpoints. */
  limitPerIp: (group: IpGroup) => Hook;
}
