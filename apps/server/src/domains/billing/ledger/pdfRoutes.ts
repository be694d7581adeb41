import type { FastifyInstance } from 'fastify';
import { BILLING_MESSAGES, type InvoiceDocument } from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { notFound } from '../../../platform/errors';
import { readAll } from '../../../platform/storage';
import { findStoredFile } from '../../account/service';
import { invoicePdfName, renderInvoicePdf, type InvoicePdfLogo } from './pdf';

const FILE_PATH = /^\/api\/files\/([0-9a-f-]{36})$/i;

/** The practice's logo as the PDF embeds it (PNG or JPEG), or null: none, another format, or its bytes are gone. */
async function logoOf(platform: Platform, practiceId: number, logoUrl: string | null): Promise<InvoicePdfLogo | null> {
  const fileId = logoUrl ? FILE_PATH.exec(logoUrl)?.[1] : undefined;
  if (!fileId) return null;
  const file = await findStoredFile(platform.database.db, practiceId, fileId);
  if (!file || (file.type !== 'image/png' && file.type !== 'image/jpeg')) return null;
  try {
    return { bytes: await readAll(await platform.storage.get(file.storageKey)), type: file.type };
  } catch {
    return null;
  }
}

/** Reads the document of an invoice, draft or credit note of the practice; null when there is none. */
export type InvoiceDocumentOf = (db: Db, practiceId: number, invoiceId: number) => Promise<InvoiceDocument | null>;

/**
 * GET /api/billing-payment/invoice-pdf/{id}: the invoice's PDF, drawn from the same document model as the preview
 * (`documentOf`, the ledger's `invoiceDocument`), as an attachment named by its number.
 */
export function invoicePdfRoutes(app: FastifyInstance, platform: Platform, documentOf: InvoiceDocumentOf): void {
  registerRoutes(app, {
    downloadInvoicePdf: async ({ params }, { request, reply }) => {
      const auth = requireAuth(request);
      const document = await documentOf(platform.database.db, auth.practiceId, params.id);
      if (!document) throw notFound(BILLING_MESSAGES.invoiceNotFound);
      const logo = await logoOf(platform, auth.practiceId, document.practice.logoUrl);
      const bytes = await renderInvoicePdf(document, { logo });
      const name = invoicePdfName(document);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(bytes.byteLength))
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(bytes));
    },
  });
}
