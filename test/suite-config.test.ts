import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

describe('the suite’s own set-up', () => {
  it('a file that replaces a module (vi.mock) is one vitest.config.ts runs in a registry of its own', async () => {
    const config = readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');
    const isolated = [...(/const MOCKING = \[([^\]]*)\]/.exec(config)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]!);
    expect(isolated.length).toBeGreaterThan(0);
    const mocking = (await fg(['test/**/*.test.ts'], { cwd: root })).filter((file) => /\bvi\.(mock|doMock|unmock|resetModules)\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(mocking.sort()).toEqual([...isolated].sort());
  });
});
