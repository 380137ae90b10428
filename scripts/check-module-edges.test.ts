import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script (run by node in `npm run lint`), without type declarations
import * as edgesCheck from './check-module-edges.mjs';

const { checkModuleEdges, DEFAULT_PATHS, docWithGraph, findCycle, readEdges } = edgesCheck;

let root: string | undefined;

/** A modules folder of files with the given contents. */
function fixture(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), 'module-edges-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('check-module-edges', () => {
  const tree = {
    'orders/orders.service.ts': "import { x } from '../payments/payments.service.ts';\n",
    'payments/payments.service.ts': "import type { Y } from '../../lib/y.ts';\nexport const x = 1;\n",
    'checkout/checkout.service.ts':
      "import * as orders from '../orders/orders.service.ts';\nimport {\n  a,\n} from '../payments/payments.service.ts';\n",
  };

  it('passes a tree that imports only along the allowed edges', () => {
    const modulesDir = fixture(tree);
    const edges = { checkout: ['orders', 'payments'], orders: ['payments'], payments: [] };
    expect(checkModuleEdges({ modulesDir, edges })).toEqual([]);
  });

  it('names the file, the import and the rule of a forbidden edge (type-only and dynamic imports too)', () => {
    const modulesDir = fixture({
      ...tree,
      'payments/stripe-webhook.ts': "import type { O } from '../orders/orders.service.ts';\n",
      'payments/late.ts': "export const load = () => import('../checkout/checkout.service.ts');\n",
      'payments/payments.test.ts': "import { c } from '../checkout/checkout.service.ts';\n",
    });
    const edges = { checkout: ['orders', 'payments'], orders: ['payments'], payments: [] };
    const problems = checkModuleEdges({ modulesDir, edges });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toContain(
      "payments/stripe-webhook.ts imports '../orders/orders.service.ts': payments → orders is not allowed",
    );
    expect(problems.join('\n')).toContain("payments/late.ts imports '../checkout/checkout.service.ts'");
    expect(problems[0]).toContain('payments may import: no other module');
  });

  it('fails when the allowed list itself has a cycle, naming it', () => {
    const modulesDir = fixture(tree);
    const edges = { checkout: ['orders', 'payments'], orders: ['payments'], payments: ['checkout'] };
    expect(findCycle(edges)).toEqual(['checkout', 'orders', 'payments', 'checkout']);
    expect(checkModuleEdges({ modulesDir, edges })).toContain(
      'module-edges.json: the allowed edges form a cycle: checkout → orders → payments → checkout',
    );
  });

  it('fails on a module missing from the list and on an edge to an unknown module', () => {
    const modulesDir = fixture(tree);
    const problems = checkModuleEdges({
      modulesDir,
      edges: { checkout: ['orders', 'payments'], orders: ['ghost'] },
    });
    expect(problems).toContain('module-edges.json: module "payments" is missing (list what it may import)');
    expect(problems).toContain('module-edges.json: orders may import "ghost", which is not a listed module');
  });

  it("holds for today's server modules, and docs/ARCHITECTURE.md shows the same graph", () => {
    const edges = readEdges(DEFAULT_PATHS.edgesFile);
    expect(checkModuleEdges({ modulesDir: DEFAULT_PATHS.modulesDir, edges })).toEqual([]);
    const doc = readFileSync(DEFAULT_PATHS.docFile, 'utf8');
    expect(docWithGraph(doc, edges)).toBe(doc);
  });
});
