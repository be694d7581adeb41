import { invoiceLayout, type InvoiceDocument, type InvoiceLayoutRow } from '@halcyon/api/contract';
import { Link, Sensitive } from '@halcyon/design-system';
import { storedFileIdOf, useStoredImage } from '../../app/useStoredImage';
import styles from './InvoicePreview.module.css';

export interface InvoicePreviewProps {
  document: InvoiceDocument;
}

function Rows({ rows, className }: { rows: InvoiceLayoutRow[]; className?: string }) {
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.label} className={styles.row} data-emphasis={row.emphasis}>
          <dt>{row.label}</dt>
          <dd>
            <Sensitive>{row.value}</Sensitive>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Block({ heading, lines, sensitive = false }: { heading: string; lines: string[]; sensitive?: boolean }) {
  const text = lines.map((line, index) => <span key={index}>{line}</span>);
  return (
    <section className={styles.block} aria-label={heading}>
      <h3 className={styles.blockHeading}>{heading}</h3>
      {sensitive ? (
        <Sensitive as="div" className={styles.blockLines}>
          {text}
        </Sensitive>
      ) : (
        <div className={styles.blockLines}>{text}</div>
      )}
    </section>
  );
}

/**
 * The invoice or credit note as its PDF prints it: the same `invoiceLayout` (words, figures, order) on a sheet of the
 * PDF's proportions. Names, descriptions and every amount are wrapped in `Sensitive` (privacy mode blurs them).
 */
export function InvoicePreview({ document }: InvoicePreviewProps) {
  const layout = invoiceLayout(document);
  const logo = useStoredImage(storedFileIdOf(layout.practice.logoUrl));
  const { columns } = layout;
  return (
    <article className={styles.sheet} aria-label={`${layout.title} preview`} data-paper={layout.paperSize}>
      <header className={styles.header}>
        <div className={styles.practice}>
          {logo && <img className={styles.logo} src={logo} alt={`${layout.practice.name} logo`} />}
          <p className={styles.practiceName}>{layout.practice.name}</p>
          {layout.practice.lines.map((line) => (
            <p key={line} className={styles.muted}>
              {line}
            </p>
          ))}
        </div>
        <div className={styles.heading}>
          <h2 className={styles.title}>{layout.title}</h2>
          {layout.stamp && (
            <p className={styles.stamp} data-stamp={layout.stamp}>
              {layout.stamp}
            </p>
          )}
          <dl className={styles.facts}>
            {layout.facts.map((fact) => (
              <div key={fact.label} className={styles.row}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </header>

      <Block heading={layout.billTo.heading} lines={layout.billTo.lines} sensitive />

      <div className={styles.linesFrame}>
        <table className={styles.lines} aria-label="Lines">
          <thead>
            <tr>
              <th scope="col">{columns.date}</th>
              <th scope="col">{columns.description}</th>
              <th scope="col" data-numeric>
                {columns.quantity}
              </th>
              <th scope="col" data-numeric>
                {columns.unitPrice}
              </th>
              <th scope="col" data-numeric>
                {columns.taxRate}
              </th>
              <th scope="col" data-numeric>
                {columns.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {layout.lines.map((line, index) => (
              <tr key={index}>
                <td data-cell="date">{line.date}</td>
                <td data-cell="description">
                  <Sensitive>{line.description}</Sensitive>
                </td>
                <td data-cell="quantity" data-label={columns.quantity} data-numeric>
                  {line.quantity}
                </td>
                <td data-cell="unitPrice" data-label={columns.unitPrice} data-numeric>
                  <Sensitive>{line.unitPrice}</Sensitive>
                </td>
                <td data-cell="taxRate" data-label={columns.taxRate} data-numeric>
                  {line.taxRate}
                </td>
                <td data-cell="amount" data-numeric>
                  <Sensitive>{line.amount}</Sensitive>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <Rows rows={layout.totals} className={styles.totals} />

      {layout.payments && <Block heading={layout.payments.heading} lines={layout.payments.lines} sensitive />}
      {layout.paymentInstructions && (
        <Block heading={layout.paymentInstructions.heading} lines={layout.paymentInstructions.lines} />
      )}
      {layout.payOnline && (
        <section className={styles.block} aria-label={layout.payOnline.label}>
          <h3 className={styles.blockHeading}>{layout.payOnline.label}</h3>
          <Link className={styles.link} href={layout.payOnline.url} external>
            {layout.payOnline.url}
          </Link>
        </section>
      )}
      {layout.remarks.map((remark) => (
        <Block key={remark.heading} heading={remark.heading} lines={remark.lines} sensitive />
      ))}
      {layout.footer && <footer className={styles.footer}>{layout.footer}</footer>}
    </article>
  );
}
