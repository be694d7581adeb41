export { Toast, ToastProvider, ToastViewport, useToast } from './Toast';
export type {
  ToastAction,
  ToastApi,
  ToastInput,
  ToastProps,
  ToastProviderProps,
  ToastVariant,
  ToastViewportProps,
} from './Toast';
