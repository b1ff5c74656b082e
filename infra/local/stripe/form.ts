/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket paths
 * (`items[0][price]=price_x`, `expand[]=data.product`, `metadata[plan]=agence`), in POST bodies and
 * GET query strings alike. Objects whose keys are all indices become arrays, in index order.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = Record<string, FormValue>;

function segments(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1] ?? '');
  return parts;
}

type Tree = { [key: string]: Tree | string };

function toValue(node: Tree | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const values: Record<string, FormValue> = {};
  for (const [key, child] of Object.entries(node)) values[key] = toValue(child);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => values[key] as FormValue);
  }
  return values;
}

export function parseForm(encoded: string): FormParams {
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = segments(key);
    let node = root;
    path.forEach((segment, index) => {
      // `a[]` appends: give it the next free index.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[name] = value;
      } else {
        const child = node[name];
        node = typeof child === 'object' ? child : (node[name] = {});
      }
    });
  }
  return toValue(root) as FormParams;
}
