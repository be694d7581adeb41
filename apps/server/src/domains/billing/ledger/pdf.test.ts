import { invoiceLayout, type InvoiceDocument, type InvoiceLine } from '@halcyon/api/contract';
import { PageSizes } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { normaliseSpace, readPdfText } from '../../../test/pdfText';
import { DRAFT_WATERMARK, invoicePdfName, renderInvoicePdf } from './pdf';

function line(id: number, overrides: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    id,
    sourceKind: 'session',
    sourceId: id,
    serviceDate: '2026-03-02',
    description: 'Individual therapy (50 min)',
    quantity: 1,
    unitMinor: 8_000,
    taxRateBp: 2_000,
    netMinor: 8_000,
    taxMinor: 1_600,
    grossMinor: 9_600,
    creditedByInvoiceId: null,
    creditsLineId: null,
    ...overrides,
  };
}

/** A sent invoice, partly paid, billed to the client's mother, with bank details and a pay-online link. */
function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    invoiceId: 42,
    documentType: 'Invoice',
    kind: 'invoice',
    status: 'sent',
    state: 'partly paid',
    title: 'Invoice',
    number: 'INV-0042',
    issueDate: '2026-03-09',
    dueDate: '2026-03-23',
    currency: 'GBP',
    practice: {
      name: 'Harbour Counselling',
      addressLines: ['12 Quay Street', 'Bristol BS1 4DB', 'United Kingdom'],
      email: 'accounts@harbour.example',
      phone: '0117 496 0000',
      taxNumber: 'GB123456789',
      logoUrl: null,
      country: 'GB',
    },
    billTo: {
      kind: 'contact',
      name: 'Priya Patel',
      addressLines: ['4 Elm Row', 'Bath BA1 2AB'],
      email: 'priya@example.com',
      reference: null,
    },
    client: { id: 7, name: 'Maya Patel' },
    lines: [
      line(1),
      line(2, { serviceDate: '2026-03-09', description: 'Late cancellation fee', sourceKind: 'chargeable' }),
      line(3, {
        sourceKind: 'free',
        sourceId: null,
        serviceDate: null,
        description: 'Report for the school',
        quantity: 2,
        unitMinor: 2_525,
        taxRateBp: 0,
        netMinor: 5_050,
        taxMinor: 0,
        grossMinor: 5_050,
      }),
    ],
    taxBreakdown: [
      { taxRateBp: 0, netMinor: 5_050, taxMinor: 0 },
      { taxRateBp: 2_000, netMinor: 16_000, taxMinor: 3_200 },
    ],
    netMinor: 21_050,
    taxMinor: 3_200,
    totalMinor: 24_250,
    paidMinor: 6_000,
    creditedMinor: 0,
    outstandingMinor: 18_250,
    payments: [{ paymentId: 5, date: '2026-03-12', method: 'card', amountMinor: 6_000 }],
    creditNotes: [],
    creditsInvoice: null,
    paymentInstructions: {
      accountName: 'Harbour Counselling Ltd',
      lines: ['Sort code 12-34-56', 'Account 12345678'],
    },
    payOnlineUrl: 'https://halcyon.example/Pay/abc123',
    notes: 'Thank you.',
    reason: '',
    footer: 'Harbour Counselling Ltd, registered in England no. 01234567.',
    paperSize: 'A4',
    ...overrides,
  };
}

/** Every string the preview shows (the layout's), white space made one as PDF text extraction gives it. */
function previewStrings(document: InvoiceDocument): string[] {
  const layout = invoiceLayout(document);
  return [
    layout.practice.name,
    ...layout.practice.lines,
    layout.title,
    ...(layout.stamp ? [layout.stamp] : []),
    ...layout.facts.flatMap((row) => [row.label, row.value]),
    layout.billTo.heading,
    ...layout.billTo.lines,
    ...Object.values(layout.columns),
    ...layout.lines.flatMap((row) =>
      [row.date, row.description, row.quantity, row.unitPrice, row.taxRate, row.amount].filter((cell) => cell !== ''),
    ),
    ...layout.totals.flatMap((row) => [row.label, row.value]),
    ...(layout.payments ? [layout.payments.heading, ...layout.payments.lines] : []),
    ...(layout.paymentInstructions ? [layout.paymentInstructions.heading, ...layout.paymentInstructions.lines] : []),
    ...(layout.payOnline ? [layout.payOnline.label, layout.payOnline.url] : []),
    ...layout.remarks.flatMap((block) => [block.heading, ...block.lines]),
    ...(layout.footer ? [layout.footer] : []),
  ].map(normaliseSpace);
}

describe('the invoice PDF (one renderer, the preview’s document)', () => {
  it('given an invoice, when its PDF is read back, then it holds every word and figure of the preview', async () => {
    const document = invoice();
    const pdf = await readPdfText(await renderInvoicePdf(document, { now: new Date('2026-03-12T10:00:00Z') }));
    for (const expected of previewStrings(document)) expect(pdf.text).toContain(expected);
    // The figures a person checks, as the preview writes them.
    expect(pdf.text).toContain('Tax at 20% on £160.00 £32.00');
    expect(pdf.text).toContain('Total £242.50');
    expect(pdf.text).toContain('Paid £60.00');
    expect(pdf.text).toContain('Balance due £182.50');
    expect(pdf.text).toContain('Client: Maya Patel');
    expect(pdf.text).toContain('Page 1 of 1');
  });

  it('given a practice in the United Kingdom or the United States, then the page is A4 or US Letter', async () => {
    const a4 = await readPdfText(await renderInvoicePdf(invoice({ paperSize: 'A4' })));
    const letter = await readPdfText(await renderInvoicePdf(invoice({ paperSize: 'Letter' })));
    expect(a4.pages[0]).toMatchObject({ width: PageSizes.A4[0], height: PageSizes.A4[1] });
    expect(letter.pages[0]).toMatchObject({ width: PageSizes.Letter[0], height: PageSizes.Letter[1] });
  });

  it('given a paid invoice, then it says Paid and gives no bank details or pay link', async () => {
    const document = invoice({ state: 'paid', paidMinor: 24_250, outstandingMinor: 0 });
    const pdf = await readPdfText(await renderInvoicePdf(document));
    expect(pdf.text).toContain('Paid');
    expect(pdf.text).toContain('Balance due £0.00');
    expect(pdf.text).not.toContain('How to pay');
    expect(pdf.text).not.toContain('Pay online');
  });

  it('given a credit note, then it names the invoice it credits and the reason, with no balance', async () => {
    const document = invoice({
      kind: 'credit_note',
      documentType: 'Credit note',
      title: 'Credit note',
      state: 'issued',
      number: 'CN-0003',
      creditsInvoice: { invoiceId: 42, number: 'INV-0042' },
      reason: 'Session cancelled by the practice.',
      payments: [],
      paidMinor: 0,
      outstandingMinor: 0,
    });
    const pdf = await readPdfText(await renderInvoicePdf(document));
    for (const expected of previewStrings(document)) expect(pdf.text).toContain(expected);
    expect(pdf.text).toContain('Credits invoice INV-0042');
    expect(pdf.text).toContain('Total credited £242.50');
    expect(pdf.text).not.toContain('Balance due');
  });

  it('given sixty lines, then they run over pages, the column headings on each page of lines, every page numbered', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => line(index + 1, { description: `Session ${index + 1}` }));
    const pdf = await readPdfText(await renderInvoicePdf(invoice({ lines })));
    expect(pdf.pages.length).toBeGreaterThan(1);
    pdf.pages.forEach((page, index) => {
      if (page.items.some((item) => /^Session \d+$/.test(item))) expect(page.items).toContain('Description');
      expect(page.items).toContain(`Page ${index + 1} of ${pdf.pages.length}`);
    });
    expect(pdf.pages.filter((page) => page.items.includes('Description')).length).toBeGreaterThan(1);
    for (let index = 1; index <= 60; index += 1) expect(pdf.text).toContain(`Session ${index} `);
  });

  it('given a name in another script, then the PDF is still made (the letters the font lacks as ?)', async () => {
    const pdf = await readPdfText(
      await renderInvoicePdf(invoice({ billTo: { ...invoice().billTo, name: 'Ελένη Παπαδοπούλου' } })),
    );
    expect(pdf.text).toContain('Bill to');
  });

  it('given a draft, then its preview PDF is titled Draft invoice, has no number or pay link, and says DRAFT across each page', async () => {
    const draft = invoice({
      status: 'draft',
      state: 'draft',
      documentType: 'Draft invoice',
      title: 'Draft invoice',
      number: null,
      paidMinor: 0,
      outstandingMinor: 0,
      payments: [],
      payOnlineUrl: null,
      lines: Array.from({ length: 60 }, (_, i) => line(i + 1)),
    });
    const pdf = await readPdfText(await renderInvoicePdf(draft));
    expect(pdf.pages.length).toBeGreaterThan(1);
    for (const page of pdf.pages) expect(page.items).toContain(DRAFT_WATERMARK);
    expect(pdf.text).toContain('Draft invoice');
    expect(pdf.text).not.toContain('INV-0042');
    expect(pdf.text).not.toContain('Pay online');
    // An issued invoice has no watermark.
    expect((await readPdfText(await renderInvoicePdf(invoice()))).text).not.toContain(DRAFT_WATERMARK);
  });

  it('names the file by the invoice number, or the draft and its id', () => {
    expect(invoicePdfName(invoice())).toBe('INV-0042.pdf');
    expect(invoicePdfName(invoice({ number: null, title: 'Draft invoice', invoiceId: 17 }))).toBe(
      'Draft invoice 17.pdf',
    );
  });
});
