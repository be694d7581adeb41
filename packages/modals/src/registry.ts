import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { MODAL_TYPES, type ModalPropsMap, type ModalType } from './types';

/** The component that renders one modal type: it receives that type's props. */
export type ModalComponent<T extends ModalType> = ComponentType<ModalPropsMap[T]>;

/** Type -> lazily loaded component. Partial while domain issues add their modals. */
export type ModalRegistry = { readonly [T in ModalType]?: LazyExoticComponent<ModalComponent<T>> };

/**
 * Every modal built so far, loaded on first open. The last domain issue switches this to
 * `satisfies Record<ModalType, ...>` so no type can be missing; until then `missingModalTypes()` lists what remains.
 */
export const registry = {
  filter: lazy(() => import('./modals/Filter/FilterModal').then((m) => ({ default: m.FilterModal }))),
  'delete-item': lazy(() =>
    import('./modals/DeleteItem/DeleteItemModal').then((m) => ({ default: m.DeleteItemModal })),
  ),
  'client-onboarding': lazy(() =>
    import('./modals/ClientOnboarding/ClientOnboardingModal').then((m) => ({ default: m.ClientOnboardingModal })),
  ),
  'edit-client-info': lazy(() =>
    import('./modals/EditClientInfo/EditClientInfoModal').then((m) => ({ default: m.EditClientInfoModal })),
  ),
  'client-relationship': lazy(() =>
    import('./modals/ClientRelationship/ClientRelationshipModal').then((m) => ({ default: m.ClientRelationshipModal })),
  ),
  'activity-log': lazy(() =>
    import('./modals/ActivityLog/ActivityLogModal').then((m) => ({ default: m.ActivityLogModal })),
  ),
  'treatment-plan': lazy(() =>
    import('./modals/TreatmentPlan/TreatmentPlanModal').then((m) => ({ default: m.TreatmentPlanModal })),
  ),
  'treatment-plan-editor': lazy(() =>
    import('./modals/TreatmentPlanEditor/TreatmentPlanEditorModal').then((m) => ({
      default: m.TreatmentPlanEditorModal,
    })),
  ),
  'treatment-plan-review': lazy(() =>
    import('./modals/TreatmentPlanReview/TreatmentPlanReviewModal').then((m) => ({
      default: m.TreatmentPlanReviewModal,
    })),
  ),
  'treatment-plan-goal': lazy(() =>
    import('./modals/TreatmentPlanGoal/TreatmentPlanGoalModal').then((m) => ({ default: m.TreatmentPlanGoalModal })),
  ),
  'risk-item': lazy(() => import('./modals/RiskItem/RiskItemModal').then((m) => ({ default: m.RiskItemModal }))),
  'risk-assessment': lazy(() =>
    import('./modals/RiskAssessment/RiskAssessmentModal').then((m) => ({ default: m.RiskAssessmentModal })),
  ),
  'safety-plan': lazy(() =>
    import('./modals/SafetyPlan/SafetyPlanModal').then((m) => ({ default: m.SafetyPlanModal })),
  ),
  'initial-assessment': lazy(() =>
    import('./modals/InitialAssessment/InitialAssessmentModal').then((m) => ({ default: m.InitialAssessmentModal })),
  ),
  assessment: lazy(() => import('./modals/Assessment/AssessmentModal').then((m) => ({ default: m.AssessmentModal }))),
  'schedule-assessment': lazy(() =>
    import('./modals/ScheduleAssessment/ScheduleAssessmentModal').then((m) => ({
      default: m.ScheduleAssessmentModal,
    })),
  ),
  invoice: lazy(() => import('./modals/Invoice/InvoiceModal').then((m) => ({ default: m.InvoiceModal }))),
  'draft-invoice': lazy(() =>
    import('./modals/DraftInvoice/DraftInvoiceModal').then((m) => ({ default: m.DraftInvoiceModal })),
  ),
  payment: lazy(() => import('./modals/Payment/PaymentModal').then((m) => ({ default: m.PaymentModal }))),
  'advance-payment': lazy(() =>
    import('./modals/AdvancePayment/AdvancePaymentModal').then((m) => ({ default: m.AdvancePaymentModal })),
  ),
  'mark-invoice-as-paid': lazy(() =>
    import('./modals/MarkInvoiceAsPaid/MarkInvoiceAsPaidModal').then((m) => ({ default: m.MarkInvoiceAsPaidModal })),
  ),
  expense: lazy(() => import('./modals/Expense/ExpenseModal').then((m) => ({ default: m.ExpenseModal }))),
  'upload-document': lazy(() =>
    import('./modals/UploadDocument/UploadDocumentModal').then((m) => ({ default: m.UploadDocumentModal })),
  ),
  'upload-document-template': lazy(() =>
    import('./modals/UploadDocumentTemplate/UploadDocumentTemplateModal').then((m) => ({
      default: m.UploadDocumentTemplateModal,
    })),
  ),
  'request-e-signature': lazy(() =>
    import('./modals/RequestESignature/RequestESignatureModal').then((m) => ({ default: m.RequestESignatureModal })),
  ),
  'send-to-client': lazy(() =>
    import('./modals/SendToClient/SendToClientModal').then((m) => ({ default: m.SendToClientModal })),
  ),
  'cpd-activity': lazy(() =>
    import('./modals/CpdActivity/CpdActivityModal').then((m) => ({ default: m.CpdActivityModal })),
  ),
  'supervision-session': lazy(() =>
    import('./modals/SupervisionSession/SupervisionSessionModal').then((m) => ({
      default: m.SupervisionSessionModal,
    })),
  ),
  'set-user-license-compliance': lazy(() =>
    import('./modals/SetUserLicenseCompliance/SetUserLicenseComplianceModal').then((m) => ({
      default: m.SetUserLicenseComplianceModal,
    })),
  ),
  'video-call': lazy(() => import('./modals/VideoCall/VideoCallModal').then((m) => ({ default: m.VideoCallModal }))),
  'schedule-appointment': lazy(() =>
    import('./modals/ScheduleAppointment/ScheduleAppointmentModal').then((m) => ({
      default: m.ScheduleAppointmentModal,
    })),
  ),
  'selected-appointment': lazy(() =>
    import('./modals/SelectedAppointment/SelectedAppointmentModal').then((m) => ({
      default: m.SelectedAppointmentModal,
    })),
  ),
  'block-time': lazy(() => import('./modals/BlockTime/BlockTimeModal').then((m) => ({ default: m.BlockTimeModal }))),
  'mark-attendance-session': lazy(() =>
    import('./modals/MarkAttendanceSession/MarkAttendanceSessionModal').then((m) => ({
      default: m.MarkAttendanceSessionModal,
    })),
  ),
  'cancel-session': lazy(() =>
    import('./modals/CancelSession/CancelSessionModal').then((m) => ({ default: m.CancelSessionModal })),
  ),
  'select-session': lazy(() =>
    import('./modals/SelectSession/SelectSessionModal').then((m) => ({ default: m.SelectSessionModal })),
  ),
  'session-note': lazy(() =>
    import('./modals/SessionNote/SessionNoteModal').then((m) => ({ default: m.SessionNoteModal })),
  ),
  'private-session-note': lazy(() =>
    import('./modals/PrivateSessionNote/PrivateSessionNoteModal').then((m) => ({
      default: m.PrivateSessionNoteModal,
    })),
  ),
  'share-booking-link': lazy(() =>
    import('./modals/ShareBookingLink/ShareBookingLinkModal').then((m) => ({ default: m.ShareBookingLinkModal })),
  ),
  'accept-session-request': lazy(() =>
    import('./modals/AcceptSessionRequest/AcceptSessionRequestModal').then((m) => ({
      default: m.AcceptSessionRequestModal,
    })),
  ),
  'amend-session-request': lazy(() =>
    import('./modals/AmendSessionRequest/AmendSessionRequestModal').then((m) => ({
      default: m.AmendSessionRequestModal,
    })),
  ),
  'reject-session-request': lazy(() =>
    import('./modals/RejectSessionRequest/RejectSessionRequestModal').then((m) => ({
      default: m.RejectSessionRequestModal,
    })),
  ),
  'set-appointment-availability': lazy(() =>
    import('./modals/SetAppointmentAvailability/SetAppointmentAvailabilityModal').then((m) => ({
      default: m.SetAppointmentAvailabilityModal,
    })),
  ),
  'set-appointment-location': lazy(() =>
    import('./modals/SetAppointmentLocation/SetAppointmentLocationModal').then((m) => ({
      default: m.SetAppointmentLocationModal,
    })),
  ),
  'set-appointment-cancellation': lazy(() =>
    import('./modals/SetAppointmentCancellation/SetAppointmentCancellationModal').then((m) => ({
      default: m.SetAppointmentCancellationModal,
    })),
  ),
  task: lazy(() => import('./modals/Task/TaskModal').then((m) => ({ default: m.TaskModal }))),
  'set-service': lazy(() =>
    import('./modals/SetService/SetServiceModal').then((m) => ({ default: m.SetServiceModal })),
  ),
  'set-invoice-account': lazy(() =>
    import('./modals/SetInvoiceAccount/SetInvoiceAccountModal').then((m) => ({ default: m.SetInvoiceAccountModal })),
  ),
  'set-invoice-reminder': lazy(() =>
    import('./modals/SetInvoiceReminder/SetInvoiceReminderModal').then((m) => ({
      default: m.SetInvoiceReminderModal,
    })),
  ),
  'set-insurance-provider': lazy(() =>
    import('./modals/SetInsuranceProvider/SetInsuranceProviderModal').then((m) => ({
      default: m.SetInsuranceProviderModal,
    })),
  ),
  'set-form-template': lazy(() =>
    import('./modals/SetFormTemplate/SetFormTemplateModal').then((m) => ({ default: m.SetFormTemplateModal })),
  ),
  'view-form-template': lazy(() =>
    import('./modals/ViewFormTemplate/ViewFormTemplateModal').then((m) => ({ default: m.ViewFormTemplateModal })),
  ),
  'set-email-template': lazy(() =>
    import('./modals/SetEmailTemplate/SetEmailTemplateModal').then((m) => ({ default: m.SetEmailTemplateModal })),
  ),
} satisfies ModalRegistry;

/** The SPEC.md §2 types without a component yet, in SPEC.md order. */
export function missingModalTypes(table: ModalRegistry = registry): ModalType[] {
  return MODAL_TYPES.filter((type) => !table[type]);
}
