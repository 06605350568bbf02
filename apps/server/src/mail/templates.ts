import { escapeHtml } from './html';
import type { MailMessage } from './mailer';

interface Layout {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

/** Builds both parts from one description so text and HTML always say the same thing. */
function render(layout: Layout): MailMessage {
  const { action } = layout;
  const text = [
    layout.greeting,
    '',
    ...layout.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    layout.footer,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">',
    `<p>${escapeHtml(layout.greeting)}</p>`,
    ...layout.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(action.url)}</p>`
      : '',
    `<p style="font-size:12px;color:#666">${escapeHtml(layout.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: layout.to, subject: layout.subject, text, html, links: action ? [action.url] : [] };
}

const greet = (name: string) => (name ? `Hello ${name},` : 'Hello,');
const IGNORE = 'If you did not ask for this, you can ignore this message.';

/** The link that proves the address belongs to the person who signed up. */
export function verifyEmailMail(to: string, name: string, url: string): MailMessage {
  return render({
    to,
    subject: 'Confirm your e-mail address for CodeDocs',
    greeting: greet(name),
    paragraphs: [
      'Open the link below to confirm your address and sign in. It works once, for 24 hours.',
    ],
    action: { label: 'Confirm my address', url },
    footer: IGNORE,
  });
}

/** Sent instead of a verification mail when someone signs up with an address that has an account. */
export function signupAttemptMail(
  to: string,
  name: string,
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  return render({
    to,
    subject: 'Someone tried to sign up to CodeDocs with your address',
    greeting: greet(name),
    paragraphs: [
      'Someone (maybe you) tried to create a CodeDocs account with this address, which already has one. No new account was made.',
      `To sign in, open ${loginUrl}. If you forgot your password, reset it at ${resetUrl}.`,
    ],
    action: { label: 'Sign in', url: loginUrl },
    footer: IGNORE,
  });
}

/** The link to choose a new password. */
export function passwordResetMail(to: string, name: string, url: string): MailMessage {
  return render({
    to,
    subject: 'Reset your CodeDocs password',
    greeting: greet(name),
    paragraphs: [
      'Open the link below to choose a new password. It works once, for one hour, and signs you out everywhere.',
    ],
    action: { label: 'Choose a new password', url },
    footer: IGNORE,
  });
}

/** An invitation to read a folder's documentation site; the link works once, for this address. */
export function folderInvitationMail(
  to: string,
  invitation: { inviter: string; folder: string; url: string; expiresAt: string },
): MailMessage {
  const until = new Date(invitation.expiresAt).toUTCString();
  return render({
    to,
    subject: `${invitation.inviter} shared “${invitation.folder}” with you on CodeDocs`,
    greeting: 'Hello,',
    paragraphs: [
      `${invitation.inviter} invited you to read the documentation site “${invitation.folder}” on CodeDocs.`,
      `Open the link below and log in with this address, or create an account with it. The invitation works once, until ${until}.`,
    ],
    action: { label: 'Open the documentation', url: invitation.url },
    footer: 'If you did not expect this, you can ignore this message.',
  });
}
