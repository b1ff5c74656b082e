import { invitationEmail, verifyEmailCodeEmail } from './emails';

describe('invitationEmail', () => {
  const mail = invitationEmail({
    acceptUrl: 'https://app.example.com/accept-invitation?token=abc_-1',
    organizationName: 'Agence <b>du Port</b> & Fils',
    inviterName: 'Camille "Cam" Martin',
    expiresAt: '2026-11-29T10:00:00.000Z',
  });

  it('names the agency and the inviter, in French, with the date in fr-FR', () => {
    expect(mail.subject).toBe('Invitation à rejoindre Agence <b>du Port</b> & Fils sur Vitrine');
    expect(mail.text).toContain(
      'Camille "Cam" Martin vous invite à rejoindre l’organisation Agence <b>du Port</b> & Fils',
    );
    expect(mail.text).toContain('valable jusqu’au 29 novembre 2026');
  });

  it('escapes what people typed in the HTML', () => {
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Agence &#60;b&#62;du Port&#60;/b&#62; &#38; Fils');
    expect(mail.html).toContain('Camille &#34;Cam&#34; Martin');
  });

  it('links to the accept page with the token', () => {
    expect(mail.html).toContain(
      '<a href="https://app.example.com/accept-invitation?token=abc_-1">Accepter l’invitation</a>',
    );
    expect(mail.text).toContain('https://app.example.com/accept-invitation?token=abc_-1');
  });
});

it('keeps Cognito’s code placeholder verbatim in the verification e-mail', () => {
  const mail = verifyEmailCodeEmail('{####}');
  expect(mail.subject).toBe('Confirmez votre adresse e-mail Vitrine');
  expect(mail.html).toContain('<strong>{####}</strong>');
});
