import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FormDefinition } from '@halcyon/api/contract';
import { clients } from '../clients/schema';
import { storedFiles } from '../files/schema';
import { practices } from '../practice/schema';
import { users } from '../users/schema';

/** Tables of this domain: a client's documents (uploads and from templates), tags, e-signature requests, shares. */

/** A practice-level document template (consent form, contract, intake form): a stored file with a name and category. */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_templates_practice_idx').on(t.practiceId, t.category, t.name)],
);

/**
 * A document of one client: a file uploaded for them (`upload`) or a copy of a template's file (`template`). Tags are a
 * text array (the tag list of a client is read from them); `version` guards concurrent edits (rename, tags, shared).
 */
export const clientDocuments = pgTable(
  'client_documents',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('upload'),
    name: text('name').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => documentTemplates.id, { onDelete: 'set null' }),
    category: text('category'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sharedWithClient: boolean('shared_with_client').notNull().default(false),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_documents_client_idx').on(t.practiceId, t.clientId, t.createdAt.desc()),
    index('client_documents_tags_idx').using('gin', t.tags),
  ],
);

/**
 * A request to sign a document. The e-mailed link carries a random token; only its SHA-256 hash is kept. The link works
 * once (status pending -> signed in one conditional update) and until `expires_at`. Signing records the typed name,
 * timestamp, IP and user agent, and the signed PDF as a new stored file.
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => clientDocuments.id, { onDelete: 'cascade' }),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    message: text('message').notNull().default(''),
    dueDate: date('due_date'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** pending | signed */
    status: text('status').notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    typedName: text('typed_name'),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    drawn: boolean('drawn').notNull().default(false),
    signedFileId: uuid('signed_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signature_requests_document_idx').on(t.practiceId, t.documentId, t.createdAt.desc())],
);

/**
 * An item sent to a client (send-to-client): a document, form, measure or invoice, through the portal or by e-mail. A
 * document sent by e-mail gets a download link whose token is kept hashed and works until `expires_at`.
 */
export const clientShares = pgTable(
  'client_shares',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    documentId: integer('document_id').references(() => clientDocuments.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    message: text('message').notNull().default(''),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    emailed: boolean('emailed').notNull().default(false),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_shares_client_idx').on(t.practiceId, t.clientId, t.createdAt.desc())],
);

/**
 * A form of the template library sent to a client on a single-use link (send-to-client). The form is copied when it is
 * sent (name, category, questions), so the client fills in what was sent even if the template changes or is deleted.
 * The token is kept hashed; the link works once (`used_at` set in one conditional update) and until `expires_at`. The
 * completed form is a PDF of the answers in the client's documents (`document_id`).
 */
export const formLinks = pgTable(
  'form_links',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    templateCategory: text('template_category').notNull(),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    documentId: integer('document_id').references(() => clientDocuments.id, { onDelete: 'set null' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_links_client_idx').on(t.practiceId, t.clientId, t.createdAt.desc())],
);
