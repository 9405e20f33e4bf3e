import { generateUniverse, type DemoCompany } from '../../infra/local/demo/universe';
import type { SharedStackInfo } from './stack-global-setup';

let generated: { readonly key: string; readonly companies: DemoCompany[] } | undefined;

/**
 * The companies the shared stack seeded, as the generator made them (it is deterministic): what a
 * test compares the served universe with, apart from the stocks other files add.
 */
export function seededCompanies(
  stack: Pick<SharedStackInfo, 'demoCount' | 'demoAnchor'>,
): DemoCompany[] {
  const key = `${stack.demoCount}@${stack.demoAnchor}`;
  if (generated?.key !== key) {
    generated = {
      key,
      companies: generateUniverse({ count: stack.demoCount, anchor: stack.demoAnchor }),
    };
  }
  return generated.companies;
}
