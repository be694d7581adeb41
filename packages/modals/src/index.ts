export {
  MODAL_TYPES,
  isModalType,
  type ModalType,
  type ModalPropsMap,
  type ModalProps,
  type OpenArgs,
  type RecordId,
  type SavedRecord,
  type SuccessResult,
  type RecordModalProps,
  type ClientRecordModalProps,
  type DeleteItemModalProps,
  type DeleteItemAction,
  type DeleteRouteName,
  type FilterModalProps,
  type VideoCallModalProps,
  type SelectedAppointmentModalProps,
  type BlockTimeModalProps,
  type ProposedTimes,
} from './types';
export {
  UNEXPECTED_ERROR_MESSAGE,
  DELETE_FAILED_MESSAGE,
  DISCARD_CHANGES_TITLE,
  DISCARD_CHANGES_DESCRIPTION,
} from './messages';
export {
  DELETE_KINDS,
  DELETE_SUCCESS_MESSAGES,
  DELETE_KIND_NOUNS,
  deleteQuestion,
  type DeleteKind,
} from './deleteKinds';
export {
  clientFilterFields,
  countActiveFilters,
  emptyFilterValue,
  emptyFilterValues,
  initialFilterValues,
  isActiveFilterValue,
  isFilterChoice,
  type FilterChoice,
  type FilterField,
  type FilterFieldType,
  type FilterOption,
  type FilterValue,
  type FilterValues,
  type DateRangeValue,
} from './modals/Filter/filters';
export { registry, missingModalTypes, type ModalRegistry, type ModalComponent } from './registry';
export { ModalProvider, type ModalProviderProps } from './host/ModalProvider';
export { ModalHost, UnexpectedErrorModal, type ModalHostProps } from './host/ModalHost';
export { useModal, useModalInstance, type ModalApi, type ModalInstance, type OpenModal } from './host/context';
export { ModalShell, ModalFields, type ModalShellProps } from './ModalShell/ModalShell';
export { FormFill, type FormFillProps } from './templates/FormFill';
export {
  useContractForm,
  submitErrorMessage,
  isConflictError,
  type ContractFormSchema,
  type ContractFormRules,
  type ContractFieldBinding,
  type UseContractFormOptions,
  type UseContractFormReturn,
} from './form/useContractForm';
export {
  useModalForm,
  type UseModalFormOptions,
  type UseModalFormReturn,
  type ModalFormShellProps,
} from './form/useModalForm';
export { ConflictActions, type ConflictActionsProps, type ModalConflict } from './form/ConflictActions';
export {
  LoadError,
  QueryState,
  type LoadErrorProps,
  type QueryStateProps,
  type QueryResource,
} from './QueryState/QueryState';
export {
  CurrencySelect,
  TaxRateField,
  currencyChoices,
  type CurrencySelectProps,
  type TaxRateFieldProps,
} from './settings/billingFields';
