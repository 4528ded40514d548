import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AuditAction } from '../core/audit.ts';
import { FEATURE_MODULES } from './index.ts';

interface PluginMeta {
  name: string;
  dependencies: string[];
}
const metaOf = (module: object) => (module as Record<symbol, PluginMeta>)[Symbol.for('plugin-meta')];

describe('feature modules', () => {
  it('come after the modules they depend on, each once', () => {
    const registered = new Set<string>();
    for (const module of FEATURE_MODULES) {
      const meta = metaOf(module);
      expect(meta, 'a module built by defineModule').toBeDefined();
      if (!meta) continue;
      expect(registered.has(meta.name), meta.name).toBe(false);
      for (const dependency of meta.dependencies) expect(registered, `${meta.name} needs ${dependency}`).toContain(dependency);
      registered.add(meta.name);
    }
  });

  it('declare each audit action in one module only', () => {
    const actions = FEATURE_MODULES.flatMap((module) => [...module.auditActions]);
    expect(actions.length).toBeGreaterThan(20);
    expect(new Set(actions).size).toBe(actions.length);
  });

  it('list at run time every audit action their declarations type', () => {
    type Listed = (typeof FEATURE_MODULES)[number]['auditActions'][number];
    expectTypeOf<Exclude<AuditAction, Listed>>().toBeNever();
  });
});
