/**
 * E-mails sent by Cognito through the Custom message trigger: the layout here, the French texts in
 * EMAIL_TEXTS (the catalogue). `code` and `username` are Cognito's placeholders ({####},
 * {username}), substituted by Cognito after the trigger.
 */
import { EMAIL_TEXTS, encodeResetToken } from '@vitrine/shared';

export interface Email {
  subject: string;
  html: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(title: string, paragraphs: readonly string[], link: { href: string; label: string }): string {
  return [
    `<h1>${escapeHtml(title)}</h1>`,
    ...paragraphs.map((text) => `<p>${text}</p>`),
    `<p><a href="${link.href}">${escapeHtml(link.label)}</a></p>`,
    `<p>${escapeHtml(EMAIL_TEXTS.signature)}</p>`,
  ].join('\n');
}

export function resetPasswordEmail(appUrl: string, email: string, code: string): Email {
  const href = `${appUrl}/reset-password?token=${encodeResetToken(email, code)}`;
  const text = EMAIL_TEXTS.resetPassword;
  return {
    subject: text.subject,
    html: layout(text.title, text.paragraphs.map(escapeHtml), { href, label: text.link }),
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
  const text = EMAIL_TEXTS.invitation;
  return {
    subject: text.subject,
    html: layout(
      text.title,
      [
        escapeHtml(text.intro),
        `${escapeHtml(text.username)} ${escapeHtml(username)}<br>${escapeHtml(text.temporaryPassword)} ${temporaryPassword}`,
      ],
      { href, label: text.link },
    ),
  };
}
