import { Linter } from 'eslint';
import { functionsConfig } from './eslint-layers.mjs';

/** Every TypeScript file of the repository, then the functions' block of eslint.config.mjs. */
const config = [{ files: ['**/*.ts'] }, ...functionsConfig];

/** The messages ESLint reports for a file at `path` (from the repository's root). */
function lintAt(path: string, code: string): string[] {
  return new Linter({ configType: 'flat', cwd: '/repo' })
    .verify(code, config, { filename: `/repo/${path}` })
    .map((message) => message.message);
}

const lint = (file: string, code: string) => lintAt(`functions/src/${file}`, code);

const importing = (source: string) => `import { x } from '${source}';\nexport const y = x;\n`;

describe('import direction of the functions (eslint functions-layers/layers)', () => {
  it('lets handlers compose everything, domain folders use lib, engines and each other through their API', () => {
    expect(lint('handlers/billing.ts', importing('../billing/webhook'))).toEqual([]);
    expect(lint('handlers/images.ts', importing('../images/to-image'))).toEqual([]);
    expect(lint('billing/checkout.ts', importing('../organizations/organization-service'))).toEqual([]);
    expect(lint('billing/checkout.ts', importing('./stripe-gateway'))).toEqual([]);
    expect(lint('workflow/steps.ts', importing('../credits/credits'))).toEqual([]);
    expect(lint('workflow/steps.ts', importing('../engines/types'))).toEqual([]);
    expect(lint('engines/factory.ts', importing('../lib/api-key'))).toEqual([]);
    expect(lint('lib/http.ts', importing('../routes'))).toEqual([]);
    expect(lint('lib/aws/presign-get.ts', importing('../env'))).toEqual([]);
  });

  it('refuses lib importing handlers, engines or a domain folder, and engines importing a domain folder', () => {
    expect(lint('lib/stripe.ts', importing('../engines/image-edit/api-key'))).toEqual([
      expect.stringContaining('lib/stripe may not import engines/image-edit/api-key'),
    ]);
    expect(lint('lib/aws/dynamodb.ts', importing('../../credits/credits'))).toEqual([
      expect.stringContaining('lib/aws/dynamodb may not import domain/credits/credits'),
    ]);
    expect(lint('lib/http.ts', importing('../handlers/users'))).toEqual([
      expect.stringContaining('imports go handlers -> domain folders -> engines -> lib'),
    ]);
    expect(lint('engines/factory.ts', importing('../workflow/steps'))).toEqual([
      expect.stringContaining('engines/factory may not import domain/workflow/steps'),
    ]);
    expect(lint('credits/credits.ts', importing('../handlers/billing'))).toEqual([
      expect.stringContaining('domain/credits/credits may not import handlers/billing'),
    ]);
  });

  it("refuses a domain folder reaching into another's internals, its test fixtures included", () => {
    expect(lint('team/invitations.ts', importing('../billing/billing-store'))).toEqual([
      expect.stringContaining('a domain folder uses another only through its modules ["catalog","stripe-gateway"]'),
    ]);
    expect(lint('credits/credits.test.ts', importing('../workflow/testing/organization-credits'))).toEqual([
      expect.stringContaining(
        'domain/credits/credits.test may not import domain/workflow/testing/organization-credits',
      ),
    ]);
    // A dynamic import and a jest.mock name a dependency as much as an import does.
    expect(lint('users/profile.ts', "export const load = () => import('../team/members');")).toEqual([
      expect.stringContaining('may not import domain/team/members'),
    ]);
    expect(lint('users/profile.test.ts', "jest.mock('../team/members');")).toEqual([
      expect.stringContaining('may not import domain/team/members'),
    ]);
  });

  it('keeps test support for tests: the shared fixtures and a folder its own', () => {
    expect(lint('credits/credits.test.ts', importing('../testing/local-aws'))).toEqual([]);
    expect(lint('workflow/reconciler.test.ts', importing('./testing/organization-credits'))).toEqual([]);
    expect(lint('handlers/workflow-steps.test.ts', importing('../workflow/testing/local-step-functions'))).toEqual([]);
    expect(lint('credits/credits.ts', importing('../testing/local-aws'))).toEqual([
      expect.stringContaining('test support is for tests only'),
    ]);
    expect(lint('workflow/steps.ts', importing('./testing/bad-images'))).toEqual([
      expect.stringContaining('test support is for tests only'),
    ]);
  });
});

describe('one logger in functions (eslint no-console)', () => {
  it('refuses console.* anywhere in functions, tests included', () => {
    expect(lint('billing/subscription-sync.ts', "console.warn('Stripe customer without organization');")).toEqual([
      'Unexpected console statement.',
    ]);
    expect(lint('engines/local/sky-mask.ts', "if (process.env.SKY_DEBUG) console.log('ground');")).toEqual([
      'Unexpected console statement.',
    ]);
    expect(lint('credits/credits.test.ts', 'console.error(1);')).toEqual(['Unexpected console statement.']);
  });

  it('leaves the logger, the one writer of log lines, and the rest of the repository alone', () => {
    expect(lint('lib/logger.ts', "console.log('line');")).toEqual([]);
    expect(lintAt('infra/local/start.ts', "console.log('ready');")).toEqual([]);
  });
});

describe('one owner of the organization item (eslint no-restricted-syntax)', () => {
  const reading = "import { keys } from '../lib/keys';\nexport const key = keys.organization('o1');\n";

  it('refuses its key anywhere in functions and the local stack but in organizations/organization-record.ts', () => {
    const refusal = 'The organization item is read and written through organizations/organization-record.ts only.';
    expect(lint('credits/credits.ts', reading)).toEqual([refusal]);
    expect(lint('billing/billing-store.ts', reading)).toEqual([refusal]);
    expect(lintAt('infra/local/seed.ts', reading)).toEqual([refusal]);
    expect(lint('organizations/organization-record.ts', reading)).toEqual([]);
  });

  it('lets tests and test support write their fixtures directly', () => {
    expect(lint('credits/credits.test.ts', reading)).toEqual([]);
    expect(lint('workflow/testing/organization-credits.ts', reading)).toEqual([]);
  });
});
