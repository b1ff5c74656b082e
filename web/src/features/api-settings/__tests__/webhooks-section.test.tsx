import {
  type CreatedWebhookEndpoint,
  formatDate,
  formatDateTime,
  type WebhookDeliverySummary,
  type WebhookEndpointSummary,
  type WebhooksOverview,
  WEBHOOKS_TEXTS,
} from '@vitrine/shared';
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

const T = WEBHOOKS_TEXTS;

const crm: WebhookEndpointSummary = {
  id: 'wh_1',
  url: 'https://crm.agence.fr/vitrine',
  events: ['transformation.succeeded', 'credits.low'],
  createdAt: '2026-03-02T09:00:00.000Z',
  disabledAt: null,
};
const erp: WebhookEndpointSummary = {
  id: 'wh_2',
  url: 'https://erp.agence.fr/hooks',
  events: ['subscription.changed'],
  createdAt: '2026-03-04T09:00:00.000Z',
  disabledAt: '2026-03-06T09:00:00.000Z',
};
const failed: WebhookDeliverySummary = {
  id: 'whd_1',
  endpointId: erp.id,
  url: erp.url,
  eventId: 'evt_1',
  eventType: 'subscription.changed',
  status: 'failed',
  attempts: 12,
  lastStatus: 500,
  lastError: null,
  createdAt: '2026-03-05T09:00:00.000Z',
  lastAttemptAt: '2026-03-06T08:00:00.000Z',
};

/** A fake of the webhooks routes over `overview`, which the writes change as the server would. */
function serve(overview: WebhooksOverview, create?: (body: unknown) => Promise<CreatedWebhookEndpoint>) {
  mockApi.mockImplementation(async (path, options) => {
    const method = options?.method ?? 'GET';
    if (method === 'GET' && path === '/api-keys') return [];
    if (method === 'GET' && path === '/webhooks') return JSON.parse(JSON.stringify(overview)) as WebhooksOverview;
    if (method === 'POST' && path === '/webhooks') {
      const created = await create!(options?.body);
      const { secret: _shownOnce, ...listed } = created;
      overview.endpoints.push(listed);
      return created;
    }
    if (method === 'DELETE' && path === `/webhooks/${crm.id}`) {
      overview.endpoints = overview.endpoints.filter((endpoint) => endpoint.id !== crm.id);
      return undefined;
    }
    if (method === 'POST' && path === `/webhooks/${erp.id}/enable`) {
      overview.endpoints = overview.endpoints.map((endpoint) =>
        endpoint.id === erp.id ? { ...endpoint, disabledAt: null } : endpoint,
      );
      return undefined;
    }
    if (method === 'POST' && path === `/webhooks/deliveries/${failed.id}/resend`) {
      const again: WebhookDeliverySummary = {
        ...failed,
        id: 'whd_2',
        status: 'pending',
        attempts: 0,
        lastAttemptAt: null,
      };
      overview.deliveries.unshift(again);
      return again;
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

const endpointsTable = () => screen.getByRole('table', { name: T.title });
const deliveriesTable = () => screen.getByRole('table', { name: T.deliveriesTitle });

beforeEach(() => mockApi.mockReset());

describe('Paramètres > API, Webhooks', () => {
  it('registers an endpoint with its events, shows its secret once, then lists it', async () => {
    const created: CreatedWebhookEndpoint = {
      ...crm,
      id: 'wh_3',
      url: 'https://site.agence.fr/webhook',
      events: ['transformation.failed', 'credits.low'],
      secret: 'whsec_' + 'a'.repeat(43),
    };
    const create = jest.fn(async () => created);
    serve({ endpoints: [], deliveries: [] }, create);
    renderTab();
    expect(await screen.findByText(asRendered(T.empty))).toBeInTheDocument();
    expect(screen.getByText(asRendered(T.deliveriesEmpty))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(asRendered(T.url), { exact: false }), created.url);
    await userEvent.click(screen.getByRole('checkbox', { name: T.events['transformation.failed'] }));
    await userEvent.click(screen.getByRole('checkbox', { name: T.events['credits.low'] }));
    await userEvent.click(screen.getByRole('button', { name: T.create }));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ url: created.url, events: created.events }));

    const dialog = await screen.findByRole('dialog', { name: T.created });
    expect(within(dialog).getByText(asRendered(T.shownOnce))).toBeInTheDocument();
    expect(within(dialog).getByText(created.secret)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: T.close }));
    await waitFor(() => expect(screen.queryByText(created.secret)).not.toBeInTheDocument());

    const row = within(endpointsTable()).getByRole('row', { name: new RegExp(created.url) });
    expect(row).toHaveTextContent(`${T.events['transformation.failed']}, ${T.events['credits.low']}`);
    expect(row).toHaveTextContent(T.enabled);
    expect(row).toHaveTextContent(formatDate(created.createdAt));
    expect(screen.getByRole('checkbox', { name: T.events['credits.low'] })).not.toBeChecked();
  });

  it('asks for an event before calling the server, and shows the server’s refusal of the URL', async () => {
    const create = jest.fn(async () => {
      throw serverError('VALIDATION', T.urlPrivate);
    });
    serve({ endpoints: [], deliveries: [] }, create);
    renderTab();
    await screen.findByText(asRendered(T.empty));
    await userEvent.type(screen.getByLabelText(asRendered(T.url), { exact: false }), 'https://10.0.0.8/hook');
    await userEvent.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByText(asRendered(T.eventsRequired))).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: T.events['transformation.succeeded'] }));
    await userEvent.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByText(asRendered(T.urlPrivate))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists endpoints and deliveries, re-enables a disabled endpoint and deletes one after confirmation', async () => {
    const timedOut: WebhookDeliverySummary = {
      ...failed,
      id: 'whd_9',
      endpointId: crm.id,
      url: crm.url,
      eventType: 'credits.low',
      status: 'pending',
      attempts: 2,
      lastStatus: null,
      lastError: 'timeout',
    };
    serve({ endpoints: [crm, erp], deliveries: [failed, timedOut] });
    renderTab();
    const pendingRow = within(await screen.findByRole('table', { name: T.deliveriesTitle })).getByRole('row', {
      name: new RegExp(T.statuses.pending),
    });
    expect(pendingRow).toHaveTextContent(T.events['credits.low']);
    expect(pendingRow).toHaveTextContent(T.attemptErrors.timeout!);
    const erpRow = within(await screen.findByRole('table', { name: T.title })).getByRole('row', {
      name: new RegExp(erp.url),
    });
    expect(erpRow).toHaveTextContent(T.disabled);
    expect(screen.queryByRole('button', { name: T.enableLabel(crm.url) })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.enableLabel(erp.url) }));
    await waitFor(() => expect(erpRow).toHaveTextContent(T.enabled));
    expect(mockApi).toHaveBeenCalledWith(`/webhooks/${erp.id}/enable`, { method: 'POST' });

    await userEvent.click(screen.getByRole('button', { name: T.removeLabel(crm.url) }));
    const dialog = await screen.findByRole('dialog', { name: T.removeTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.remove }));
    await waitFor(() => expect(within(endpointsTable()).queryByText(crm.url)).not.toBeInTheDocument());
    expect(mockApi).toHaveBeenCalledWith(`/webhooks/${crm.id}`, { method: 'DELETE' });
  });

  it('resends a failed delivery and lists the new one', async () => {
    serve({ endpoints: [erp], deliveries: [failed] });
    renderTab();
    const failedRow = within(await screen.findByRole('table', { name: T.deliveriesTitle })).getByRole('row', {
      name: new RegExp(T.statuses.failed),
    });
    expect(failedRow).toHaveTextContent(T.events['subscription.changed']);
    expect(failedRow).toHaveTextContent(erp.url);
    expect(failedRow).toHaveTextContent('12');
    expect(failedRow).toHaveTextContent(T.lastHttpStatus(500));
    expect(failedRow).toHaveTextContent(formatDateTime(failed.lastAttemptAt!));
    await userEvent.click(within(failedRow).getByRole('button', { name: T.resend }));
    expect(await screen.findByText(asRendered(T.resendDone))).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith(`/webhooks/deliveries/${failed.id}/resend`, { method: 'POST' });
    const pendingRow = within(deliveriesTable()).getByRole('row', { name: new RegExp(T.statuses.pending) });
    expect(pendingRow).toHaveTextContent(T.notAttempted);
    expect(within(deliveriesTable()).getAllByRole('row')).toHaveLength(3);
  });
});
