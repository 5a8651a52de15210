/** One plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends Bree's e-mails (today only password-reset links). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** What the mailer hands a message to: a nodemailer transport, or a fake in tests. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close?(): void;
}

/**
 * A mailer on an SMTP server (`smtp://user:pass@host:port`, `smtps://…` for TLS from the
 * start; STARTTLS is used whenever the server offers it), or on a given transport.
 */
export function createMailer({ smtpUrl, from, transport }: { smtpUrl?: string; from: string; transport?: MailTransport }): Mailer {
  if (!transport && !smtpUrl) throw new Error('createMailer needs an SMTP URL or a transport.');
  // Short timeouts, so a dead mail server does not hold sockets for minutes (the URL's query may override them).
  const smtpTransport = async (): Promise<MailTransport> => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  };
  // nodemailer loads with the first mail sent: a start does not wait for it.
  let sender: Promise<MailTransport> | null = transport ? Promise.resolve(transport) : null;
  let opened: MailTransport | null = transport ?? null;
  return {
    async send(message) {
      sender ??= smtpTransport().then((made) => (opened = made));
      await (await sender).sendMail({ from, ...message });
    },
    close() {
      opened?.close?.();
    },
  };
}
