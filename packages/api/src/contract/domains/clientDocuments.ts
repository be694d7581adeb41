import { z } from 'zod';
import { CLINICAL_ROLES, defineRoutes } from '../route';
import { idField, idParam, longText, messageSchema, text, tokenField, versionField } from './common';
import { dateInRange, type DateRange } from '../dates';
import { storedFileSchema } from './files';
import { MEASURE_CODES, MEASURE_NAME_LIST } from './measureDefinitions';
import { FORM_USAGE_CONTEXTS, storedFormDefinitionSchema } from './templates';

/**
 * A client's documents (SPEC.md §3, §7; CATALOG.md Clients > Documents): files uploaded for the client and documents made
 * from the practice's templates, with tags, e-signature status and shared-with-client status; e-signature requests signed
 * by the client through a single-use e-mailed link; sending an item to the client. Admin and Therapist (SPEC.md §6).
 */

// ---- shared fields --------------------------------------------------------------------------------------------------

/** An upload, a copy of a document template, or a form the client completed from an e-mailed link (its answers as a PDF). */
export const DOCUMENT_KINDS = ['upload', 'template', 'form'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const SIGNATURE_STATUSES = ['none', 'pending', 'signed', 'expired'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

export const SIGNATURE_STATUS_LABELS: Readonly<Record<SignatureStatus, string>> = {
  none: 'Not requested',
  pending: 'Awaiting signature',
  signed: 'Signed',
  expired: 'Link expired',
};

export const DOCUMENT_TEMPLATE_CATEGORIES = [
  'Consent',
  'Contract',
  'Intake',
  'Letter',
  'Policy',
  'Questionnaire',
  'Other',
] as const;
export type DocumentTemplateCategory = (typeof DOCUMENT_TEMPLATE_CATEGORIES)[number];

export const SEND_ITEM_KINDS = ['document', 'form', 'measure', 'invoice'] as const;
export type SendItemKind = (typeof SEND_ITEM_KINDS)[number];
export const SEND_CHANNELS = ['portal', 'email'] as const;
export type SendChannel = (typeof SEND_CHANNELS)[number];

export const DOCUMENT_TAG_MAX = 40;
export const DOCUMENT_TAGS_MAX = 20;
export const DOCUMENT_NAME_MAX = 200;
export const DOCUMENT_MESSAGE_MAX = 2000;
/** How far ahead a signature's due date may be. */
export const SIGNATURE_DUE_MAX_DAYS = 90;
/** The signing link works this long when no due date is given. */
export const SIGNATURE_LINK_DAYS = 14;
/** The largest drawn signature (a PNG data URL), in characters. */
export const SIGNATURE_IMAGE_MAX_CHARS = 300_000;

/**
 * What the server answers about documents, templates, signing and share links; the signing page shows the link
 * sentences too.
 */
export const DOCUMENT_MESSAGES = {
  documentNotFound: 'Document not found.',
  templateNotFound: 'Template not found.',
  fileMissing: 'The uploaded file was not found. Upload it again.',
  fileInUse: 'This file is already attached to another document. Upload it again to add it here.',
  stale:
    'This document was changed elsewhere since you opened it. Reload it to see the changes, then make yours again.',
  dueDatePast: 'Choose a due date from today onwards.',
  dueDateFar: `Choose a due date within ${SIGNATURE_DUE_MAX_DAYS} days.`,
  noClientEmail: "This client has no e-mail address. Add one in the client's details, then send again.",
  linkInvalid:
    'This signing link is not valid. Check that you copied the whole address, or ask the practice for a new link.',
  linkUsed:
    'This document has already been signed with this link, so the link no longer works. If you need to sign again, ask the practice for a new link.',
  linkExpired: 'This signing link has expired. Ask the practice to send you a new one.',
  shareInvalid: 'This download link is not valid. Ask the practice to send the document again.',
  /** Expired, or ended early: the document was un-shared or deleted, or the client's portal access revoked. */
  shareEnded: 'This download link no longer works. Ask the practice to send the document again.',
  signatureImage:
    'The drawn signature could not be read. Clear it and draw it again, or sign with your typed name only.',
  /** The delete-item modal's sentence for a document (SPEC.md §8 lists none; it follows theirs). */
  deleted: 'Document was successfully deleted.',
} as const;

/** How long a link to fill in a form works. */
export const FORM_LINK_DAYS = 14;

/** What the server answers about a form sent to a client on a single-use link; the client's form page shows them too. */
export const FORM_LINK_MESSAGES = {
  linkInvalid:
    'This form link is not valid. Check that you copied the whole address, or ask your therapist for a new link.',
  linkUsed:
    'This form has already been completed with this link, so the link no longer works. If you need to fill it in again, ask your therapist for a new link.',
  linkExpired: 'This form link has expired. Ask your therapist to send you a new one.',
  thanks: 'Thank you. Your answers have been sent to your therapist.',
  pdfFailed:
    'Your answers could not be saved just now. Nothing was lost: please try sending them again in a few minutes.',
} as const;

export const documentNameField = text({ error: 'Enter a name for the document.' })
  .trim()
  .min(1, 'Enter a name for the document.')
  .max(DOCUMENT_NAME_MAX, `Use at most ${DOCUMENT_NAME_MAX} characters for the name.`);

const tagField = text({ error: 'Enter a tag as text.' })
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(DOCUMENT_TAG_MAX, `Keep each tag to ${DOCUMENT_TAG_MAX} characters or fewer.`);

/** Tags: trimmed, duplicates (ignoring case) dropped, at most 20. */
export const documentTagsField = z
  .array(tagField, { error: 'Send the tags as a list.' })
  .max(DOCUMENT_TAGS_MAX, `Use at most ${DOCUMENT_TAGS_MAX} tags.`)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = tag.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

const optionalMessage = longText({ error: 'Enter the message as text.' })
  .trim()
  .max(DOCUMENT_MESSAGE_MAX, `Keep the message to ${DOCUMENT_MESSAGE_MAX} characters or fewer.`)
  .optional()
  .default('');

const fileIdField = z.uuid({ error: 'Upload the file again.' });

const versionOpened = versionField('Send the version you opened.');

/** The last day to sign: from today, at most SIGNATURE_DUE_MAX_DAYS ahead. */
export const SIGNATURE_DUE_RANGE = {
  min: { days: 0 },
  max: { days: SIGNATURE_DUE_MAX_DAYS },
} as const satisfies DateRange;
export const signatureDueDateField = dateInRange('the due date', SIGNATURE_DUE_RANGE);

// ---- responses ------------------------------------------------------------------------------------------------------

export const documentSignatureSchema = z.object({
  requestId: z.number(),
  status: z.enum(SIGNATURE_STATUSES),
  signerName: z.string(),
  signerEmail: z.string(),
  dueDate: z.string().nullable(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  signedAt: z.string().nullable(),
  /** The signed PDF: download it with `downloadFile` (`/api/files/{id}`). */
  signedFile: storedFileSchema.nullable(),
});
export type DocumentSignature = z.infer<typeof documentSignatureSchema>;

export const clientDocumentSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  kind: z.enum(DOCUMENT_KINDS),
  name: z.string(),
  tags: z.array(z.string()),
  /** The original file: download it with `downloadFile` (`/api/files/{id}`). */
  file: storedFileSchema,
  templateId: z.number().nullable(),
  category: z.string().nullable(),
  sharedWithClient: z.boolean(),
  sharedAt: z.string().nullable(),
  signatureStatus: z.enum(SIGNATURE_STATUSES),
  /** The latest e-signature request, or null. */
  signature: documentSignatureSchema.nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientDocument = z.infer<typeof clientDocumentSchema>;

export const clientDocumentDetailsSchema = clientDocumentSchema.extend({
  /** Every e-signature request of the document, newest first. */
  signatureRequests: z.array(documentSignatureSchema),
});
export type ClientDocumentDetails = z.infer<typeof clientDocumentDetailsSchema>;

export const clientDocumentListSchema = z.object({ items: z.array(clientDocumentSchema) });
export type ClientDocumentList = z.infer<typeof clientDocumentListSchema>;

export const documentTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string(),
  file: storedFileSchema,
  createdAt: z.string(),
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;

export const documentTemplateListSchema = z.object({ items: z.array(documentTemplateSchema) });

export const documentTagListSchema = z.object({
  items: z.array(z.object({ tag: z.string(), count: z.number() })),
});
export type DocumentTagList = z.infer<typeof documentTagListSchema>;

export const signatureRequestSchema = documentSignatureSchema.extend({ documentId: z.number() });
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;

/** SPEC.md §8: a document, form or measure link sent to the client. */
export const ITEM_SHARED_MESSAGE = 'Item successfully shared with the client.';

export const sendToClientResultSchema = z.object({
  id: z.number(),
  itemKind: z.enum(SEND_ITEM_KINDS),
  /** The record sent; for a measure or a form, the single-use link made for it. */
  itemId: z.number(),
  channel: z.enum(SEND_CHANNELS),
  emailed: z.boolean(),
  sentAt: z.string(),
});
export type SendToClientResult = z.infer<typeof sendToClientResultSchema>;

/** What the signing page shows: no client record beyond the document and the signer's own name. */
export const signingDocumentSchema = z.object({
  documentName: z.string(),
  practiceName: z.string(),
  signerName: z.string(),
  message: z.string(),
  dueDate: z.string().nullable(),
  expiresAt: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
});
export type SigningDocument = z.infer<typeof signingDocumentSchema>;

/** What the client's form page shows: the form and the practice's name. No other client data travels with the link. */
export const publicFormSchema = z.object({
  name: z.string(),
  description: z.string(),
  practiceName: z.string(),
  definition: storedFormDefinitionSchema,
  expiresAt: z.string(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

/** The client's answers by question key; the server checks them against the form's own questions. */
export const submitPublicFormBodySchema = z.strictObject({
  answers: z.record(
    z.string().max(40),
    // Text, a number, a list of choices or null, as each question's type says: checked against the form itself.
    z.unknown().describe("The question's answer: text, a scale value, a list of choices, or null"),
    { error: 'Send the answers by question.' },
  ),
});
export type SubmitPublicFormBody = z.input<typeof submitPublicFormBodySchema>;

export const signatureReceiptSchema = z.object({
  detail: z.string(),
  signedAt: z.string(),
});
export type SignatureReceipt = z.infer<typeof signatureReceiptSchema>;

// ---- request bodies -------------------------------------------------------------------------------------------------

export const createClientDocumentBodySchema = z.strictObject({
  /** A file uploaded with POST /api/files. */
  fileId: fileIdField,
  name: documentNameField,
  tags: documentTagsField.optional().default([]),
  sharedWithClient: z.boolean({ error: 'Choose whether the client can see it.' }).optional().default(false),
});
export type CreateClientDocumentBody = z.input<typeof createClientDocumentBodySchema>;

export const updateClientDocumentBodySchema = z.strictObject({
  name: documentNameField.optional(),
  tags: documentTagsField.optional(),
  sharedWithClient: z.boolean({ error: 'Choose whether the client can see it.' }).optional(),
  version: versionOpened,
});
export type UpdateClientDocumentBody = z.input<typeof updateClientDocumentBodySchema>;

export const createDocumentTemplateBodySchema = z.strictObject({
  fileId: fileIdField,
  name: documentNameField,
  category: z.enum(DOCUMENT_TEMPLATE_CATEGORIES, { error: 'Choose a category from the list.' }),
});
export type CreateDocumentTemplateBody = z.input<typeof createDocumentTemplateBodySchema>;

export const createDocumentFromTemplateBodySchema = z.strictObject({
  templateId: idField('Choose a template.'),
  /** Defaults to the template's name. */
  name: documentNameField.optional(),
  tags: documentTagsField.optional().default([]),
  sharedWithClient: z.boolean({ error: 'Choose whether the client can see it.' }).optional().default(false),
});
export type CreateDocumentFromTemplateBody = z.input<typeof createDocumentFromTemplateBodySchema>;

export const requestESignatureBodySchema = z.strictObject({
  signerName: text({ error: "Enter the signer's name." })
    .trim()
    .min(1, "Enter the signer's name.")
    .max(200, 'Use at most 200 characters for the name.'),
  signerEmail: z
    .email({ error: "Enter the signer's e-mail address, such as name@example.com." })
    .max(254, 'Enter an e-mail address of at most 254 characters.')
    .transform((value) => value.trim().toLowerCase()),
  message: optionalMessage,
  /** The last day to sign (YYYY-MM-DD, practice time); the link stops working after it. */
  dueDate: signatureDueDateField.nullable().optional().default(null),
});
export type RequestESignatureBody = z.input<typeof requestESignatureBodySchema>;

/**
 * Kinds sent by their record's id; a measure is sent by its code, a form by its template (the practice's own by id, or
 * the built-in form of a usage context), each answered on a single-use link.
 */
export const SEND_RECORD_KINDS = ['document', 'invoice'] as const satisfies readonly SendItemKind[];

/** The form to send: a template of the practice's library by id, or the built-in form of a usage context. */
export const formToSendField = z.union(
  [
    z.strictObject({ id: idField('Choose the form to send.') }),
    z.strictObject({ builtIn: z.enum(FORM_USAGE_CONTEXTS) }),
  ],
  { error: 'Choose the form to send.' },
);
export type FormToSend = z.output<typeof formToSendField>;

export const sendToClientBodySchema = z.strictObject({
  item: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        kind: z.enum(SEND_RECORD_KINDS),
        id: idField('Choose the item to send.'),
      }),
      z.strictObject({
        kind: z.literal('measure'),
        measure: z.enum(MEASURE_CODES, { error: `Choose the measure to send: ${MEASURE_NAME_LIST}.` }),
      }),
      z.strictObject({ kind: z.literal('form'), form: formToSendField }),
    ],
    { error: 'Choose what to send: a document, form, measure or invoice.' },
  ),
  channel: z.enum(SEND_CHANNELS, { error: 'Choose how to send it: the client portal or e-mail.' }),
  message: optionalMessage,
});
export type SendToClientBody = z.input<typeof sendToClientBodySchema>;

/** A drawn signature: a PNG image as a data URL, from the signing page's canvas. */
export const drawnSignatureField = z
  .string({ error: 'Draw your signature again.' })
  .max(SIGNATURE_IMAGE_MAX_CHARS, 'The drawn signature is too large. Clear it and draw it again, a little smaller.')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'Draw your signature again.');

export const submitSignatureBodySchema = z.strictObject({
  typedName: text({ error: 'Type your full name.' })
    .trim()
    .min(2, 'Type your full name.')
    .max(200, 'Use at most 200 characters for your name.'),
  /** Optional: the typed name is the signature when drawing is not possible (keyboard, screen reader). */
  drawnSignature: drawnSignatureField.nullable().optional().default(null),
  agree: z.literal(true, { error: 'Tick "I agree" to sign.' }),
});
export type SubmitSignatureBody = z.input<typeof submitSignatureBodySchema>;

// ---- routes ---------------------------------------------------------------------------------------------------------

const clientIdParams = z.strictObject({ clientId: idParam });
const idParams = z.strictObject({ id: idParam });
const tokenParams = z.strictObject({ token: tokenField });

export const clientDocumentsRoutes = defineRoutes({
  clientDocumentsRetrieve: {
    method: 'GET',
    path: '/api/clients/documents/retrieve/:clientId',
    summary:
      "The client's documents (uploads and documents from templates), newest first, with tags, e-signature and shared status; ?tag= filters",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    query: z.strictObject({
      tag: text().trim().max(DOCUMENT_TAG_MAX, 'That tag is too long.').optional(),
    }),
    response: clientDocumentListSchema,
  },
  clientDocumentUploadRetrieve: {
    method: 'GET',
    path: '/api/clients/documents/upload/retrieve/:id',
    summary: 'One uploaded document of a client',
    access: CLINICAL_ROLES,
    params: idParams,
    response: clientDocumentSchema,
  },
  clientSingleDocumentRetrieve: {
    method: 'GET',
    path: '/api/clients/single-document/retrieve/:id',
    summary: 'One document of a client (upload or from a template) with all its e-signature requests',
    access: CLINICAL_ROLES,
    params: idParams,
    response: clientDocumentDetailsSchema,
  },
  documentTemplateRetrieve: {
    method: 'GET',
    path: '/api/clients/documents/template/retrieve/:id',
    summary: 'One document template of the practice',
    access: CLINICAL_ROLES,
    params: idParams,
    response: documentTemplateSchema,
  },
  documentTemplatesRetrieve: {
    method: 'GET',
    path: '/api/clients/documents/templates/retrieve',
    summary: "The practice's document templates, by category then name",
    access: CLINICAL_ROLES,
    response: documentTemplateListSchema,
  },
  clientDocumentTagsRetrieve: {
    method: 'GET',
    path: '/api/clients/document-tags/retrieve/:clientId',
    summary: "The tags used on the client's documents, with how many documents carry each",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: documentTagListSchema,
  },
  createClientDocument: {
    method: 'POST',
    path: '/api/clients/documents/upload/:clientId',
    summary: 'Add a document for the client from a file uploaded with POST /api/files: name, tags, share with client',
    access: CLINICAL_ROLES,
    activity: { action: 'upload', record: 'document' },
    params: clientIdParams,
    body: createClientDocumentBodySchema,
    response: clientDocumentSchema,
  },
  createClientDocumentFromTemplate: {
    method: 'POST',
    path: '/api/clients/documents/from-template/:clientId',
    summary: "Add a document for the client from one of the practice's templates (a copy of the template's file)",
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'document' },
    params: clientIdParams,
    body: createDocumentFromTemplateBodySchema,
    response: clientDocumentSchema,
  },
  updateClientDocument: {
    method: 'PATCH',
    path: '/api/clients/single-document/:id',
    summary: 'Rename a document, change its tags or whether the client can see it (send the version you opened)',
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'document' },
    params: idParams,
    body: updateClientDocumentBodySchema,
    response: clientDocumentSchema,
  },
  deleteClientDocument: {
    method: 'DELETE',
    path: '/api/clients/single-document/:id',
    summary: 'Delete a document, its file, its signed copies and its signature links',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'document' },
    params: idParams,
    response: messageSchema,
  },
  createDocumentTemplate: {
    method: 'POST',
    path: '/api/clients/documents/templates',
    summary: 'Add a document template to the practice from a file uploaded with POST /api/files: name, category',
    access: CLINICAL_ROLES,
    body: createDocumentTemplateBodySchema,
    response: documentTemplateSchema,
  },
  requestESignature: {
    method: 'POST',
    path: '/api/clients/documents/e-signature/:id',
    summary:
      'Ask someone to sign a document: e-mails them a single-use link that expires after the due date (or 14 days)',
    access: CLINICAL_ROLES,
    activity: { action: 'send', record: 'signature_request', target: 'document' },
    params: idParams,
    body: requestESignatureBodySchema,
    response: signatureRequestSchema,
  },
  sendToClient: {
    method: 'POST',
    path: '/api/clients/send-to-client/:clientId',
    summary: 'Share a document, form, measure or invoice with the client through the portal or by e-mail',
    access: CLINICAL_ROLES,
    activity: { action: 'share', record: 'document' },
    params: clientIdParams,
    body: sendToClientBodySchema,
    response: sendToClientResultSchema,
  },
  // ---- public: the person asked to sign, through the e-mailed link (no sign-in) ----
  signingDocumentRetrieve: {
    method: 'GET',
    path: '/api/e-signature/:token',
    summary: 'The document a signing link is for: its name, the message and the file to read',
    access: 'public',
    params: tokenParams,
    response: signingDocumentSchema,
  },
  signingFileDownload: {
    method: 'GET',
    path: '/api/e-signature/:token/file',
    summary: 'The original file of the document a signing link is for',
    access: 'public',
    params: tokenParams,
    response: z.unknown(),
    raw: true,
  },
  submitSignature: {
    method: 'POST',
    path: '/api/e-signature/:token',
    summary:
      'Sign: typed full name, an optional drawn signature and "I agree"; the link then stops working and a signed PDF is kept',
    access: 'public',
    params: tokenParams,
    body: submitSignatureBodySchema,
    response: signatureReceiptSchema,
  },
  // ---- public: the client filling in a form, through the e-mailed link (no sign-in) ----
  publicForm: {
    method: 'GET',
    path: '/api/form-links/:token',
    summary: 'The form a client was sent (no sign-in; 410 when the link was used or has expired)',
    access: 'public',
    errors: [410],
    params: tokenParams,
    response: publicFormSchema,
  },
  submitPublicForm: {
    method: 'POST',
    path: '/api/form-links/:token',
    summary:
      "The client's answers: checked against the form, kept as a PDF in the client's documents; the therapist is told",
    access: 'public',
    errors: [410],
    params: tokenParams,
    body: submitPublicFormBodySchema,
    response: messageSchema,
  },
  sharedDocumentDownload: {
    method: 'GET',
    path: '/api/shared-documents/:token',
    summary: 'A document e-mailed to a client with send-to-client (the link works for 14 days)',
    access: 'public',
    params: tokenParams,
    response: z.unknown(),
    raw: true,
  },
});
