// Each rule set's own options by product, from the manifests, as `muster systems --format json`
// lists them for the page (test/cli/cli.test.ts holds the two equal).
import type { Declarations } from '../../src/web/form.js';
import { MANIFESTS } from '../../src/systems/registry.js';

export const PRODUCTS_WITH_OPTIONS = ['cards', 'tokens', 'scenario', 'campaign'] as const;

export const DECLARED: Declarations = Object.fromEntries(
  MANIFESTS.map((m) => [m.id, Object.fromEntries(PRODUCTS_WITH_OPTIONS.filter((p) => m[p]).map((p) => [p, m[p]!.options ?? []]))]),
);
