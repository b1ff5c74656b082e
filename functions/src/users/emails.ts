/**
 * French e-mails sent by Cognito through the Custom message trigger. Server-only text, kept in
 * one module of the functions side (the web app never shows it). `code` and `username` are
 * Cognito's placeholders ({####}, {username}), substituted by Cognito after the trigger.
 */
import { encodeResetToken } from '@vitrine/shared';

export interface Email {
  subject: string;
  html: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(title: string, paragraphs: string[], link: { href: string; label: string }): string {
  return [
    `<h1>${escapeHtml(title)}</h1>`,
    ...paragraphs.map((text) => `<p>${text}</p>`),
    `<p><a href="${link.href}">${escapeHtml(link.label)}</a></p>`,
    '<p>L’équipe Vitrine</p>',
  ].join('\n');
}

export function resetPasswordEmail(appUrl: string, email: string, code: string): Email {
  const href = `${appUrl}/reset-password?token=${encodeResetToken(email, code)}`;
  return {
    subject: 'Réinitialisation de votre mot de passe Vitrine',
    html: layout(
      'Réinitialisation de votre mot de passe',
      [
        'Vous avez demandé la réinitialisation du mot de passe de votre compte Vitrine.',
        'Cliquez sur le lien ci-dessous pour choisir un nouveau mot de passe.',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
      ],
      { href, label: 'Réinitialiser mon mot de passe' },
    ),
  };
}

export function invitationEmail(
  appUrl: string,
  invitationToken: string | undefined,
  username: string,
  temporaryPassword: string,
): Email {
  const query = invitationToken ? `?token=${encodeURIComponent(invitationToken)}` : '';
  const href = `${appUrl}/accept-invitation${query}`;
  return {
    subject: 'Invitation à rejoindre Vitrine',
    html: layout(
      'Vous êtes invité à rejoindre Vitrine',
      [
        'Vous avez été invité à rejoindre une organisation sur Vitrine.',
        `Identifiant : ${escapeHtml(username)}<br>Mot de passe temporaire : ${temporaryPassword}`,
      ],
      { href, label: 'Accepter l’invitation' },
    ),
  };
}
