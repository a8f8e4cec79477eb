import type { Kysely } from 'kysely';
import { defaultMessage } from '@shared/default-messages';
import type { LeadKind } from '@shared/lead-status';
import type { MessageTemplate } from '@shared/message-templates';
import type { StatusMessage } from '../messages/person-mail';
import type { AlsoWrite } from '../../../platform/database/connection';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/* Stage-change messages (decision 155), one per lead type and status; a saved one overrides
   the status's default (src/shared/default-messages.ts); neither: nothing is sent. */

type MessageTemplatesTable = {
  lead_type: LeadKind;
  status: string;
  subject: string;
  body: string;
  updated_at: string;
};
export type MessageTemplateTables = { message_templates: MessageTemplatesTable };

export const messageTemplateMigrations: MigrationSet = () => ({
  '180_message_templates': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('message_templates')
        .addColumn('lead_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('message_templates_pk', ['lead_type', 'status'])
        .execute();
    },
  },
});

const view = (row: MessageTemplatesTable): MessageTemplate => ({
  subject: row.subject,
  body: row.body,
  updatedAt: row.updated_at,
});

const defaultOf = (leadType: LeadKind, status: string): MessageTemplate | undefined => {
  const message = defaultMessage(leadType, status);
  return message && { ...message, updatedAt: null };
};

export class MessageTemplates {
  constructor(private readonly db: Kysely<MessageTemplateTables>) {}

  /** What each status sends, by `leadType/status`: the saved template, else the default. */
  async all(): Promise<(leadType: LeadKind, status: string) => MessageTemplate | undefined> {
    const rows = await this.db.selectFrom('message_templates').selectAll().execute();
    const saved = new Map(rows.map((row) => [`${row.lead_type}/${row.status}`, view(row)]));
    return (leadType, status) => saved.get(`${leadType}/${status}`) ?? defaultOf(leadType, status);
  }

  async find(leadType: LeadKind, status: string): Promise<MessageTemplate | undefined> {
    return (await this.all())(leadType, status);
  }

  /** Saves a status's message, `audited` with it. */
  async save(
    leadType: LeadKind,
    status: string,
    { subject, body }: StatusMessage,
    audited: AlsoWrite,
  ): Promise<MessageTemplate> {
    const row = {
      lead_type: leadType,
      status,
      subject,
      body,
      updated_at: new Date().toISOString(),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('message_templates')
        .values(row)
        .onConflict((conflict) =>
          conflict
            .columns(['lead_type', 'status'])
            .doUpdateSet({ subject, body, updated_at: row.updated_at }),
        )
        .execute();
      await audited(trx);
    });
    return view(row);
  }

  /** Removes a status's saved message, `audited` with it; false if none was saved. */
  async remove(leadType: LeadKind, status: string, audited: AlsoWrite): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('message_templates')
        .where('lead_type', '=', leadType)
        .where('status', '=', status)
        .executeTakeFirst();
      const removed = Number(result.numDeletedRows) > 0;
      if (removed) await audited(trx);
      return removed;
    });
  }
}
