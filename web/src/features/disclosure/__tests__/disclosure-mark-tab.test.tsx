import { DEFAULT_DISCLOSURE_MARK, DISCLOSURE_MARK_TEXTS } from '@vitrine/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { DisclosureMarkTab } from '../components/disclosure-mark-tab';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) => mockApi(path, options),
  apiFetcher: (path: string) => mockApi(path),
}));

const T = DISCLOSURE_MARK_TEXTS;

function renderTab() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <DisclosureMarkTab />
      </ToastProvider>
    </SWRConfig>,
  );
}

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockImplementation(async (path, options) => {
    if (path !== '/disclosure-mark') throw new Error(`unexpected call ${path}`);
    return options?.method === 'PUT' ? options.body : DEFAULT_DISCLOSURE_MARK;
  });
});

describe('Paramètres > Mention des retouches', () => {
  it('shows the saved setting and saves the chosen corner, language and QR code', async () => {
    renderTab();
    expect(await screen.findByLabelText(T.enabled)).toBeChecked();
    expect(screen.getByLabelText(T.qrCode)).toBeChecked();
    expect(screen.getByLabelText(T.corner)).toHaveValue('bottom-left');
    await userEvent.selectOptions(screen.getByLabelText(T.corner), T.corners['top-right']);
    await userEvent.selectOptions(screen.getByLabelText(T.language), T.languages.en);
    await userEvent.click(screen.getByLabelText(T.qrCode));
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(mockApi).toHaveBeenCalledWith('/disclosure-mark', {
        method: 'PUT',
        body: { enabled: true, corner: 'top-right', language: 'en', qrCode: false },
      }),
    );
    expect(await screen.findByText(T.saved)).toBeVisible();
  });

  it('greys out the placement once the mark is turned off, and saves it off', async () => {
    renderTab();
    await userEvent.click(await screen.findByLabelText(T.enabled));
    expect(screen.getByLabelText(T.corner)).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(mockApi).toHaveBeenCalledWith('/disclosure-mark', {
        method: 'PUT',
        body: { ...DEFAULT_DISCLOSURE_MARK, enabled: false },
      }),
    );
  });
});
