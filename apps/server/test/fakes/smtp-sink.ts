import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail the sink received, decoded enough for assertions (single-part text mails). */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The SMTP user the sender authenticated as, if it did. */
  user: string | undefined;
  raw: string;
}

export interface SmtpSink {
  /** `smtp://bree:secret@127.0.0.1:<port>`: what SMTP_URL points at. */
  url: string;
  port: number;
  mails: CapturedMail[];
  /** The first mail (received so far or within `timeoutMs`) to this address. */
  waitForMail(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export const SINK_USER = 'bree';
export const SINK_PASSWORD = 'secret';

/**
 * A local SMTP server that accepts every message and keeps it in memory: Bree sends to it
 * through nodemailer exactly as to a real mail server (AUTH included, no TLS).
 */
export async function startSmtpSink({ keep = () => true }: { keep?: (mail: CapturedMail) => boolean } = {}): Promise<SmtpSink> {
  const mails: CapturedMail[] = [];
  const waiters: Array<{ to: string; resolve: (mail: CapturedMail) => void }> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SINK_USER && auth.password === SINK_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: CapturedMail = {
          ...parseMessage(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw,
        };
        // Accepted either way, as a mail server would; a test may only look at some mails.
        if (!keep(mail)) return callback();
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (mail.to.includes(waiter.to)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://${SINK_USER}:${SINK_PASSWORD}@127.0.0.1:${port}`,
    port,
    mails,
    waitForMail(rawTo, timeoutMs = 10_000) {
      const to = rawTo.toLowerCase();
      const found = mails.find((m) => m.to.includes(to));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          to,
          resolve: (mail: CapturedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => m.to.join(',')).join('; ') || 'none'})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first http(s) link in a mail's text. */
export function linkIn(mail: CapturedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in the mail: ${mail.text}`);
  return link;
}

/** Headers and text of a single-part message (7bit, quoted-printable or base64). */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { subject: decodeEncodedWords(header('Subject')), text: text.replace(/\r\n/g, '\n') };
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as a subject with curly quotes is sent. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(body: string): string {
  const softBreaksRemoved = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const c = softBreaksRemoved[i]!;
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
