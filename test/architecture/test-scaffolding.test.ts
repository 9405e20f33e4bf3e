import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PRODUCT = ['core', 'lambdas', 'infra', 'web/src'];
/** Names that say a file serves tests or measurements, not the product. */
const SCAFFOLDING = /(stub|fixture|fake|mock|bench|harness)/i;

const filesUnder = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));

describe('test scaffolding (issue 10)', () => {
  it('keeps stubs, fixtures, mocks and benches in testing/ folders (benches in bench/)', () => {
    const strays = PRODUCT.flatMap(filesUnder).filter(
      (path) => SCAFFOLDING.test(path.split('/').pop()!) && !path.split('/').includes('testing'),
    );
    expect(strays).toEqual([]);
  });
});
