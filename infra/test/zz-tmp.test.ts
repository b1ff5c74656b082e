jest.mock('../../functions/src/routes', () => {
  const actual = jest.requireActual('../../functions/src/routes');
  const fs = jest.requireActual('node:fs');
  const ROUTES = actual.ROUTES.filter((r: { group: string }) => fs.existsSync(`${__dirname}/../../functions/src/handlers/${r.group}.ts`));
  return { ...actual, ROUTES, ENDPOINT_GROUPS: [...new Set(ROUTES.map((r: { group: string }) => r.group))] };
});
require('./api.test');
require('./security.test');
