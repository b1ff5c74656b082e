import { API_KEYS_TEXTS, type Role, SETTINGS_TEXTS, WEBHOOKS_TEXTS } from '@vitrine/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { makeUser } from '../../../testing/billing-data';
import { Component as SettingsRoute } from '../dashboard-settings';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) => mockApi(path, options),
  apiFetcher: (path: string) => mockApi(path),
}));

function renderAs(roles: Role[]) {
  const user = makeUser({ roles, subscription: { status: 'active' } });
  mockApi.mockImplementation(async (path, options) => {
    if ((options?.method ?? 'GET') !== 'GET') throw new Error(`unexpected ${options?.method} ${path}`);
    if (path === '/users/me') return user;
    if (path === '/api-keys') return [];
    if (path === '/webhooks') return { endpoints: [], deliveries: [] };
    if (path === '/billing/prices') return [];
    throw new Error(`unexpected GET ${path}`);
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/dashboard/settings']}>
          <SettingsRoute />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

beforeEach(() => mockApi.mockReset());

describe('Settings > API (issue 25)', () => {
  it.each([['org_owner'], ['org_admin']] as const)(
    'is offered to an %s, and lists the keys and webhooks',
    async (role) => {
      renderAs([role]);
      await userEvent.click(await screen.findByRole('tab', { name: API_KEYS_TEXTS.tab }));
      expect(await screen.findByText(API_KEYS_TEXTS.empty)).toBeInTheDocument();
      expect(await screen.findByText(WEBHOOKS_TEXTS.empty)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: WEBHOOKS_TEXTS.title })).toBeInTheDocument();
      expect(mockApi).toHaveBeenCalledWith('/api-keys');
      expect(mockApi).toHaveBeenCalledWith('/webhooks');
    },
  );

  it('is hidden from a plain member, who never asks for the keys or the webhooks', async () => {
    renderAs(['org_member']);
    expect(await screen.findByRole('tab', { name: SETTINGS_TEXTS.profileTab })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: API_KEYS_TEXTS.tab })).not.toBeInTheDocument();
    expect(mockApi).not.toHaveBeenCalledWith('/api-keys');
    expect(mockApi).not.toHaveBeenCalledWith('/webhooks');
  });
});
