import { AUTH_TEXTS, SETTINGS_TEXTS, VALIDATION_TEXTS, API_TEXTS } from '@vitrine/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { changePassword, disableTotp, enableTotp, isTotpEnabled, startTotpSetup } from '../../../lib/auth';
import { makeUser } from '../../../testing/billing-data';
import { asRendered } from '../../../testing/text';
import { SettingsPage } from '../components/settings-page';

jest.mock('../../../lib/auth', () => ({
  changePassword: jest.fn(),
  isTotpEnabled: jest.fn(),
  startTotpSetup: jest.fn(),
  enableTotp: jest.fn(),
  disableTotp: jest.fn(),
}));
const changePasswordMock = jest.mocked(changePassword);
const isTotpEnabledMock = jest.mocked(isTotpEnabled);
const startTotpSetupMock = jest.mocked(startTotpSetup);
const enableTotpMock = jest.mocked(enableTotp);
const disableTotpMock = jest.mocked(disableTotp);

const P = SETTINGS_TEXTS.password;
const O = SETTINGS_TEXTS.totp;
const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });

function renderSecurity() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/dashboard/settings?tab=securite']}>
          <SettingsPage user={makeUser()} />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

async function fillPassword(current: string, next: string, confirmation: string) {
  const user = userEvent.setup();
  for (const [label, value] of [
    [P.current, current],
    [P.new, next],
    [P.confirmation, confirmation],
  ] as const) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: P.submit }));
}

beforeEach(() => {
  jest.resetAllMocks();
  isTotpEnabledMock.mockResolvedValue(false);
});

describe('Settings > Sécurité: password (spec 2.10, 5, 8)', () => {
  it('is the third tab, selected by ?tab=securite', async () => {
    renderSecurity();
    const tab = screen.getByRole('tab', { name: SETTINGS_TEXTS.securityTab });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((item) => item.textContent)).toEqual(['Profil', 'Sécurité']);
    expect(await screen.findByTestId('totp-status')).toHaveTextContent(O.off);
  });

  it('asks for all three fields, then the new password length, then a matching confirmation', async () => {
    renderSecurity();
    await fillPassword('Ancien-2026', '', '');
    expect(await screen.findByText(VALIDATION_TEXTS.passwordFieldsRequired)).toBeInTheDocument();
    await fillPassword('Ancien-2026', 'court', 'court');
    expect(screen.getByLabelText(P.new)).toHaveAccessibleDescription(
      `${AUTH_TEXTS.passwordHint} ${VALIDATION_TEXTS.passwordMin}`,
    );
    await fillPassword('Ancien-2026', 'Nouveau-2026', 'Nouveau-2027');
    expect(screen.getByLabelText(P.confirmation)).toHaveAccessibleDescription(VALIDATION_TEXTS.passwordsDontMatch);
    expect(screen.queryByText(VALIDATION_TEXTS.passwordFieldsRequired)).not.toBeInTheDocument();
    expect(changePasswordMock).not.toHaveBeenCalled();
  });

  it('changes the password through Cognito and clears the form', async () => {
    changePasswordMock.mockResolvedValue();
    renderSecurity();
    await fillPassword('Ancien-2026', 'Nouveau-2026', 'Nouveau-2026');
    expect(await screen.findByText(P.updated)).toBeInTheDocument();
    expect(changePasswordMock).toHaveBeenCalledWith('Ancien-2026', 'Nouveau-2026');
    expect(screen.getByLabelText(P.current)).toHaveValue('');
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', P.wrongCurrent],
    // The local emulator's answer to a wrong current password.
    ['InvalidPasswordException', 'Invalid password', P.wrongCurrent],
    ['InvalidPasswordException', 'Password does not conform to policy', VALIDATION_TEXTS.passwordMin],
    ['LimitExceededException', 'Attempt limit exceeded', AUTH_TEXTS.tooManyAttempts],
    ['UserUnAuthenticatedException', 'User needs to be authenticated', API_TEXTS.pleaseReconnect],
    ['NetworkError', 'Network error', P.failed],
  ])('maps %s (%s) to a French message', async (name, message, expected) => {
    changePasswordMock.mockRejectedValue(cognitoError(name, message));
    renderSecurity();
    await fillPassword('Ancien-2026', 'Nouveau-2026', 'Nouveau-2026');
    expect(await screen.findByText(asRendered(expected))).toHaveAttribute('role', 'alert');
  });
});

describe('Settings > Sécurité: two-factor authentication (TOTP)', () => {
  it('enrols with a QR code and the key, and turns on only after a valid code', async () => {
    startTotpSetupMock.mockResolvedValue({
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Vitrine:camille%40exemple.fr?secret=JBSWY3DPEHPK3PXP&issuer=Vitrine',
    });
    enableTotpMock.mockRejectedValueOnce(cognitoError('EnableSoftwareTokenMFAException')).mockResolvedValueOnce();
    const user = userEvent.setup();
    renderSecurity();
    await user.click(await screen.findByRole('button', { name: O.enable }));
    const qr = await screen.findByRole('img', { name: O.qrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(startTotpSetupMock).toHaveBeenCalledWith('Vitrine', 'camille@exemple.fr');

    await user.type(screen.getByLabelText(O.code), '12ab');
    await user.click(screen.getByRole('button', { name: O.verify }));
    expect(await screen.findByText(asRendered(O.codeFormat))).toHaveAttribute('role', 'alert');
    expect(enableTotpMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(O.code));
    await user.type(screen.getByLabelText(O.code), '000000');
    await user.click(screen.getByRole('button', { name: O.verify }));
    expect(await screen.findByText(asRendered(AUTH_TEXTS.totpInvalid))).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('totp-status')).toHaveTextContent(O.off);

    await user.clear(screen.getByLabelText(O.code));
    await user.type(screen.getByLabelText(O.code), '123456');
    await user.click(screen.getByRole('button', { name: O.verify }));
    expect(await screen.findByText(O.enabled)).toBeInTheDocument();
    expect(enableTotpMock).toHaveBeenLastCalledWith('123456');
    expect(screen.getByTestId('totp-status')).toHaveTextContent(O.on);
    expect(screen.queryByRole('img', { name: O.qrAlt })).not.toBeInTheDocument();
  });

  it('turns it off after a confirmation', async () => {
    isTotpEnabledMock.mockResolvedValue(true);
    disableTotpMock.mockResolvedValue();
    const user = userEvent.setup();
    renderSecurity();
    await user.click(await screen.findByRole('button', { name: O.disable }));
    const dialog = screen.getByRole('dialog', { name: O.disableTitle });
    await user.click(within(dialog).getByRole('button', { name: O.disableConfirm }));
    expect(await screen.findByText(O.disabled)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('totp-status')).toHaveTextContent(O.off));
    expect(disableTotpMock).toHaveBeenCalledTimes(1);
  });

  it('says when its state cannot be read', async () => {
    isTotpEnabledMock.mockRejectedValue(cognitoError('NetworkError'));
    renderSecurity();
    expect(await screen.findByText(O.loadFailed)).toBeInTheDocument();
  });
});
