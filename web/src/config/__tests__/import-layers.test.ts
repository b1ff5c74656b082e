/**
 * @jest-environment node
 */
import { Linter } from 'eslint';
import webLayers from '../../../eslint-layers.mjs';

const config = [{ files: ['**/*.ts'], plugins: { 'web-layers': webLayers }, rules: { 'web-layers/layers': 'error' } }];

/** The layers errors ESLint reports for a file of web/src importing `source`, statically or lazily. */
function lint(file: string, source: string, how: 'static' | 'lazy' = 'static'): string[] {
  const code =
    how === 'static'
      ? `import { x } from '${source}';\nexport const y = x;\n`
      : `export const lazy = () => import('${source}');\n`;
  return new Linter({ configType: 'flat', cwd: '/repo' })
    .verify(code, config as Linter.Config[], { filename: `/repo/web/src/${file}` })
    .map((message) => message.message);
}

describe('import direction of the web app (eslint web-layers/layers)', () => {
  it('lets each layer import itself and the layers after it', () => {
    expect(lint('app/routes/dashboard-upload.ts', '../../features/projects')).toEqual([]);
    expect(lint('app/routes/dashboard-upload.ts', '../../features/projects/index')).toEqual([]);
    expect(lint('features/upload/components/card.ts', '../wizard-state')).toEqual([]);
    expect(lint('features/upload/upload-page.ts', '../../components/ui/tabs')).toEqual([]);
    expect(lint('features/upload/upload-page.ts', '../../config/paths')).toEqual([]);
    expect(lint('components/ui/toast.ts', '../../lib/cn')).toEqual([]);
    expect(lint('lib/api-client.ts', '../config/paths')).toEqual([]);
  });

  it('refuses a feature importing another feature, and any import back up the flow', () => {
    expect(lint('features/upload/components/picker.ts', '../../projects/components/create-project-dialog')).toEqual([
      expect.stringContaining('features/upload may not import features/projects'),
    ]);
    expect(lint('features/auth/components/login-form.ts', '../../../app/routes')).toEqual([
      expect.stringContaining('features/auth may not import app'),
    ]);
    expect(lint('components/ui/button.ts', '../../features/upload/wizard-state')).toEqual([
      expect.stringContaining('components may not import features/upload'),
    ]);
    expect(lint('lib/session.ts', '../components/ui/toast')).toEqual([
      expect.stringContaining('lib may not import components'),
    ]);
    expect(lint('config/paths.ts', '../lib/navigation')).toEqual([
      expect.stringContaining('config may not import lib'),
    ]);
  });

  it.each([
    ['app/routes/login.ts', '../../features/auth/components/login-form', 'static', 'features/auth'],
    ['app/routes.ts', '../features/public/pages/landing-page', 'static', 'features/public'],
    [
      'app/routes/__tests__/overlays.test.ts',
      '../../../features/billing/checkout-return',
      'static',
      'features/billing',
    ],
    // A lazy route points into app/routes, never into a feature.
    ['app/routes.ts', '../features/public/routes/landing', 'lazy', 'features/public'],
  ] as const)('refuses %s reaching past the index.ts of a feature (%s, %s import)', (file, source, how, feature) => {
    expect(lint(file, source, how)).toEqual([expect.stringContaining(`app may not reach into ${feature}`)]);
  });

  it('lets a feature import anything inside its own folder', () => {
    expect(lint('features/auth/components/login-form.ts', '../utils/phone')).toEqual([]);
  });
});
