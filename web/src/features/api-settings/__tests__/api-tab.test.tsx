import { API_KEYS_TEXTS, type ApiKeySummary, type CreatedApiKey } from '@vitrine/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { serverError } from '../../../testing/server-answers';
import { asRendered } from '../../../testing/text';
import { ApiTab } from '../components/api-tab';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) => mockApi(path, options),
  apiFetcher: (path: string) => mockApi(path),
}));

const T = API_KEYS_TEXTS;

const crm: ApiKeySummary = {
  id: 'key-1',
  name: 'CRM de l’agence',
  scope: 'transform',
  prefix: 'vit_live_Ab3d',
  createdAt: '2026-03-02T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

function serve(keys: ApiKeySummary[], create?: (body: unknown) => Promise<CreatedApiKey>) {
  mockApi.mockImplementation(async (path, options) => {
    const method = options?.method ?? 'GET';
    if (method === 'GET' && path === '/api-keys') return keys;
    if (method === 'GET' && path === '/webhooks') return { endpoints: [], deliveries: [] };
    if (method === 'POST' && path === '/api-keys') return create?.(options?.body);
    if (method === 'DELETE' && path === `/api-keys/${crm.id}`) {
      keys.splice(0, keys.length, { ...crm, revokedAt: '2026-03-03T09:00:00.000Z' });
      return undefined;
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

function renderTab() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter>
          <ApiTab />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

beforeEach(() => mockApi.mockReset());

describe('Paramètres > API', () => {
  it('lists the keys by name, start and scope, never used yet, with the reference linked', async () => {
    serve([crm]);
    renderTab();
    expect(await screen.findByText(crm.name)).toBeInTheDocument();
    expect(screen.getByText('vit_live_Ab3d…')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText(asRendered(T.scopes.transform))).toBeInTheDocument();
    expect(screen.getByText(asRendered(T.neverUsed))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.reference })).toHaveAttribute('href', '/dashboard/api-reference');
  });

  it('creates a key with its name and scope and shows it once', async () => {
    const created: CreatedApiKey = {
      ...crm,
      id: 'key-2',
      name: 'Site',
      scope: 'read',
      key: 'vit_live_' + 'x'.repeat(43),
    };
    const create = jest.fn(async () => created);
    serve([], create);
    renderTab();
    expect(await screen.findByText(asRendered(T.empty))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(asRendered(T.name), { exact: false }), 'Site');
    await userEvent.selectOptions(screen.getByLabelText(asRendered(T.scope)), 'read');
    await userEvent.click(screen.getByRole('button', { name: T.create }));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ name: 'Site', scope: 'read' }));
    const dialog = await screen.findByRole('dialog', { name: T.created });
    expect(within(dialog).getByText(created.key)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: T.close }));
    await waitFor(() => expect(screen.queryByText(created.key)).not.toBeInTheDocument());
  });

  it('refuses an empty name before calling the server, and shows the server’s refusal', async () => {
    const create = jest.fn(async () => {
      throw serverError('CONFLICT', T.tooManyKeys);
    });
    serve([], create);
    renderTab();
    await screen.findByText(asRendered(T.empty));
    await userEvent.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByText(asRendered(T.nameRequired))).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(asRendered(T.name), { exact: false }), 'CRM');
    await userEvent.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByText(asRendered(T.tooManyKeys))).toBeInTheDocument();
  });

  it('revokes a key after confirmation', async () => {
    serve([crm]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: T.revokeLabel(crm.name) }));
    const dialog = await screen.findByRole('dialog', { name: T.revokeTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.revoke }));
    expect(await screen.findByText(asRendered(T.revoked))).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith(`/api-keys/${crm.id}`, { method: 'DELETE' });
  });
});
