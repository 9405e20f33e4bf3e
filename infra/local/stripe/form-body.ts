/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys
 * (`line_items[0][price]=…`, `metadata[sub]=…`, `expand[]=…`), as the `stripe` client writes it.
 * Numeric and empty brackets make arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

type Container = Record<string, FormValue> | FormValue[];

function keysOf(name: string): string[] {
  const first = name.split('[', 1)[0] ?? name;
  const rest = [...name.slice(first.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [first, ...rest];
}

export function parseForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = keysOf(name);
    let node: Container = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const nextIsArray = !last && /^\d*$/.test(keys[i + 1] ?? '');
      if (Array.isArray(node)) {
        const index = key === '' ? node.length : Number(key);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsArray ? [] : {}) as Container;
      } else if (last) {
        node[key] = value;
      } else {
        node = (node[key] ??= nextIsArray ? [] : {}) as Container;
      }
    });
  }
  return root;
}
