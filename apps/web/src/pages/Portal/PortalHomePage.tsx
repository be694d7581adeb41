import { isApiError } from '@halcyon/api/client';
import {
  portalStartConversationBodySchema,
  type PortalHome,
  type PortalItemKind,
  type PortalWaitingItem,
} from '@halcyon/api/contract';
import { useApiClient, useRoute } from '@halcyon/api/swr';
import { formatDate, formatDateTime } from '@halcyon/api/time';
import { Badge, Button, PrivacyProvider, TextArea, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import { TextLink } from '../../app/TextLink';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { PublicReadFailed } from '../../features/public/publicAnswers';
import styles from './PortalHomePage.module.css';

const OPEN_FAILED = 'That could not be opened. Check your connection and try again.';

/** The button of each kind of waiting item: what the client does with it. */
const ACTION: Readonly<Record<PortalWaitingItem['kind'], string>> = {
  measure: 'Fill in',
  form: 'Fill in',
  signature: 'Read and sign',
  invoice: 'Pay online',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={form.section} aria-labelledby={id}>
      <h2 className={form.sectionTitle} id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /Portal/Home/{token}: the page a client's e-mailed sign-in link opens (no password). What waits for them (measures and
 * forms to fill in, documents to sign, invoices to pay), their upcoming sessions in the practice's time zone, and their
 * conversations with unread counts. Opening an item asks the server for a fresh link of its own and goes there. A link
 * that no longer works says why and offers a new one; a failed connection can be tried again.
 */
export function PortalHomePage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const home = useRoute('portalHome', token ? { params: { token } } : null);
  const [opening, setOpening] = useState<string | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);

  const { data } = home;
  if (!data) {
    if (home.view === 'loading') return <PageLoading label="Opening your portal…" />;
    return (
      <PublicReadFailed
        error={home.view === 'error' ? home.error : null}
        title="Your portal could not be opened"
        onRetry={() => void home.retry()}
        footer={<TextLink to="/Portal">Ask for a new sign-in link</TextLink>}
      />
    );
  }

  const open = async (kind: PortalItemKind, id: number) => {
    setOpenError(null);
    setOpening(`${kind}:${id}`);
    try {
      const answer = await client.call('openPortalItem', { params: { token }, body: { kind, id } });
      if (answer) {
        window.location.assign(answer.url);
        return;
      }
      setOpenError(OPEN_FAILED);
    } catch (error) {
      setOpenError(isApiError(error) ? error.message : OPEN_FAILED);
      // An item no longer waiting drops off the list.
      if (isApiError(error) && error.status === 404) void home.reload();
    }
    setOpening(null);
  };

  return (
    // The client's own page: nothing is blurred (Privacy mode is the practice's).
    <PrivacyProvider enabled={false}>
      <PublicLayout
        wide
        title={`Your portal at ${data.practiceName}`}
        description={`Hello ${data.clientFirstName}. This sign-in link works until ${formatDateTime(data.expiresAt, data.timeZone)}; after that, ask for a new one.`}
      >
        {openError && <FormMessage tone="error">{openError}</FormMessage>}
        <Waiting items={data.waiting} opening={opening} onOpen={(item) => void open(item.kind, item.id)} />
        <Sessions home={data} />
        {data.documents.length > 0 && (
          <Section title="Documents from your practice">
            <ul className={styles.items}>
              {data.documents.map((document) => (
                <li key={document.id} className={styles.item}>
                  <div className={styles.what}>
                    <p className={styles.title}>{document.name}</p>
                    <p className={styles.detail}>
                      Sent {formatDate(document.sharedAt, data.timeZone)}; you can download it until{' '}
                      {formatDate(document.availableUntil, data.timeZone)}.
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    loading={opening === `document:${document.id}`}
                    disabled={opening !== null}
                    onClick={() => void open('document', document.id)}
                    aria-label={`Download ${document.name}`}
                  >
                    Download
                  </Button>
                </li>
              ))}
            </ul>
          </Section>
        )}
        <Section title="Messages">
          {data.conversations.length === 0 ? (
            <p className={form.muted}>
              No messages yet. When your practice writes to you, the conversation appears here.
            </p>
          ) : (
            <ul className={styles.items}>
              {data.conversations.map((conversation) => (
                <li key={conversation.id} className={styles.item}>
                  <div className={styles.what}>
                    <p className={styles.title}>{conversation.subject}</p>
                    <p className={styles.detail}>
                      {conversation.lastMessageAt
                        ? `Last message ${formatDateTime(conversation.lastMessageAt, data.timeZone)}`
                        : 'No messages yet'}
                    </p>
                  </div>
                  {conversation.unread > 0 && <Badge variant="accent">{conversation.unread} new</Badge>}
                  <Button
                    variant="secondary"
                    loading={opening === `conversation:${conversation.id}`}
                    disabled={opening !== null}
                    onClick={() => void open('conversation', conversation.id)}
                    aria-label={`Open the conversation "${conversation.subject}"`}
                  >
                    Open
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <WriteToPractice token={token} practiceName={data.practiceName} />
        </Section>
      </PublicLayout>
    </PrivacyProvider>
  );
}

/** The client writes first: a subject and a message to their therapist; the new conversation then opens. */
function WriteToPractice({ token, practiceName }: { token: string; practiceName: string }) {
  const client = useApiClient();
  const [writing, setWriting] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  /** The form was opened once: closing it again returns focus to the button (not on the first render). */
  const opened = useRef(false);
  const write = useContractForm(portalStartConversationBodySchema, {
    defaultValues: { subject: '', body: '' },
    submit: async (body) => {
      const answer = await client.call('startPortalConversation', { params: { token }, body });
      if (answer) window.location.assign(answer.url);
    },
  });
  const { setFocus } = write.form;
  // The button gives way to the form: focus goes to its first field, and back to the button when the form closes.
  useEffect(() => {
    if (writing) setFocus('subject');
    else if (opened.current) openButton.current?.focus();
  }, [writing, setFocus]);
  if (!writing) {
    return (
      <div>
        <Button
          ref={openButton}
          variant="secondary"
          onClick={() => {
            opened.current = true;
            setWriting(true);
          }}
        >
          Write to {practiceName}
        </Button>
      </div>
    );
  }
  return (
    <form className={form.form} onSubmit={write.onSubmit} noValidate aria-label={`Write to ${practiceName}`}>
      {write.submitError && <FormMessage tone="error">{write.submitError}</FormMessage>}
      <TextField label="Subject" required autoComplete="off" {...write.field('subject')} />
      <TextArea label="Your message" required rows={5} {...write.field('body')} />
      <div className={form.actions}>
        <Button variant="ghost" onClick={() => setWriting(false)} disabled={write.busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={write.busy}>
          {write.busy ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

function Waiting({
  items,
  opening,
  onOpen,
}: {
  items: readonly PortalWaitingItem[];
  opening: string | null;
  onOpen: (item: PortalWaitingItem) => void;
}) {
  return (
    <Section title="Waiting for you">
      {items.length === 0 ? (
        <p className={form.muted}>Nothing is waiting for you. Your practice e-mails you when it sends something.</p>
      ) : (
        <ul className={styles.items}>
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`} className={styles.item}>
              <div className={styles.what}>
                <p className={styles.title}>{item.title}</p>
                <p className={styles.detail}>{item.detail}</p>
              </div>
              <Button
                loading={opening === `${item.kind}:${item.id}`}
                disabled={opening !== null}
                onClick={() => onOpen(item)}
                aria-label={`${ACTION[item.kind]}: ${item.title}`}
              >
                {ACTION[item.kind]}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Sessions({ home }: { home: PortalHome }) {
  return (
    <Section title="Your upcoming sessions">
      {home.sessions.length === 0 ? (
        <p className={form.muted}>No sessions are booked. Your practice books them with you.</p>
      ) : (
        <ul className={styles.items}>
          {home.sessions.map((session) => (
            <li key={session.id} className={styles.item}>
              <div className={styles.what}>
                <p className={styles.title}>{formatDateTime(session.startsAt, home.timeZone)}</p>
                <p className={styles.detail}>
                  {[session.serviceName, session.therapistName && `with ${session.therapistName}`, session.where]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className={form.muted}>
        Times are in {home.practiceName}&rsquo;s time zone ({home.timeZone}). To change a session, write to your
        practice.
      </p>
    </Section>
  );
}
