import {
  DOCUMENT_MESSAGES,
  SIGNATURE_IMAGE_MAX_CHARS,
  submitSignatureBodySchema,
  type SignatureReceipt,
  type SigningDocument,
} from '@halcyon/api/contract';
import { isApiError } from '@halcyon/api/client';
import { useApiClient } from '@halcyon/api/swr';
import { Button, Checkbox, TextField } from '@halcyon/design-system';
import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import { saveBlob } from '../../app/saveBlob';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { useOnce } from '../../features/public/useOnce';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';
import styles from './SignPage.module.css';

const LOAD_FAILED = 'The document could not be loaded. Check your connection and reload the page.';

function formatBytes(size: number): string {
  if (size < 1024) return `${size} bytes`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

function formatDay(value: string): string {
  const date = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The sentence for a failed load or submit: the server's (used, expired) or a plain one. */
function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

type Errors = Partial<Record<'typedName' | 'agree' | 'drawnSignature', string>>;

/**
 * /Sign/{token}: the page an e-signature request e-mail links to; no sign-in. It shows the document's name and the
 * practice's message, lets the signer read (download) the original, then sign with their typed full name, an optional
 * drawn signature and "I agree". The link works once: a used or expired link shows the server's sentence.
 */
export function SignPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const loaded = useOnce<SigningDocument | null>(`sign:${token}`, () =>
    client.call('signingDocumentRetrieve', { params: { token } }),
  );
  const pad = useRef<SignaturePadHandle>(null);
  const [typedName, setTypedName] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [receipt, setReceipt] = useState<SignatureReceipt | null>(null);
  /** A used or expired link discovered on submit: the form is replaced by the sentence. */
  const [closed, setClosed] = useState<string | null>(null);

  if (loaded.status === 'pending') return <PageLoading label="Loading the document to sign…" />;
  const document = loaded.status === 'done' ? loaded.value : null;
  if (!document || closed) {
    const message =
      closed ?? (loaded.status === 'failed' ? messageOf(loaded.error, LOAD_FAILED) : DOCUMENT_MESSAGES.linkInvalid);
    return (
      <PublicLayout title="This link does not work">
        <FormMessage tone="error">{message}</FormMessage>
      </PublicLayout>
    );
  }

  if (receipt) {
    return (
      <PublicLayout title="Thank you">
        <FormMessage tone="success">{receipt.detail}</FormMessage>
        <p className={form.muted}>
          Signed on{' '}
          {new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(
            new Date(receipt.signedAt),
          )}
          . You can close this page.
        </p>
      </PublicLayout>
    );
  }

  const download = async () => {
    setDownloading(true);
    setFormError(null);
    try {
      saveBlob(await client.call('signingFileDownload', { params: { token } }), document.fileName);
    } catch (error) {
      setFormError(messageOf(error, LOAD_FAILED));
    } finally {
      setDownloading(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const drawn = pad.current?.toDataUrl() ?? null;
    if (drawn && drawn.length > SIGNATURE_IMAGE_MAX_CHARS) {
      setErrors({ drawnSignature: 'The drawing is too large. Clear it and draw it again, a little smaller.' });
      return;
    }
    const parsed = submitSignatureBodySchema.safeParse({ typedName: typedName, drawnSignature: drawn, agree });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const answer = await client.call('submitSignature', { params: { token }, body: parsed.data });
      if (!answer) setClosed(DOCUMENT_MESSAGES.linkInvalid);
      else setReceipt(answer);
    } catch (error) {
      if (isApiError(error) && error.status === 410) setClosed(error.message);
      else setFormError(messageOf(error, 'Your signature could not be sent. Check your connection and try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout
      wide
      title={`Sign “${document.documentName}”`}
      description={`${document.practiceName} asks you, ${document.signerName}, to read and sign this document.`}
    >
      <div className={form.form}>
        {document.message && (
          <div className={form.section}>
            <p className={form.muted}>Message from {document.practiceName}</p>
            <blockquote className={styles.quote}>{document.message}</blockquote>
          </div>
        )}
        {document.dueDate && (
          <p className={form.muted}>
            Please sign by {formatDay(document.dueDate)}. The link stops working after that day.
          </p>
        )}
        <div className={styles.file}>
          <span>
            <span className={styles.fileName}>{document.fileName}</span>
            <span className={form.muted}> · {formatBytes(document.fileSize)}</span>
          </span>
          <Button variant="secondary" onClick={() => void download()} loading={downloading} disabled={downloading}>
            Download to read it
          </Button>
        </div>
        <form className={form.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Sign the document">
          {formError && <FormMessage tone="error">{formError}</FormMessage>}
          <TextField
            label="Your full name"
            required
            autoComplete="name"
            hint="Typing your name is your signature."
            value={typedName}
            onChange={(event) => setTypedName(event.target.value)}
            error={errors.typedName}
          />
          <SignaturePad
            ref={pad}
            label="Draw your signature (optional)"
            hint="With a mouse, pen or finger. If you cannot draw, your typed name is enough."
            disabled={submitting}
          />
          {errors.drawnSignature && <FormMessage tone="error">{errors.drawnSignature}</FormMessage>}
          <Checkbox
            label="I agree to sign this document electronically, and that my typed name is my signature."
            required
            checked={agree}
            onCheckedChange={(checked) => setAgree(checked === true)}
            error={errors.agree}
          />
          <Button type="submit" loading={submitting} disabled={submitting}>
            Sign the document
          </Button>
        </form>
      </div>
    </PublicLayout>
  );
}
