import type {
  ClientActivitySource,
  CreateComplianceItemBody,
  CreateCpdActivityBody,
  CreateFormTemplateBody,
  EmailUsageContext,
  FormUsageContext,
  CreateSupervisionSessionBody,
  ClientManualActivityKind,
  FeeKind,
  LocationKind,
  MeasureCode,
  MeetingEventKind,
  RecurrenceFrequency,
  RiskSeverity,
  RouteName,
  Routes,
  SendToClientBody,
  ServiceKind,
  SessionNoteTemplate,
  TaskPriority,
  TaskStatus,
} from '@halcyon/api/contract';
import type { DeleteKind } from './deleteKinds';
import type { FilterField, FilterValues } from './modals/Filter/filters';

/** The 53 modal types of SPEC.md §2, in the order SPEC.md lists them. */
export const MODAL_TYPES = [
  'filter',
  'delete-item',
  'schedule-appointment',
  'selected-appointment',
  'mark-attendance-session',
  'share-booking-link',
  'accept-session-request',
  'amend-session-request',
  'reject-session-request',
  'block-time',
  'video-call',
  'client-onboarding',
  'edit-client-info',
  'cancel-session',
  'select-session',
  'session-note',
  'private-session-note',
  'initial-assessment',
  'treatment-plan',
  'treatment-plan-editor',
  'treatment-plan-review',
  'treatment-plan-goal',
  'assessment',
  'schedule-assessment',
  'risk-item',
  'client-relationship',
  'risk-assessment',
  'safety-plan',
  'upload-document',
  'upload-document-template',
  'request-e-signature',
  'send-to-client',
  'activity-log',
  'invoice',
  'draft-invoice',
  'payment',
  'advance-payment',
  'mark-invoice-as-paid',
  'expense',
  'cpd-activity',
  'supervision-session',
  'task',
  'set-user-license-compliance',
  'set-service',
  'set-invoice-account',
  'set-invoice-reminder',
  'set-insurance-provider',
  'set-appointment-availability',
  'set-appointment-location',
  'set-appointment-cancellation',
  'set-form-template',
  'view-form-template',
  'set-email-template',
] as const;

export type ModalType = (typeof MODAL_TYPES)[number];

/** Is this string one of the SPEC.md §2 modal types? (Untyped callers may pass anything.) */
export function isModalType(value: unknown): value is ModalType {
  return typeof value === 'string' && (MODAL_TYPES as readonly string[]).includes(value);
}

/** A record id (SPEC.md §5: a finite whole number greater than 0). */
export type RecordId = number;

/**
 * The record a modal saved, as the caller's `onSaved` receives it. Domain issues narrow it to the contract's response
 * type of their route when they build the modal.
 */
export interface SavedRecord {
  id: RecordId;
  [field: string]: unknown;
}

/** What success handling may return: nothing, or a promise (the host awaits it and reports a failure). */
export type SuccessResult = void | Promise<void>;

/** Props of a modal that creates or edits one record: no id creates, an id edits; `onSaved` runs after the save. */
export interface RecordModalProps<Defaults = Record<string, unknown>> {
  /** The record to edit; absent to create a new one. */
  id?: RecordId;
  /** Values the form starts with when creating (e.g. the date clicked in the calendar). */
  defaults?: Partial<Defaults>;
  /** Runs after a successful save (refresh a list, navigate); a throw shows SPEC.md's unexpected error. */
  onSaved?: (record: SavedRecord) => SuccessResult;
}

/** A modal about one client's record. */
export interface ClientRecordModalProps<Defaults = Record<string, unknown>> extends RecordModalProps<Defaults> {
  clientId: RecordId;
}

/** The routes the delete-item modal may call: the contract's DELETE routes. */
export type DeleteRouteName = {
  [N in RouteName]: Routes[N]['method'] extends 'DELETE' ? N : never;
}[RouteName];

/** How delete-item deletes: a contract route called through `useApiClient()`, or a callback of the caller. */
export type DeleteItemAction =
  | { route: DeleteRouteName; params?: Readonly<Record<string, string | number>>; onDelete?: never }
  | { onDelete: () => Promise<unknown>; route?: never; params?: never };

export type DeleteItemModalProps = DeleteItemAction & {
  /** Which of the 28 SPEC.md §8 kinds of record is deleted; picks the success message. */
  kind: DeleteKind;
  /** The record's display name, e.g. "Initial consultation" or "INV-0042". */
  name?: string;
  /** Whose record it is, e.g. "Jane D." ("Delete session note for Jane D.?"). */
  clientName?: string;
  /** Runs after the record is deleted (remove it from a list, leave a details page). */
  onDeleted?: () => SuccessResult;
};

export interface FilterModalProps {
  /** The dialog title (default "Filter"). */
  title?: string;
  /** One sentence under the title (default "Show only the items that match."). */
  description?: string;
  /** The list's filter fields. */
  fields: readonly FilterField[];
  /** The filters applied now; the form starts from them. */
  values: FilterValues;
  /** Receives the chosen values when the user applies them. */
  onApply: (values: FilterValues) => SuccessResult;
}

type EventKind = 'session' | 'appointment' | 'blocked-time';
type Recurrence = { frequency: Exclude<RecurrenceFrequency, 'none'>; count?: number; until?: string };

/** Runs after a successful save with the saved record (refresh a list, navigate); a throw shows SPEC.md's unexpected error. */
type OnSaved = (record: SavedRecord) => SuccessResult;

/*
 * The props of each built modal, named so its docs page (Storybook's props table) documents them; `ModalPropsMap` lists
 * them by type.
 */

/** client-onboarding: a new client (or, with `id`, that client's onboarding details). */
export type ClientOnboardingModalProps = RecordModalProps<{
  firstName: string;
  lastName: string;
  email: string;
  therapistId: RecordId;
  serviceId: RecordId;
}>;

export interface EditClientInfoModalProps {
  /** The client whose record is edited. */
  clientId: RecordId;
  /** The part of the record it opens on (personal, contact, address, emergency, gp, background, insurance, reminders). */
  section?: string;
  /** Runs after a part is saved, with the saved record. */
  onSaved?: OnSaved;
}

export interface ScheduleAppointmentModalProps extends RecordModalProps<{
  kind: EventKind;
  clientId: RecordId;
  serviceName: string;
  therapistId: RecordId;
  date: string;
  start: string;
  durationMinutes: number;
  recurrence: Recurrence;
  notes: string;
}> {
  /** What is scheduled: a session with a client (default), an appointment, or blocked time. */
  kind?: EventKind;
  /**
   * The practice's time zone when the caller knows it (the diary's answer carries it): the Assistant cannot read the
   * practice settings. Default: the practice settings' zone, else the browser's.
   */
  timeZone?: string;
}

/** The times a move proposes (a drag in the calendar): ISO instants. */
export interface ProposedTimes {
  startsAt: string;
  endsAt: string;
}

export interface SelectedAppointmentModalProps {
  /** The diary event: `session-12`, `appointment-7` (the ids of `retrieve-events`). */
  eventId: string;
  /** Opens on the move step with these new times (a drag or a keyboard move in the calendar), to confirm and save. */
  move?: ProposedTimes;
  /** Runs after the event was moved, edited, cancelled, marked or deleted. */
  onChanged?: () => SuccessResult;
  /**
   * The practice's time zone when the caller knows it (the diary's answer carries it): the Assistant cannot read the
   * practice settings. Default: the practice settings' zone, else the browser's.
   */
  timeZone?: string;
}

export interface BlockTimeModalProps {
  /** Values the form starts with, e.g. the slot clicked in the calendar (`date` as YYYY-MM-DD, times as HH:mm). */
  defaults?: Partial<{
    title: string;
    date: string;
    start: string;
    end: string;
    allDay: boolean;
    recurrence: Recurrence;
    /** Whose calendar it goes in (default: the signed-in member). */
    therapistId: RecordId;
  }>;
  /** Runs after the blocked time is added, with the first blocked time saved. */
  onSaved?: OnSaved;
  /**
   * The practice's time zone when the caller knows it (the diary's answer carries it): the Assistant cannot read the
   * practice settings. Default: the practice settings' zone, else the browser's.
   */
  timeZone?: string;
}

/** task: a new task (with `defaults`, e.g. the column it was added from), or with `id` that task. */
export type TaskModalProps = RecordModalProps<{
  title: string;
  clientId: RecordId;
  assigneeId: RecordId;
  dueDate: string;
  priority: TaskPriority;
  status: TaskStatus;
}>;

/**
 * set-form-template: the form builder. Without `id` it adds a template (`defaults` start it, e.g. from a built-in
 * default to make the practice's own); with `id` it edits one and offers Delete.
 */
export type SetFormTemplateModalProps = RecordModalProps<CreateFormTemplateBody>;
/**
 * view-form-template: the form as the client sees it, fillable: one of the practice's (`formTemplateId`), or else the
 * built-in default of a usage context (`builtIn`).
 */
export interface ViewFormTemplateModalProps {
  formTemplateId?: RecordId;
  builtIn?: FormUsageContext;
}
/** set-email-template: the practice's own e-mail for a usage context (`defaults.usageContext`), or (with `id`) that one. */
export type SetEmailTemplateModalProps = RecordModalProps<{ usageContext: EmailUsageContext }>;

/** set-service: a new service of the practice (or, with `id`, that service); `defaults` pick its kind and price. */
export type SetServiceModalProps = RecordModalProps<{ kind: ServiceKind; priceMinor: number }>;

/**
 * invoice: a new invoice (`clientId` or `defaults.clientId` fixes its client; `defaults.sessionIds` puts only those
 * sessions, or their cancellation or no-show fees, on it at first). With `id`: a draft opens for editing; an issued invoice changes only by a credit note.
 */
export type InvoiceModalProps = RecordModalProps<{
  clientId: RecordId;
  clientName: string;
  sessionIds: RecordId[];
  invoiceAccountId: RecordId;
}> & { clientId?: RecordId };

/** set-invoice-account: a new invoice account (or, with `id`, that account). */
export type SetInvoiceAccountModalProps = RecordModalProps<{ name: string; currency: string; isDefault: boolean }>;

/** set-invoice-reminder: a new reminder rule (or, with `id`, that rule), `days` before or after the due date. */
export type SetInvoiceReminderModalProps = RecordModalProps<{ days: number; relativeTo: 'before-due' | 'after-due' }>;

/** set-insurance-provider: a new insurer of the practice (or, with `id`, that insurer). */
export type SetInsuranceProviderModalProps = RecordModalProps<{ name: string }>;

/** set-appointment-location: a new location of the practice (or, with `id`, that location). */
export type SetAppointmentLocationModalProps = RecordModalProps<{ name: string; kind: LocationKind }>;

/** set-appointment-cancellation: a new cancellation policy rule (or, with `id`, that rule). */
export type SetAppointmentCancellationModalProps = RecordModalProps<{
  triggerInHoursBeforeStart: number | null;
  feeKind: FeeKind;
}>;

export interface MarkAttendanceSessionModalProps {
  /** The session whose attendance is marked. */
  sessionId: RecordId;
  /** Runs after the attendance is saved, with the session. */
  onSaved?: OnSaved;
}

/** video-call: an event's meeting link (join, copy, set), or its therapist's personal room. */
export interface VideoCallModalProps {
  /** A client's session or an appointment of the diary. */
  kind: MeetingEventKind;
  /** The session's or the appointment's id. */
  eventId: RecordId;
  /** Runs after the event's link is saved, with the event. */
  onSaved?: OnSaved;
}

export interface CancelSessionModalProps {
  /** The session to cancel. */
  sessionId: RecordId;
  /** Runs after the session is cancelled, with the session. */
  onSaved?: OnSaved;
}

export interface SelectSessionModalProps {
  /** The client whose sessions are offered. */
  clientId: RecordId;
  /** What the chosen session is for, e.g. "note", "invoice", "document". */
  purpose?: string;
  /** Receives the chosen session's id; then the modal closes. */
  onSelect: (sessionId: RecordId) => SuccessResult;
}

/**
 * `id` opens that note; `sessionId` opens the session's note (or starts it); neither, or `generic`, a general clinical
 * note not tied to a session.
 */
export interface SessionNoteModalProps extends ClientRecordModalProps<{
  template: SessionNoteTemplate;
  title: string;
}> {
  /** The session whose note opens (or starts). */
  sessionId?: RecordId;
  /** A general clinical note, not tied to a session. */
  generic?: boolean;
}

export interface PrivateSessionNoteModalProps {
  /** The client the session belongs to. */
  clientId: RecordId;
  /** The session whose private note opens (or starts). */
  sessionId: RecordId;
  /** Runs after the private note is saved, with the note. */
  onSaved?: OnSaved;
}

export type InitialAssessmentModalProps = ClientRecordModalProps<{ presentingProblem: string }>;
export type TreatmentPlanModalProps = ClientRecordModalProps;

export interface TreatmentPlanEditorModalProps extends ClientRecordModalProps {
  /** The plan version the new version starts from. */
  treatmentPlanId: RecordId;
}

export interface TreatmentPlanReviewModalProps extends ClientRecordModalProps {
  /** The plan version reviewed. */
  treatmentPlanId: RecordId;
}

export interface TreatmentPlanGoalModalProps extends ClientRecordModalProps {
  /** The plan the goal belongs to. */
  treatmentPlanId: RecordId;
}

export interface AssessmentModalProps extends ClientRecordModalProps<{ measure: MeasureCode }> {
  /** The measure a new assessment starts with (default PHQ-9). */
  measure?: MeasureCode;
}

export interface ScheduleAssessmentModalProps extends ClientRecordModalProps<{
  measure: MeasureCode;
  startDate: string;
}> {
  /** The measure to send (default PHQ-9). */
  measure?: MeasureCode;
  /** `now` e-mails a link at once; `schedule` (default) sets a start date and a repeat. */
  mode?: 'now' | 'schedule';
  /** The client's e-mail address, shown as where the link goes. */
  clientEmail?: string | null;
}

export type RiskItemModalProps = ClientRecordModalProps<{
  date: string;
  category: string;
  severity: RiskSeverity;
  reviewDate: string;
}>;

export type ClientRelationshipModalProps = ClientRecordModalProps<{
  name: string;
  relationship: string;
  consentToContact: boolean;
}>;

export interface RiskAssessmentModalProps extends ClientRecordModalProps {
  /** A past version the new version starts from (default: the current one). */
  previousVersionId?: RecordId;
}

export interface SafetyPlanModalProps extends ClientRecordModalProps {
  /** A past version the new version starts from (default: the current one). */
  previousVersionId?: RecordId;
}

export interface UploadDocumentModalProps {
  /** A document of the client to edit (name, tags, sharing) instead of uploading new ones. */
  id?: RecordId;
  /** The client the documents are for (each chosen file becomes one of their documents). */
  clientId: RecordId;
  /** Reserved for Cloud-storage folders. */
  folderId?: RecordId;
  /** The tags and sharing each new document starts with. */
  defaults?: { tags?: string[]; sharedWithClient?: boolean };
  /** Runs once per document added. */
  onSaved?: OnSaved;
}

export type UploadDocumentTemplateModalProps = RecordModalProps<{ name: string; category: string }>;

export interface RequestESignatureModalProps {
  /** The document to be signed. */
  documentId: RecordId;
  /** The client the document belongs to. */
  clientId?: RecordId;
  /** Shown in the description ("Ask someone to sign “Consent form”."). */
  documentName?: string;
  /** The signer the form starts with, e.g. the client. */
  defaults?: { signerName?: string; signerEmail?: string };
  /** Runs after the request is sent. */
  onSaved?: OnSaved;
}

export interface SendToClientModalProps {
  /** The client the item is sent to. */
  clientId: RecordId;
  /** The item to send (a record by id, a measure by code); without one, the modal offers documents and measures. */
  item?: SendToClientBody['item'];
  /** The item's display name, e.g. "Consent form" or "INV-0042". */
  itemName?: string;
  /** Without an item: what the modal offers first (a document unless said). */
  offer?: 'document' | 'form' | 'measure';
  /** Runs after the item is sent. */
  onSent?: () => SuccessResult;
}

export interface ActivityLogModalProps extends ClientRecordModalProps<{
  kind: ClientManualActivityKind;
  date: string;
}> {
  /** Opens the modal as a read-only view of this entry. */
  readOnly?: boolean;
  /** Where the entry `id` comes from: a manual entry (default) or the audit log. */
  source?: ClientActivitySource;
}

export interface ShareBookingLinkModalProps {
  /** Send the link to this client (their e-mail address). */
  clientId?: RecordId;
  /** The address the form starts with. */
  email?: string;
  /** The link offered first: a member's (their id) rather than the practice's. */
  therapistId?: RecordId;
  /** Runs after the link is sent. */
  onShared?: () => SuccessResult;
}

/** The answers to a session request (accept, amend, reject) each open on one request. */
interface SessionRequestModalProps {
  /** The request answered. */
  requestId: RecordId;
  /** Runs after the answer is saved, with the request. */
  onSaved?: OnSaved;
}
export type AcceptSessionRequestModalProps = SessionRequestModalProps;
export type AmendSessionRequestModalProps = SessionRequestModalProps;
export type RejectSessionRequestModalProps = SessionRequestModalProps;

/** set-appointment-availability: a member's weekly hours (no id adds new hours; an id edits them). */
export type SetAppointmentAvailabilityModalProps = RecordModalProps<{
  therapistId: RecordId;
  days: { dayIndex: number; startTime: string; endTime: string }[];
  location: string;
}>;

/** Props of every SPEC.md §2 modal type, from CATALOG.md's Modals table. */
export interface ModalPropsMap {
  filter: FilterModalProps;
  'delete-item': DeleteItemModalProps;
  'schedule-appointment': ScheduleAppointmentModalProps;
  'selected-appointment': SelectedAppointmentModalProps;
  'mark-attendance-session': MarkAttendanceSessionModalProps;
  'share-booking-link': ShareBookingLinkModalProps;
  'accept-session-request': AcceptSessionRequestModalProps;
  'amend-session-request': AmendSessionRequestModalProps;
  'reject-session-request': RejectSessionRequestModalProps;
  'block-time': BlockTimeModalProps;
  'video-call': VideoCallModalProps;
  'client-onboarding': ClientOnboardingModalProps;
  'edit-client-info': EditClientInfoModalProps;
  'cancel-session': CancelSessionModalProps;
  'select-session': SelectSessionModalProps;
  'session-note': SessionNoteModalProps;
  'private-session-note': PrivateSessionNoteModalProps;
  'initial-assessment': InitialAssessmentModalProps;
  'treatment-plan': TreatmentPlanModalProps;
  'treatment-plan-editor': TreatmentPlanEditorModalProps;
  'treatment-plan-review': TreatmentPlanReviewModalProps;
  'treatment-plan-goal': TreatmentPlanGoalModalProps;
  assessment: AssessmentModalProps;
  'schedule-assessment': ScheduleAssessmentModalProps;
  'risk-item': RiskItemModalProps;
  'client-relationship': ClientRelationshipModalProps;
  'risk-assessment': RiskAssessmentModalProps;
  'safety-plan': SafetyPlanModalProps;
  'upload-document': UploadDocumentModalProps;
  'upload-document-template': UploadDocumentTemplateModalProps;
  'request-e-signature': RequestESignatureModalProps;
  'send-to-client': SendToClientModalProps;
  'activity-log': ActivityLogModalProps;
  invoice: InvoiceModalProps;
  'draft-invoice': { invoiceId: RecordId; onSaved?: (record: SavedRecord) => SuccessResult };
  payment: RecordModalProps<{
    clientId: RecordId;
    clientName: string;
    invoiceIds: RecordId[];
    amountMinor: number;
    currency: string;
  }>;
  'advance-payment': RecordModalProps<{
    clientId: RecordId;
    clientName: string;
    amountMinor: number;
    currency: string;
  }>;
  'mark-invoice-as-paid': { invoiceId: RecordId; onSaved?: (record: SavedRecord) => SuccessResult };
  expense: RecordModalProps<{
    date: string;
    category: string;
    supplier: string;
    amountMinor: number;
    currency: string;
  }>;
  'cpd-activity': RecordModalProps<Pick<CreateCpdActivityBody, 'title' | 'type' | 'provider' | 'date' | 'hours'>>;
  'supervision-session': RecordModalProps<
    Pick<CreateSupervisionSessionBody, 'date' | 'supervisor' | 'hours' | 'format'>
  >;
  task: TaskModalProps;
  'set-user-license-compliance': RecordModalProps<
    Pick<CreateComplianceItemBody, 'kind' | 'body' | 'number' | 'issueDate' | 'expiryDate'>
  >;
  'set-service': SetServiceModalProps;
  'set-invoice-account': SetInvoiceAccountModalProps;
  'set-invoice-reminder': SetInvoiceReminderModalProps;
  'set-insurance-provider': SetInsuranceProviderModalProps;
  'set-appointment-availability': SetAppointmentAvailabilityModalProps;
  'set-appointment-location': SetAppointmentLocationModalProps;
  'set-appointment-cancellation': SetAppointmentCancellationModalProps;
  'set-form-template': SetFormTemplateModalProps;
  'view-form-template': ViewFormTemplateModalProps;
  'set-email-template': SetEmailTemplateModalProps;
}

/** The props `open(type, props)` takes for one type. */
export type ModalProps<T extends ModalType> = ModalPropsMap[T];

/** `open(type)` may leave the props out when nothing in them is required. */
export type OpenArgs<T extends ModalType> = object extends ModalPropsMap[T]
  ? [props?: ModalPropsMap[T]]
  : [props: ModalPropsMap[T]];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails the type check when `ModalPropsMap` and `MODAL_TYPES` disagree. */
const _modalPropsCoverEveryType: Same<keyof ModalPropsMap, ModalType> = true;
