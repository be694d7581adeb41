import {
  APPOINTMENT_POLICY_MESSAGES,
  BILLING_SETTINGS_MESSAGES,
  BOOKING_MESSAGES,
  CLIENT_MESSAGES,
  DIARY_MESSAGES,
  DOCUMENT_MESSAGES,
  EXPENSE_MESSAGES,
  INSURANCE_CLAIM_MESSAGES,
  LEARNING_MESSAGES,
  MEASURES_MESSAGES,
  RISK_MESSAGES,
  SESSION_MESSAGES,
  STORAGE_MESSAGES,
  TREATMENT_PLAN_MESSAGES,
} from '@halcyon/api/contract';

/**
 * The kinds of record the delete-item modal deletes: SPEC.md §8's 28, in its order, then a client's documents, insurance
 * claims, cloud storage's folders and files, a session's private note, and a plan's goals and reviews (SPEC.md lists no
 * message for them; theirs follows the same wording).
 */
export const DELETE_KINDS = [
  'appointment',
  'blocked-time',
  'session',
  'session-note',
  'treatment-plan',
  'assessment',
  'risk-assessment',
  'risk-item',
  'diagnosis',
  'client-contact',
  'safety-plan',
  'invoice',
  'draft-invoice',
  'credit-note',
  'payment',
  'advance-payment',
  'expense',
  'cpd-activity',
  'supervision-session',
  'task',
  'license-compliance',
  'service',
  'invoice-reminder',
  'invoice-account',
  'insurance-provider',
  'appointment-availability',
  'appointment-location',
  'cancellation-policy-rule',
  'template',
  'document',
  'insurance-claim',
  'folder',
  'file',
  'private-note',
  'treatment-plan-goal',
  'treatment-plan-review',
] as const;

export type DeleteKind = (typeof DELETE_KINDS)[number];

/**
 * SPEC.md §8 deletion successes, word for word (some have no full stop or no "was"; they are kept as written). A record
 * the
 * server already deletes takes its sentence from the contract's domain module (the server answers the same words); the
 * rest (billing, tasks, settings) are written here until their domain joins the contract.
 */
export const DELETE_SUCCESS_MESSAGES = {
  appointment: DIARY_MESSAGES.appointmentDeleted,
  'blocked-time': DIARY_MESSAGES.blockedTimeDeleted,
  session: SESSION_MESSAGES.sessionDeleted,
  'session-note': SESSION_MESSAGES.noteDeleted,
  'treatment-plan': TREATMENT_PLAN_MESSAGES.deleted,
  assessment: MEASURES_MESSAGES.deleted,
  'risk-assessment': RISK_MESSAGES.assessmentDeleted,
  'risk-item': RISK_MESSAGES.itemDeleted,
  diagnosis: MEASURES_MESSAGES.diagnosisDeleted,
  'client-contact': CLIENT_MESSAGES.contactDeleted,
  'safety-plan': RISK_MESSAGES.safetyPlanDeleted,
  invoice: 'Invoice was successfully deleted.',
  'draft-invoice': 'Draft invoice was successfully deleted.',
  'credit-note': 'Credit note was successfully deleted.',
  payment: 'Payment was successfully deleted.',
  'advance-payment': 'Advance payment was successfully deleted.',
  expense: EXPENSE_MESSAGES.deleted,
  'cpd-activity': LEARNING_MESSAGES.cpdDeleted,
  'supervision-session': LEARNING_MESSAGES.supervisionDeleted,
  task: 'Task was successfully deleted.',
  'license-compliance': LEARNING_MESSAGES.complianceDeleted,
  service: BILLING_SETTINGS_MESSAGES.serviceDeleted,
  'invoice-reminder': BILLING_SETTINGS_MESSAGES.reminderDeleted,
  'invoice-account': BILLING_SETTINGS_MESSAGES.accountDeleted,
  'insurance-provider': BILLING_SETTINGS_MESSAGES.providerDeleted,
  'appointment-availability': BOOKING_MESSAGES.availabilityDeleted,
  'appointment-location': APPOINTMENT_POLICY_MESSAGES.locationDeleted,
  'cancellation-policy-rule': APPOINTMENT_POLICY_MESSAGES.ruleDeleted,
  template: 'Template successfully deleted.',
  document: DOCUMENT_MESSAGES.deleted,
  'insurance-claim': INSURANCE_CLAIM_MESSAGES.deleted,
  folder: STORAGE_MESSAGES.folderDeleted,
  file: STORAGE_MESSAGES.fileDeleted,
  'private-note': SESSION_MESSAGES.privateNoteDeleted,
  'treatment-plan-goal': TREATMENT_PLAN_MESSAGES.goalDeleted,
  'treatment-plan-review': TREATMENT_PLAN_MESSAGES.reviewDeleted,
} as const satisfies Record<DeleteKind, string>;

/** How the confirmation names each kind ("Delete session note for Jane D.?"). */
export const DELETE_KIND_NOUNS = {
  appointment: 'appointment',
  'blocked-time': 'blocked time',
  session: 'session',
  'session-note': 'session note',
  'treatment-plan': 'treatment plan',
  assessment: 'assessment',
  'risk-assessment': 'risk assessment',
  'risk-item': 'risk item',
  diagnosis: 'diagnosis',
  'client-contact': 'client contact',
  'safety-plan': 'safety plan',
  invoice: 'invoice',
  'draft-invoice': 'draft invoice',
  'credit-note': 'credit note',
  payment: 'payment',
  'advance-payment': 'advance payment',
  expense: 'expense',
  'cpd-activity': 'CPD activity',
  'supervision-session': 'supervision session',
  task: 'task',
  'license-compliance': 'license / compliance record',
  service: 'service',
  'invoice-reminder': 'invoice reminder',
  'invoice-account': 'invoice account',
  'insurance-provider': 'insurance provider',
  'appointment-availability': 'appointment availability',
  'appointment-location': 'appointment location',
  'cancellation-policy-rule': 'cancellation policy rule',
  template: 'template',
  document: 'document',
  'insurance-claim': 'insurance claim',
  folder: 'folder',
  file: 'file',
  'private-note': 'private note',
  'treatment-plan-goal': 'goal',
  'treatment-plan-review': 'treatment plan review',
} as const satisfies Record<DeleteKind, string>;

/** What the confirmation warns of besides "This cannot be undone." (a folder takes what it holds with it). */
export const DELETE_KIND_WARNINGS: Partial<Record<DeleteKind, string>> = {
  folder: 'The folders and files inside it are deleted with it.',
  'session-note': 'Only a draft can be deleted: a signed note stays in the clinical record.',
};

/** The confirmation question: "Delete session note for Jane D.?", "Delete service “Initial consultation”?". */
export function deleteQuestion(kind: DeleteKind, name?: string, clientName?: string): string {
  const named = name ? ` “${name}”` : '';
  const owner = clientName ? ` for ${clientName}` : '';
  return `Delete ${DELETE_KIND_NOUNS[kind]}${named}${owner}?`;
}
