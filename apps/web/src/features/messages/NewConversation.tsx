import { isApiError } from '@halcyon/api/client';
import {
  CONVERSATION_MESSAGES,
  CONVERSATION_SUBJECT_MAX,
  type ConversationKind,
  type StoredFile,
} from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute } from '@halcyon/api/swr';
import {
  Button,
  Checkbox,
  Combobox,
  RadioGroup,
  Sensitive,
  TextField,
  useBanners,
  type ComboboxOption,
} from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Composer, type ComposerMessage } from './Composer';
import type { NewConversationWith } from './newConversationLink';
import { draftKeyOf } from './useDraft';
import styles from './messages.module.css';

const KINDS = [
  { value: 'client', label: 'A client', description: 'Through their client portal: they get an e-mail with a link.' },
  { value: 'team', label: 'Team members', description: 'Admins and Therapists of your practice.' },
] as const;

type Errors = Partial<Record<'memberIds' | 'clientId' | 'subject', string>>;

/**
 * Starts a conversation: with a client (found by name among those with active portal access) or with team members,
 * a subject and the first message (its draft kept like a thread's). The server's sentence shows beside what to fix.
 */
export function NewConversation({
  onClose,
  upload,
  withClient = null,
}: {
  onClose: () => void;
  upload: (file: File) => Promise<StoredFile | null>;
  /** The client to write to, chosen already (a client's "Message" action). */
  withClient?: NewConversationWith | null;
}) {
  const client = useApiClient();
  const navigate = useNavigate();
  const { notify } = useBanners();
  const heading = useRef<HTMLHeadingElement>(null);
  const [kind, setKind] = useState<ConversationKind>('client');
  const [memberIds, setMemberIds] = useState<number[]>([]);
  const [chosenClient, setChosenClient] = useState<ComboboxOption | null>(
    withClient ? { value: String(withClient.id), label: withClient.name } : null,
  );
  const [subject, setSubject] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const recipients = useRoute('messageRecipients', kind === 'team' ? undefined : null);
  const create = useMutation('createConversation');

  useEffect(() => heading.current?.focus(), []);

  const send = async ({ body, attachmentIds }: ComposerMessage) => {
    const found: Errors = {};
    if (kind === 'team' && memberIds.length === 0) found.memberIds = CONVERSATION_MESSAGES.members;
    if (kind === 'client' && !chosenClient) found.clientId = CONVERSATION_MESSAGES.client;
    if (!subject.trim()) found.subject = CONVERSATION_MESSAGES.subject;
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      const created = await create.trigger({
        body: {
          kind,
          subject: subject.trim(),
          memberIds: kind === 'team' ? memberIds : [],
          clientId: kind === 'client' && chosenClient ? Number(chosenClient.value) : null,
          body,
          attachmentIds,
        },
      });
      notify({ variant: 'success', message: CONVERSATION_MESSAGES.created });
      if (created) void navigate(`/Messages/${created.id}`);
      return true;
    } catch (caught) {
      const fieldErrors = isApiError(caught) ? caught.fieldErrors : undefined;
      const mine: Errors = {
        memberIds: fieldErrors?.memberIds,
        clientId: fieldErrors?.clientId,
        subject: fieldErrors?.subject,
      };
      if (Object.values(mine).some(Boolean)) {
        setErrors(mine);
        return false;
      }
      throw caught;
    }
  };

  return (
    <section className={styles.newConversation} aria-labelledby="new-conversation-heading">
      <div className={styles.sectionHead}>
        <h2 id="new-conversation-heading" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
          New conversation
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
      <Composer draftKey={draftKeyOf('new')} upload={upload} send={send} label="First message">
        <RadioGroup
          label="Write to"
          options={KINDS}
          value={kind}
          onValueChange={(value) => {
            setKind(value as ConversationKind);
            setErrors({});
          }}
          orientation="horizontal"
        />
        {kind === 'client' ? (
          <Sensitive as="div" focusable={false}>
            <Combobox
              label="Client"
              hint="Clients with active portal access. Type a name."
              placeholder="Search by name"
              value={chosenClient}
              onValueChange={(option) => {
                setChosenClient(option);
                setErrors((current) => ({ ...current, clientId: undefined }));
              }}
              loadOptions={async (q, signal) => {
                const answer = await client.call('messageRecipients', { query: { q }, signal });
                return (answer?.clients ?? []).map((c) => ({ value: String(c.id), label: c.name }));
              }}
              emptyMessage="No client with portal access matches. Invite them from their Portal tab first."
              error={errors.clientId}
              required
            />
          </Sensitive>
        ) : recipients.view === 'error' ? (
          <LoadError what="your team" error={recipients.error} onRetry={recipients.retry} />
        ) : (
          <fieldset className={styles.members} aria-describedby={errors.memberIds ? 'members-error' : undefined}>
            <legend>Team members</legend>
            {!recipients.data && <p className={styles.muted}>Loading your team…</p>}
            {recipients.data?.members.length === 0 && (
              <p className={styles.muted}>There is nobody else in your practice to write to yet.</p>
            )}
            {recipients.data?.members.map((member) => (
              <Checkbox
                key={member.id}
                label={`${member.name} (${member.role})`}
                checked={memberIds.includes(member.id)}
                onCheckedChange={(checked) => {
                  setMemberIds((current) =>
                    checked === true ? [...current, member.id] : current.filter((id) => id !== member.id),
                  );
                  setErrors((current) => ({ ...current, memberIds: undefined }));
                }}
              />
            ))}
            {errors.memberIds && (
              <p id="members-error" role="alert" className={styles.error}>
                {errors.memberIds}
              </p>
            )}
          </fieldset>
        )}
        <TextField
          label="Subject"
          value={subject}
          maxLength={CONVERSATION_SUBJECT_MAX}
          onChange={(event) => {
            setSubject(event.target.value);
            setErrors((current) => ({ ...current, subject: undefined }));
          }}
          error={errors.subject}
          required
        />
      </Composer>
    </section>
  );
}
