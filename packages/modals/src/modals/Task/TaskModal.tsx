import {
  createTaskBodySchema,
  DATE_RANGES,
  dateLimits,
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  TASK_TEXT_MAX,
  type Task,
} from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute } from '@halcyon/api/swr';
import {
  Combobox,
  DatePicker,
  FieldRow,
  RadioGroup,
  Select,
  TextArea,
  TextField,
  type ComboboxOption,
} from '@halcyon/design-system';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { registerDate } from '../../form/fields';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { RecordLoadState } from '../../settings/RecordLoadState';
import type { TaskModalProps } from '../../types';

const PRIORITY_OPTIONS = TASK_PRIORITIES.map((value) => ({ value, label: TASK_PRIORITY_LABELS[value] }));
const STATUS_OPTIONS = TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }));
/** A select cannot hold an empty value: "nobody" is this one. */
const NOBODY = 'none';

function clientLabel(c: { firstName: string; lastName: string; preferredName?: string | null }) {
  return [c.preferredName || c.firstName, c.lastName].filter(Boolean).join(' ');
}

/** Every active member of the team, Assistants included (CATALOG.md: any team member), and "Nobody yet". */
function useAssigneeOptions(current: Task | null) {
  const members = useRoute('listMembers');
  const options = (members.data?.items ?? [])
    .filter((m) => m.status === 'active' || m.id === current?.assigneeId)
    .map((m) => ({
      value: String(m.id),
      label: `${m.firstName} ${m.lastName}${m.role === 'Assistant' ? ' (Assistant)' : ''}`,
    }));
  return [{ value: NOBODY, label: 'Nobody yet' }, ...options];
}

function TaskForm({
  existing,
  meId,
  defaults,
  onSaved,
  onReload,
}: Pick<TaskModalProps, 'defaults' | 'onSaved'> & {
  existing: Task | null;
  /** The signed-in member: a new task is theirs unless they choose someone else. */
  meId: number | null;
  onReload: () => Promise<void>;
}) {
  const client = useApiClient();
  const create = useMutation('createTask');
  const update = useMutation('updateTask');
  const editing = existing !== null;
  const assignees = useAssigneeOptions(existing);
  const [clientOption, setClientOption] = useState<ComboboxOption | null>(
    existing?.clientId
      ? { value: String(existing.clientId), label: existing.clientName ?? `Client ${existing.clientId}` }
      : null,
  );
  const { form, field, errorOf, shellProps } = useModalForm(createTaskBodySchema, {
    defaultValues: {
      title: existing?.title ?? defaults?.title ?? '',
      description: existing?.description ?? '',
      dueDate: existing?.dueDate ?? defaults?.dueDate ?? '',
      priority: existing?.priority ?? defaults?.priority ?? 'normal',
      status: existing?.status ?? defaults?.status ?? 'to do',
      assigneeId: existing ? existing.assigneeId : (defaults?.assigneeId ?? meId),
      clientId: existing?.clientId ?? defaults?.clientId ?? null,
    },
    submit: (body) =>
      editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body }),
    onSuccess: useRecordSaved(editing, { created: TASK_MESSAGES.created, updated: TASK_MESSAGES.updated }, onSaved),
  });

  return (
    <ModalShell
      title={editing ? 'Edit task' : 'Add task'}
      description="What needs doing, by when and by whom; link it to a client when it is about one."
      submitLabel={editing ? 'Save task' : 'Add task'}
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="task"
            route="deleteTask"
            name={existing.title}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
    >
      <ModalFields>
        <TextField label="Title" required autoComplete="off" maxLength={TASK_TEXT_MAX.title} {...field('title')} />
        <TextArea
          label="Description"
          hint="Optional"
          rows={3}
          maxLength={TASK_TEXT_MAX.description}
          {...field('description')}
        />
        <FieldRow>
          <DatePicker
            label="Due date"
            hint="Optional"
            {...dateLimits(DATE_RANGES.due)}
            error={errorOf('dueDate')}
            {...registerDate(form.register, 'dueDate')}
          />
          <Controller
            control={form.control}
            name="assigneeId"
            render={({ field: assignee }) => (
              <Select
                label="Assigned to"
                options={assignees}
                value={assignee.value == null ? NOBODY : String(assignee.value)}
                onValueChange={(value) => assignee.onChange(value === NOBODY ? null : Number(value))}
                onBlur={assignee.onBlur}
                error={errorOf('assigneeId')}
              />
            )}
          />
        </FieldRow>
        <Controller
          control={form.control}
          name="priority"
          render={({ field: priority }) => (
            <RadioGroup
              label="Priority"
              orientation="horizontal"
              options={PRIORITY_OPTIONS}
              value={priority.value}
              onValueChange={priority.onChange}
              onBlur={priority.onBlur}
              error={errorOf('priority')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="status"
          render={({ field: status }) => (
            <RadioGroup
              label="Status"
              orientation="horizontal"
              options={STATUS_OPTIONS}
              value={status.value}
              onValueChange={status.onChange}
              onBlur={status.onBlur}
              error={errorOf('status')}
            />
          )}
        />
        <Combobox
          label="Client"
          hint="Optional: the client this task is about"
          placeholder="Type a name…"
          value={clientOption}
          onValueChange={(option) => {
            setClientOption(option);
            form.setValue('clientId', option ? Number(option.value) : null, { shouldDirty: true });
          }}
          error={errorOf('clientId')}
          loadOptions={async (search) => {
            const page = await client.call('listClients', { query: { search, pageSize: 10 } });
            return (page?.items ?? []).map((c) => ({ value: String(c.id), label: clientLabel(c) }));
          }}
        />
      </ModalFields>
    </ModalShell>
  );
}

/**
 * task (CATALOG.md): a task of the practice with its title, description, due date (in DATE_RANGES.due), priority,
 * assignee (any active member, Assistants included), client (optional) and status. No `id` adds one, first in its
 * column; an `id` edits it (with the version it was opened at) and offers delete through delete-item, kind task.
 * Saved: "Task created." / "Task updated."; deleted: SPEC.md §8's "Task was successfully deleted.".
 */
export function TaskModal({ id, defaults, onSaved }: TaskModalProps) {
  const existing = useRoute('getTask', id ? { params: { id } } : null, { removeFromListsOn404: ['listTasks'] });
  const me = useRoute('userDetails');
  if (id && !existing.data) {
    return (
      <RecordLoadState
        title="Edit task"
        what="this task"
        error={existing.error}
        missing={existing.data === null}
        retry={existing.retry}
      />
    );
  }
  // A new task starts assigned to the signed-in member: wait for who that is (a failure leaves it unassigned).
  if (!id && me.data === undefined && me.error === undefined) {
    return <RecordLoadState title="Add task" what="the form" error={undefined} missing={false} retry={me.retry} />;
  }
  return (
    <TaskForm
      key={existing.data?.version ?? 'new'}
      existing={existing.data ?? null}
      meId={me.data?.id ?? null}
      defaults={defaults}
      onSaved={onSaved}
      onReload={async () => {
        await existing.reload();
      }}
    />
  );
}
