/**
 * Route selection as API Gateway HTTP APIs do it: the most specific route wins whatever the order
 * of the table (a literal segment beats a `{parameter}`, which beats a greedy `{proxy+}`), and
 * path parameters are percent-decoded. A parameter whose percent-encoding is malformed cannot name
 * a resource: the match says so instead of throwing (it used to surface as an empty 500).
 */
import { routeKey, type Route } from '../../functions/src/routes';

interface CompiledRoute {
  route: Route;
  key: string;
  pattern: RegExp;
  params: string[];
  /** Per segment: 0 literal, 1 parameter, 2 greedy parameter; compared left to right. */
  rank: number[];
}

export type RouteMatch =
  | { route: Route; key: string; pathParameters: Record<string, string>; malformedParameter?: false }
  | { route: Route; key: string; malformedParameter: true };

function compile(route: Route): CompiledRoute {
  const params: string[] = [];
  const rank: number[] = [];
  const segments = route.path
    .split('/')
    .slice(1)
    .map((segment) => {
      const parameter = /^\{([^}+]+)(\+?)\}$/.exec(segment);
      if (!parameter) {
        rank.push(0);
        return segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
      }
      params.push(parameter[1]!);
      rank.push(parameter[2] ? 2 : 1);
      return parameter[2] ? '(.+)' : '([^/]+)';
    });
  return { route, key: routeKey(route), pattern: new RegExp(`^/${segments.join('/')}$`), params, rank };
}

function bySpecificity(a: CompiledRoute, b: CompiledRoute): number {
  for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) {
    if (a.rank[i] !== b.rank[i]) return a.rank[i]! - b.rank[i]!;
  }
  return b.rank.length - a.rank.length;
}

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function createRouteMatcher(routes: readonly Route[]) {
  const compiled = routes.map(compile).sort(bySpecificity);
  return function match(method: string, path: string): RouteMatch | undefined {
    for (const candidate of compiled) {
      if (candidate.route.method !== method) continue;
      const found = candidate.pattern.exec(path);
      if (!found) continue;
      const pathParameters: Record<string, string> = {};
      for (const [index, name] of candidate.params.entries()) {
        const value = decode(found[index + 1] ?? '');
        if (value === undefined) return { route: candidate.route, key: candidate.key, malformedParameter: true };
        pathParameters[name] = value;
      }
      return { route: candidate.route, key: candidate.key, pathParameters };
    }
    return undefined;
  };
}
