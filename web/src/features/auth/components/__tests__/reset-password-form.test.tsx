import { encodeResetToken, AUTH_TEXTS, VALIDATION_TEXTS } from '@vitrine/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { confirmPasswordReset } from '../../../../lib/auth';
import { ResetPasswordForm } from '../reset-password-form';

jest.mock('../../../../lib/auth', () => ({ confirmPasswordReset: jest.fn() }));
const confirmMock = jest.mocked(confirmPasswordReset);

function renderForm(token: string | null) {
  render(
    <MemoryRouter initialEntries={['/reset-password']}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordForm token={token} />} />
        <Route path="/login" element={<h1>Connexion</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function submit(password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Nouveau mot de passe/), password);
  await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
}

describe('ResetPasswordForm', () => {
  beforeEach(() => confirmMock.mockReset());

  it('says the token is missing without one, under the title Lien invalide, with a way to a new link', () => {
    renderForm(null);
    expect(screen.getByRole('alert')).toHaveTextContent(`Lien invalide${VALIDATION_TEXTS.resetTokenMissing}`);
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says the link is invalid for a token we did not issue', () => {
    renderForm('not-a-token');
    expect(screen.getByRole('alert')).toHaveTextContent('Lien invalide');
  });

  it('applies the spec rules before calling Cognito', async () => {
    renderForm(encodeResetToken('agent@exemple.fr', '123456'));
    await submit('court', 'court');
    expect(screen.getByLabelText(/^Nouveau mot de passe/)).toHaveAccessibleDescription(
      expect.stringContaining('Au moins 8 caractères sont requis'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Mot de passe trop courtAu moins 8 caractères sont requis');
    await userEvent.clear(screen.getByLabelText(/^Nouveau mot de passe/));
    await userEvent.clear(screen.getByLabelText(/^Confirmer le mot de passe/));
    await submit('NouveauMdp1!', 'AutreMdp1!');
    expect(screen.getByLabelText(/^Confirmer le mot de passe/)).toHaveAccessibleDescription(
      'Les mots de passe ne correspondent pas',
    );
    expect(confirmMock).not.toHaveBeenCalled();
  });

  it('confirms with the e-mail and code of the link, then goes to /login', async () => {
    confirmMock.mockResolvedValue();
    renderForm(encodeResetToken('agent@exemple.fr', '123456'));
    await submit('NouveauMdp1!', 'NouveauMdp1!');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(confirmMock).toHaveBeenCalledWith('agent@exemple.fr', '123456', 'NouveauMdp1!');
  });

  it('shows the reset default message when Cognito refuses', async () => {
    confirmMock.mockRejectedValue(Object.assign(new Error('Invalid code'), { name: 'CodeMismatchException' }));
    renderForm(encodeResetToken('agent@exemple.fr', '000000'));
    await submit('NouveauMdp1!', 'NouveauMdp1!');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `${AUTH_TEXTS.resetFailed} : ce lien a déjà été utilisé ou a expiré.Demander un nouveau lien`,
    );
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
  });

  it('keeps the plain message when the failure is not about the link', async () => {
    confirmMock.mockRejectedValue(Object.assign(new Error('offline'), { name: 'NetworkError' }));
    renderForm(encodeResetToken('agent@exemple.fr', '123456'));
    await submit('NouveauMdp1!', 'NouveauMdp1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${AUTH_TEXTS.resetFailed}$`));
  });
});
