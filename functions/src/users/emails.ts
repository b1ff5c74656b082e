/**
 * The product's e-mails, laid out here with their French texts from EMAIL_TEXTS (the catalogue):
 * reset and e-mail verification, which Cognito sends through the Custom message trigger (`code`
 * is Cognito's placeholder {####}, substituted by Cognito after the trigger), and the invitation,
 * which the team Lambda sends itself. Every interpolated value is escaped.
 */
import { EMAIL_TEXTS, encodeResetToken, formatDate, WEBHOOKS_TEXTS } from '@vitrine/shared';

export interface Email {
  subject: string;
  html: string;
  /** Plain-text part, for mail sent by us (Cognito takes the HTML only). */
  text?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(title: string, paragraphs: readonly string[], link?: { href: string; label: string }): string {
  return [
    `<h1>${escapeHtml(title)}</h1>`,
    ...paragraphs.map((text) => `<p>${text}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
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

/** The code Cognito sends to verify the e-mail address (GetUserAttributeVerificationCode). */
export function verifyEmailCodeEmail(code: string): Email {
  const text = EMAIL_TEXTS.verifyEmail;
  return {
    subject: text.subject,
    // The placeholder must reach Cognito verbatim: it is not escaped (it holds no markup).
    html: layout(text.title, [
      escapeHtml(text.intro),
      `${escapeHtml(text.code)} <strong>${code}</strong>`,
      escapeHtml(text.howTo),
      escapeHtml(text.ignore),
    ]),
  };
}

export interface InvitationEmailInput {
  /** The accept page's link with the token (team/invitation-token.ts). */
  acceptUrl: string;
  organizationName: string;
  /** The inviter's name, or their e-mail when they have none. */
  inviterName: string;
  expiresAt: string;
}

export function invitationEmail(input: InvitationEmailInput): Email {
  const text = EMAIL_TEXTS.invitation;
  const paragraphs = [
    text.intro(input.inviterName, input.organizationName),
    text.validity(formatDate(input.expiresAt)),
    text.ignore,
  ];
  return {
    subject: text.subject(input.organizationName),
    html: layout(text.title, paragraphs.map(escapeHtml), { href: input.acceptUrl, label: text.link }),
    text: [text.title, '', ...paragraphs, '', text.linkText(input.acceptUrl), '', EMAIL_TEXTS.signature].join('\n'),
  };
}

/** To the owner, when a webhook endpoint that kept failing is disabled (decision 114). */
export function webhookDisabledEmail(url: string, appUrl: string): Email {
  const text = WEBHOOKS_TEXTS.disabledMail;
  return {
    subject: text.subject,
    html: layout(text.subject, [escapeHtml(text.body(url))], {
      href: `${appUrl}/dashboard/settings?tab=api`,
      label: text.link,
    }),
    text: `${text.body(url)}\n\n${appUrl}/dashboard/settings?tab=api`,
  };
}
