import { updateClientDocumentBodySchema, type ClientDocument } from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute } from '@halcyon/api/swr';
import { Skeleton, TextField, useBanners } from '@halcyon/design-system';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { UploadDocumentModalProps } from '../../types';
import { DocumentTagsAndSharing } from './DocumentFields';

/** The banner once a document's name, tags or sharing are saved. */
export const DOCUMENT_UPDATED_MESSAGE = 'Document updated.';
const TITLE = 'Edit document';
const DESCRIPTION = 'Rename the document, change its tags, or whether the client can see it. The file stays as it is.';

/** upload-document with an `id`: a document's name, tags and sharing, saved with the version opened (409 if stale). */
export function EditDocumentForm({
  id,
  clientId,
  onSaved,
}: Required<Pick<UploadDocumentModalProps, 'id'>> & Pick<UploadDocumentModalProps, 'clientId' | 'onSaved'>) {
  const document = useRoute('clientSingleDocumentRetrieve', { params: { id } });
  if (!document.data) {
    const failed = document.error !== undefined || document.data === null;
    return (
      <ModalShell
        title={TITLE}
        description={DESCRIPTION}
        error={failed ? 'This document could not be loaded: it may have been deleted.' : null}
      >
        {!failed && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the document" />}
      </ModalShell>
    );
  }
  return <EditForm document={document.data} clientId={clientId} onSaved={onSaved} />;
}

function EditForm({
  document,
  clientId,
  onSaved,
}: { document: ClientDocument } & Pick<UploadDocumentModalProps, 'clientId' | 'onSaved'>) {
  const { notify } = useBanners();
  const client = useApiClient();
  const update = useMutation('updateClientDocument');
  const knownTags = useRoute('clientDocumentTagsRetrieve', { params: { clientId } });
  const { form, field, shellProps } = useModalForm(updateClientDocumentBodySchema, {
    defaultValues: {
      name: document.name,
      tags: document.tags,
      sharedWithClient: document.sharedWithClient,
      version: document.version,
    },
    submit: (body) => update.trigger({ params: { id: document.id }, body }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: DOCUMENT_UPDATED_MESSAGE });
      if (saved) await onSaved?.(saved);
    },
  });
  async function reload() {
    const fresh = await client.call('clientSingleDocumentRetrieve', { params: { id: document.id } });
    if (fresh) {
      form.reset({
        name: fresh.name,
        tags: fresh.tags,
        sharedWithClient: fresh.sharedWithClient,
        version: fresh.version,
      });
    }
  }
  return (
    <ModalShell title={TITLE} description={DESCRIPTION} submitLabel="Save document" onReload={reload} {...shellProps}>
      <ModalFields sensitive>
        <TextField label="Name" required autoComplete="off" {...field('name')} />
        <DocumentTagsAndSharing
          control={form.control}
          errors={form.formState.errors}
          suggestions={knownTags.data?.items.map((item) => item.tag) ?? []}
        />
      </ModalFields>
    </ModalShell>
  );
}
