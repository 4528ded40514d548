export * from './accounts.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './lines.ts';
export * from './menu.ts';
export * from './parameters.ts';
export * from './session.ts';
