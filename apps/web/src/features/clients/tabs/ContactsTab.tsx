import { CLIENT_RELATIONSHIP_TYPE_LABELS, type ClientRelationship } from '@halcyon/api/contract';
import { useClientRoute } from '@halcyon/api/swr';
import { Badge, Button, DataTable, EmptyState, Sensitive, type DataTableColumn } from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useMemo } from 'react';
import { Users } from '../../../app/icons';
import styles from '../clients.module.css';
import type { ClientTabProps } from './types';

/**
 * The Contacts tab of /Clients/{id} (CATALOG.md): the client's relationships (emergency contact, GP, next of kin,
 * parent or guardian, referrer, solicitor...), each with how to reach them and whether the client consents to contact.
 */
export function ContactsTab({ clientId }: ClientTabProps) {
  const modal = useModal();
  const contacts = useClientRoute('listClientRelationships', clientId, (id) => ({ params: { clientId: id } }));
  const items = contacts.data?.items ?? [];

  // A save in a modal reloads the contacts by itself (the writes' reads, from the contract).
  const add = () => modal.open('client-relationship', { clientId });

  const columns = useMemo<DataTableColumn<ClientRelationship>[]>(() => {
    const open = (contact: ClientRelationship) => modal.open('client-relationship', { clientId, id: contact.id });
    const remove = (contact: ClientRelationship) =>
      modal.open('delete-item', {
        kind: 'client-contact',
        route: 'deleteClientRelationship',
        params: { id: contact.id },
        name: contact.name,
      });
    return [
      {
        id: 'name',
        header: 'Name',
        accessorKey: 'name',
        cell: ({ row }) => (
          <span className={styles.fact}>
            <Sensitive>{row.original.name}</Sensitive>
            {row.original.organisation && <Sensitive className={styles.muted}>{row.original.organisation}</Sensitive>}
          </span>
        ),
      },
      {
        id: 'relationship',
        header: 'Relationship',
        accessorFn: (contact) => CLIENT_RELATIONSHIP_TYPE_LABELS[contact.relationshipType],
        cell: ({ row }) => (
          <span className={styles.inline}>
            <Badge>{CLIENT_RELATIONSHIP_TYPE_LABELS[row.original.relationshipType]}</Badge>
            {row.original.relationshipDetail && <Sensitive>{row.original.relationshipDetail}</Sensitive>}
          </span>
        ),
      },
      {
        id: 'reach',
        header: 'Phone and e-mail',
        enableSorting: false,
        cell: ({ row }) => (
          <span className={styles.fact}>
            {row.original.phone && <Sensitive>{row.original.phone}</Sensitive>}
            {row.original.email && <Sensitive>{row.original.email}</Sensitive>}
            {!row.original.phone && !row.original.email && <span className={styles.muted}>Not recorded</span>}
          </span>
        ),
      },
      {
        id: 'consent',
        header: 'Consent to contact',
        accessorKey: 'consentToContact',
        cell: ({ row }) =>
          row.original.consentToContact ? (
            <Badge variant="success">Consented</Badge>
          ) : (
            <Badge variant="warning">No consent</Badge>
          ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => (
          <span className={styles.inline}>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => open(row.original)}
              aria-label={`Edit ${row.original.name}`}
            >
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => remove(row.original)}
              aria-label={`Delete ${row.original.name}`}
            >
              Delete
            </Button>
          </span>
        ),
      },
    ];
  }, [clientId, modal]);

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.text}>
          People connected to this client. Only contact someone the client has consented to, unless there is a risk to
          life.
        </p>
        <Button onClick={add}>Add contact</Button>
      </div>
      <DataTable
        caption="Contacts"
        hideCaption
        data={items}
        columns={columns}
        getRowId={(contact) => String(contact.id)}
        loading={contacts.view === 'loading'}
        emptyState={
          contacts.view === 'error' ? (
            <LoadError what="the contacts" error={contacts.error} onRetry={contacts.retry} />
          ) : (
            <EmptyState
              icon={<Users />}
              title="No contacts yet"
              description="Add an emergency contact, the client's GP or next of kin with “Add contact”."
              action={<Button onClick={add}>Add contact</Button>}
            />
          )
        }
      />
    </div>
  );
}
