import { eachMapping, TraceMap, type SourceMapInput } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { sharedStackUrl } from '../support/shared-stack-info';

/** Where each source's code lies in a built file: the first and last offset mapped to it. */
type Extents = Map<string, { first: number; last: number }>;

function extentsOf(code: string, map: SourceMapInput): Extents {
  const lineStarts = [0];
  for (let at = code.indexOf('\n'); at >= 0; at = code.indexOf('\n', at + 1)) {
    lineStarts.push(at + 1);
  }
  const extents: Extents = new Map();
  eachMapping(new TraceMap(map), ({ source, generatedLine, generatedColumn }) => {
    if (!source) return;
    const offset = lineStarts[generatedLine - 1]! + generatedColumn;
    const extent = extents.get(source);
    if (!extent) extents.set(source, { first: offset, last: offset });
    else
      extents.set(source, {
        first: Math.min(extent.first, offset),
        last: Math.max(extent.last, offset),
      });
  });
  return extents;
}

/** The extent covering every source whose path matches `pattern`. */
function extentOf(extents: Extents, pattern: RegExp): { first: number; last: number } {
  const matching = [...extents].filter(([source]) => pattern.test(source)).map(([, e]) => e);
  expect(matching.length, `no code from ${pattern} in the first bundle`).toBeGreaterThan(0);
  return {
    first: Math.min(...matching.map((e) => e.first)),
    last: Math.max(...matching.map((e) => e.last)),
  };
}

/**
 * Evaluated in one task, the first bundle takes about 300 ms on Lighthouse's phone, all of it
 * blocking time. The build lays it out as one file where a top-level await ends a
 * task after react-dom (web/src/boot/). Read from the production build's source map: which code
 * stands before the await and which after.
 */
describe('the first bundle', () => {
  const url = sharedStackUrl();

  it('evaluates in two tasks: react-dom, then the libraries and the app', async () => {
    const html = await (await fetch(`${url}/`)).text();
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!);
    const built = await Promise.all(
      scripts.map(async (file) => {
        const code = await (await fetch(`${url}${file}`)).text();
        // The bundler's runtime helpers come without a map.
        const mapFile = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
        const map = mapFile
          ? ((await (await fetch(new URL(mapFile, `${url}${file}`))).json()) as SourceMapInput & {
              sources: string[];
            })
          : undefined;
        return { file, code, map };
      }),
    );
    // One file holds the app's entry and every library the first page needs.
    const app = built.filter(({ map }) => map?.sources.some((s) => s.endsWith('web/src/main.tsx')));
    expect(app.map(({ file }) => file)).toHaveLength(1);
    // And no pieces preloaded beside it: left to itself, the bundler splits the modules the lazy
    // screens share off a file that awaits at its top level (vite.config.ts).
    expect(html).not.toContain('modulepreload');
    const { code, map } = app[0]!;
    const extents = extentsOf(code, map!);

    const reactDom = extentOf(extents, /node_modules\/react-dom\//);
    const boot = extentOf(extents, /web\/src\/boot\/react-dom-first\.ts$/);
    const libraries = extentOf(
      extents,
      /node_modules\/(react-router|@tanstack\/(query-core|react-query))\//,
    );
    const theApp = extentOf(extents, /web\/src\/(app|features)\//);

    // The boot module's code is its await, between what runs before it and what runs after.
    expect(code.slice(boot.first, boot.first + 'await'.length)).toBe('await');
    expect(reactDom.last).toBeLessThan(boot.first);
    expect(boot.last).toBeLessThan(Math.min(libraries.first, theApp.first));
  });
});
