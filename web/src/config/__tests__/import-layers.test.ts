/**
 * @jest-environment node
 */
import { Linter } from 'eslint';
import webLayers from '../../../eslint-layers.mjs';

const config = [{ files: ['**/*.ts'], plugins: { 'web-layers': webLayers }, rules: { 'web-layers/layers': 'error' } }];

/** The layers errors ESLint reports for a file of web/src importing `source`. */
function lint(file: string, source: string): string[] {
  const code = `import { x } from '${source}';\nexport const y = x;\n`;
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

  it('lets the rest of the app use a feature only through its index.ts, so route modules live in app/routes', () => {
    expect(lint('app/routes/login.ts', '../../features/auth/components/login-form')).toEqual([
      expect.stringContaining('app may not reach into features/auth'),
    ]);
    expect(lint('app/routes.ts', '../features/public/pages/landing-page')).toEqual([
      expect.stringContaining('app may not reach into features/public'),
    ]);
    expect(lint('app/routes/__tests__/overlays.test.ts', '../../../features/billing/checkout-return')).toEqual([
      expect.stringContaining('app may not reach into features/billing'),
    ]);
    // Inside its own folder a feature imports whatever it needs.
    expect(lint('features/auth/components/login-form.ts', '../utils/phone')).toEqual([]);
  });

  it('checks dynamic imports too: a lazy route points into app/routes, not into a feature', () => {
    const code = "export const lazy = () => import('../features/public/routes/landing');\n";
    const messages = new Linter({ configType: 'flat', cwd: '/repo' })
      .verify(code, config as Linter.Config[], { filename: '/repo/web/src/app/routes.ts' })
      .map((message) => message.message);
    expect(messages).toEqual([expect.stringContaining('app may not reach into features/public')]);
  });
});
