import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditAction } from './audit.ts';
import type { Core } from './core.ts';

/** The app as a module sees it: routes typed from their zod schemas. */
export type ModuleApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface ModuleOptions {
  core: Core;
}

/**
 * A feature module: a Fastify plugin that builds its repository and service from the core and
 * registers its routes. What other modules may use it decorates the app with, under its own
 * name (`app.decorate('auth', …)` with a matching `declare module 'fastify'`), and those
 * modules list it in `dependencies`, which Fastify checks at start-up. The audit actions it
 * records it declares itself (`<feature>.audit.ts`, see core/audit.ts) and lists in
 * `auditActions`. Registering a module is one line in modules/index.ts.
 */
export function defineModule<const Actions extends readonly AuditAction[] = readonly []>(
  name: string,
  setup: (app: ModuleApp, core: Core) => Promise<void>,
  options: { dependencies?: string[]; auditActions?: Actions } = {},
) {
  const plugin = fp<ModuleOptions>(async (app, { core }) => setup(app.withTypeProvider<ZodTypeProvider>(), core), {
    name,
    fastify: '5.x',
    dependencies: options.dependencies ?? [],
  });
  return Object.assign(plugin, { auditActions: options.auditActions ?? ([] as const) });
}
