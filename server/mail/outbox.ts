import type { Database } from '../db/database.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the message contains (tests and /_dev/mail follow them without parsing HTML). */
  links?: string[];
  /** A send with a key that was used before is not sent again: the first message is returned. */
  idempotencyKey?: string;
}

export interface SentMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  created_at: string;
}

export interface MailOutbox {
  /** `repeated` is true when the idempotency key had been used: nothing new was sent. */
  send(mail: OutgoingMail): Promise<SentMail & { repeated: boolean }>;
  /** Newest first; `to` filters by recipient (case-insensitive). */
  list(options?: { to?: string; limit?: number }): Promise<SentMail[]>;
}

interface MailRow {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  created_at: Date | string;
}

function toSentMail(row: MailRow): SentMail {
  return {
    id: Number(row.id),
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: row.links,
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at,
  };
}

/**
 * The local mail transport: messages are rows in `_dev.mail` (a schema no API role can
 * reach), so they survive restarts and show up at /_dev/mail instead of leaving the machine.
 */
export function createMailOutbox(db: Database): MailOutbox {
  return {
    async send(mail) {
      const { rows } = await db.query<MailRow>(
        `insert into _dev.mail ("to", subject, text, html, links, idempotency_key) values ($1, $2, $3, $4, $5, $6)
         on conflict (idempotency_key) do nothing
         returning id, "to", subject, text, html, links, created_at`,
        [mail.to, mail.subject, mail.text, mail.html ?? null, mail.links ?? [], mail.idempotencyKey ?? null],
      );
      if (rows[0]) return { ...toSentMail(rows[0]), repeated: false };
      const { rows: first } = await db.query<MailRow>(
        `select id, "to", subject, text, html, links, created_at from _dev.mail where idempotency_key = $1`,
        [mail.idempotencyKey],
      );
      return { ...toSentMail(first[0]), repeated: true };
    },
    async list(options = {}) {
      const { rows } = await db.query<MailRow>(
        `select id, "to", subject, text, html, links, created_at from _dev.mail
         where $1::text is null or lower("to") = lower($1)
         order by id desc limit $2`,
        [options.to ?? null, options.limit ?? 100],
      );
      return rows.map(toSentMail);
    },
  };
}
