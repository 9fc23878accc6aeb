import nodemailer, { type TransportOptions } from 'nodemailer';
import type { Config } from '../../config.ts';

/**
 * How an outbox message leaves MMS. A provider sends one message and resolves with the provider's reference (a
 * message id), or throws: the delivery job records either in the delivery log and retries a failure later.
 */
export interface OutboxProvider {
  readonly name: string;
  send(message: OutgoingMessage): Promise<string | null>;
}

export interface OutgoingMessage {
  id: number;
  channel: 'whatsapp' | 'email' | 'log';
  recipient: string;
  recipientName: string | null;
  subject: string;
  body: string;
}

export type Providers = Record<OutgoingMessage['channel'], OutboxProvider>;

const TIMEOUT_MS = 15_000;

/**
 * A WhatsApp gateway over HTTP: `POST <url>` with `Authorization: Bearer <token>` and the JSON
 * `{ to, message, reference }`; any 2xx is sent (the answer's `id`, if any, is kept), anything else is an error.
 */
export function whatsappProvider(url: string, token: string | undefined): OutboxProvider {
  return {
    name: 'whatsapp',
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: m.recipient, message: `*${m.subject}*\n${m.body}`, reference: `mms-${m.id}` }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await res.text().catch(() => '');
      if (!res.ok) throw new Error(`gateway HTTP ${res.status}: ${text.slice(0, 300)}`);
      try {
        const id = (JSON.parse(text) as { id?: unknown }).id;
        return id === undefined || id === null ? null : String(id);
      } catch {
        return null;
      }
    },
  };
}

/** E-mail over SMTP (nodemailer), from `from`. */
export function smtpProvider(transport: string | TransportOptions, from: string): OutboxProvider {
  const transporter = nodemailer.createTransport(transport as string);
  return {
    name: 'smtp',
    async send(m) {
      const info = (await transporter.sendMail({
        from,
        to: m.recipientName ? { name: m.recipientName, address: m.recipient } : m.recipient,
        subject: m.subject,
        text: m.body,
        headers: { 'X-MMS-Outbox-Id': String(m.id) },
      })) as { messageId?: string };
      return info.messageId ?? null;
    },
  };
}

/** Writes the message to the server log: the default, for demos and tests. */
export function logProvider(log: (line: string) => void): OutboxProvider {
  return {
    name: 'log',
    async send(m) {
      log(`outbox ${m.id} (${m.channel}) to ${m.recipientName ?? ''} <${m.recipient}>: ${m.subject}`);
      return null;
    },
  };
}

/**
 * The providers of each channel from the settings: WhatsApp through the gateway when `WA_GATEWAY_URL` is set, e-mail
 * through SMTP when `SMTP_URL` or `SMTP_HOST` is set; a channel without its settings goes to the log provider.
 */
export function providersFrom(config: Config, log: (line: string) => void): Providers {
  const fallback = logProvider(log);
  const smtp = config.SMTP_URL
    ? config.SMTP_URL
    : config.SMTP_HOST
      ? ({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_PORT === 465,
          ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASS ?? '' } } : {}),
        } as TransportOptions)
      : null;
  return {
    whatsapp: config.WA_GATEWAY_URL ? whatsappProvider(config.WA_GATEWAY_URL, config.WA_GATEWAY_TOKEN) : fallback,
    email: smtp ? smtpProvider(smtp, config.SMTP_FROM) : fallback,
    log: fallback,
  };
}
