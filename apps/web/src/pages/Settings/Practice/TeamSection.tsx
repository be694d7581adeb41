import { INVITATION_MESSAGES, ROLES, type Member, type Role } from '@halcyon/api/contract';
import { usersRoutes } from '@halcyon/api/contract/users';
import { useMembers, useMutation, useUserDetails } from '@halcyon/api/swr';
import {
  Badge,
  Button,
  Card,
  DataTable,
  FieldRow,
  Select,
  TextField,
  type DataTableColumn,
} from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { InvitationsSection } from './InvitationsSection';
import { useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';
import { ConfirmDialog } from '../../../app/ConfirmDialog';

/** What each role may open (SPEC.md §6), said where an Admin chooses one. */
export const ROLE_HINTS: Readonly<Record<Role, string>> = {
  Admin: 'Everything, including the practice settings and the team.',
  Therapist: 'Clients, clinical records, messages and their own settings; not the practice settings.',
  Assistant: 'Dashboard, billing, appointments and the schedule only; never clinical content.',
};
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));
const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

function InviteForm({ onSent }: { onSent: () => void }) {
  const save = useSaveWithBanners();
  const invite = useMutation('inviteMember');
  const form = useContractForm(usersRoutes.inviteMember.body, {
    defaultValues: { email: '', role: 'Therapist' },
    submit: async (body) => {
      await save(
        () => invite.trigger({ body }),
        (result) => INVITATION_MESSAGES.sent(result?.email ?? body.email),
      );
      onSent();
    },
  });
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Invite a team member">
      <h3 className={styles.subTitle}>Invite a team member</h3>
      <FieldRow columnMin="lg">
        <TextField label="E-mail address" type="email" autoComplete="off" required {...form.field('email')} />
        <Controller
          control={form.form.control}
          name="role"
          render={({ field }) => (
            <Select
              label="Role"
              hint={ROLE_HINTS[field.value]}
              options={ROLE_OPTIONS}
              value={field.value}
              onValueChange={field.onChange}
              error={form.errorOf('role')}
              required
            />
          )}
        />
      </FieldRow>
      <div className={styles.actions}>
        <Button type="submit" loading={form.busy}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}

function RoleCell({ member, editable }: { member: Member; editable: boolean }) {
  const save = useSaveWithBanners();
  const change = useMutation('changeMemberRole');
  if (!editable) return <>{member.role}</>;
  return (
    <Select
      label={`Role of ${fullName(member)}`}
      hideLabel
      options={ROLE_OPTIONS}
      value={member.role}
      disabled={change.isMutating}
      onValueChange={(value) => {
        if (value === member.role) return;
        void save(
          () => change.trigger({ params: { id: member.id }, body: { role: value as Role } }),
          `${fullName(member)} is now ${value}.`,
        ).catch(() => undefined);
      }}
    />
  );
}

/** The team (CATALOG.md Practice): every member with role and status; an Admin invites, changes roles and deactivates. */
export function TeamSection({ isAdmin }: { isAdmin: boolean }) {
  const members = useMembers();
  const me = useUserDetails().data?.id;
  const save = useSaveWithBanners();
  const deactivate = useMutation('deactivateMember');
  const [target, setTarget] = useState<Member | null>(null);
  const [invitations, setInvitations] = useState(0);

  const columns = useMemo<DataTableColumn<Member>[]>(() => {
    const base: DataTableColumn<Member>[] = [
      { id: 'name', header: 'Name', accessorFn: fullName },
      { id: 'email', header: 'E-mail', accessorKey: 'email' },
      {
        id: 'role',
        header: 'Role',
        accessorKey: 'role',
        cell: ({ row }) => (
          <RoleCell
            member={row.original}
            editable={isAdmin && row.original.status === 'active' && row.original.id !== me}
          />
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'status',
        cell: ({ row }) =>
          row.original.status === 'active' ? (
            <Badge variant="success">Active</Badge>
          ) : (
            <Badge variant="neutral">Deactivated</Badge>
          ),
      },
    ];
    if (!isAdmin) return base;
    return [
      ...base,
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.status === 'active' && row.original.id !== me ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Deactivate ${fullName(row.original)}`}
              onClick={() => setTarget(row.original)}
            >
              Deactivate
            </Button>
          ) : null,
      },
    ];
  }, [isAdmin, me]);

  const confirmDeactivate = async () => {
    if (!target) return;
    await save(
      () => deactivate.trigger({ params: { id: target.id } }),
      `${fullName(target)} has been deactivated and signed out everywhere.`,
    ).catch(() => undefined);
    setTarget(null);
  };

  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Team</Card.Title>
      </Card.Header>
      <Card.Body className={styles.page}>
        {members.error && !members.data ? (
          <LoadFailed what="the team" error={members.error} onRetry={() => void members.reload()} />
        ) : (
          <DataTable
            caption="Team members"
            hideCaption
            data={members.data?.items ?? []}
            columns={columns}
            getRowId={(member) => String(member.id)}
            loading={members.data === undefined}
            loadingRowCount={3}
            emptyState="No team members yet."
            stickyHeader={false}
          />
        )}
        {isAdmin ? (
          <>
            <InvitationsSection />
            <InviteForm key={invitations} onSent={() => setInvitations((n) => n + 1)} />
          </>
        ) : (
          <p className={styles.readOnly}>Only an Admin can invite members, change roles or deactivate someone.</p>
        )}
      </Card.Body>
      <ConfirmDialog
        open={target !== null}
        onCancel={() => setTarget(null)}
        title={<>Deactivate {target ? fullName(target) : 'this member'}?</>}
        description="They are signed out everywhere at once and can no longer sign in. Everything they recorded stays in the practice."
        confirmLabel="Deactivate"
        busy={deactivate.isMutating}
        onConfirm={() => void confirmDeactivate()}
      />
    </Card>
  );
}
