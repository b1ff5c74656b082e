import { SETTINGS_TEXTS, type User } from '@vitrine/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { confirmEmail, sendEmailVerificationCode } from '../../../lib/auth';
import { makeUser } from '../../../testing/billing-data';
import { asRendered } from '../../../testing/text';
import { EmailVerificationBanner } from '../components/email-verification';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) => mockApi(path, options),
}));
jest.mock('../../../lib/auth', () => ({ confirmEmail: jest.fn(), sendEmailVerificationCode: jest.fn() }));
const confirmEmailMock = jest.mocked(confirmEmail);
const sendCodeMock = jest.mocked(sendEmailVerificationCode);

const V = SETTINGS_TEXTS.emailVerification;

function renderBanner(user: () => User) {
  mockApi.mockImplementation(async (path) => {
    if (path === '/users/me') return user();
    throw new Error(`unexpected call ${path}`);
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <EmailVerificationBanner />
      </ToastProvider>
    </SWRConfig>,
  );
}

const profileReads = () => mockApi.mock.calls.filter(([path]) => path === '/users/me').length;

beforeEach(() => {
  jest.resetAllMocks();
  localStorage.clear();
});

describe('E-mail verification banner (issue 10)', () => {
  it('is absent once the e-mail is verified', async () => {
    renderBanner(() => makeUser({ emailVerified: true }));
    await waitFor(() => expect(profileReads()).toBe(1));
    expect(screen.queryByRole('heading', { name: V.title })).not.toBeInTheDocument();
  });

  it('takes the code, confirms it with Cognito and reloads the profile', async () => {
    let verified = false;
    confirmEmailMock.mockRejectedValueOnce(Object.assign(new Error('x'), { name: 'CodeMismatchException' }));
    confirmEmailMock.mockImplementationOnce(async () => {
      verified = true;
    });
    renderBanner(() => makeUser({ emailVerified: verified }));
    const user = userEvent.setup();
    // A small reminder first; the form opens on demand (issue 22).
    await user.click(await screen.findByRole('button', { name: V.bannerAction }));
    expect(await screen.findByRole('heading', { name: V.title })).toBeInTheDocument();
    expect(screen.getByText(asRendered(V.description('camille@exemple.fr')))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: V.submit }));
    expect(await screen.findByText(asRendered(V.codeRequired))).toHaveAttribute('role', 'alert');
    expect(confirmEmailMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(V.code), ' 111111 ');
    await user.click(screen.getByRole('button', { name: V.submit }));
    expect(await screen.findByText(V.invalidCode)).toBeInTheDocument();

    const readsBefore = profileReads();
    await user.clear(screen.getByLabelText(V.code));
    await user.type(screen.getByLabelText(V.code), '222222');
    await user.click(screen.getByRole('button', { name: V.submit }));
    expect(await screen.findByText(V.confirmed)).toBeInTheDocument();
    expect(confirmEmailMock).toHaveBeenLastCalledWith('222222');
    expect(profileReads()).toBeGreaterThan(readsBefore);
    expect(screen.queryByRole('heading', { name: V.title })).not.toBeInTheDocument();
  });

  it('is one small line that can be put away, and stays away for this user (issue 22)', async () => {
    renderBanner(() => makeUser({ emailVerified: false }));
    const user = userEvent.setup();
    const reminder = await screen.findByRole('region', { name: V.bannerLabel });
    expect(reminder).toHaveTextContent(asRendered(V.banner));
    expect(screen.queryByLabelText(V.code)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: V.dismiss }));
    expect(screen.queryByRole('region', { name: V.bannerLabel })).not.toBeInTheDocument();
    expect(localStorage.getItem('vitrine.emailReminderDismissed.user-1')).toBe('1');
  });

  it('sends another code on demand', async () => {
    sendCodeMock.mockResolvedValue();
    renderBanner(() => makeUser({ emailVerified: false }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: V.bannerAction }));
    await user.click(await screen.findByRole('button', { name: V.resend }));
    expect(await screen.findByText(asRendered(V.resent('camille@exemple.fr')))).toBeInTheDocument();
    expect(sendCodeMock).toHaveBeenCalledTimes(1);
  });
});
