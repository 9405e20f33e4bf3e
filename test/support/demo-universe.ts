import {
  FIXED_DEMO_ANCHOR,
  generateUniverse,
  type DemoCompany,
} from '../../infra/local/demo/universe';
import { DEFAULT_DEMO_COUNT } from '../../infra/local/seed-stocks';
import type { SharedStackInfo } from './stack-global-setup';

let generated: { readonly key: string; readonly companies: DemoCompany[] } | undefined;
let fullUniverse: readonly DemoCompany[] | undefined;

/**
 * The universe `npm start` seeds (2,000 companies on the fixed anchor day), generated once per
 * worker: the property files that check all of it share a module cache (the 'node' project), and
 * each generating it again took several seconds. Read it, never change it.
 */
export function fullDemoUniverse(): readonly DemoCompany[] {
  fullUniverse ??= generateUniverse({ count: DEFAULT_DEMO_COUNT, anchor: FIXED_DEMO_ANCHOR });
  return fullUniverse;
}

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
