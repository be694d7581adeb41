import { Button } from '@halcyon/design-system';
import { useModal } from '../host/context';
import type { ModalProps, ModalType } from '../types';

/** A button that opens one modal type with the given props (tests and stories of the session modals). */
export function Opener<T extends ModalType>({ type, props, label }: { type: T; props: ModalProps<T>; label: string }) {
  const modal = useModal();
  return <Button onClick={() => modal.open(type, props)}>{label}</Button>;
}
