import { createMockClient, type MockHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { useState } from 'react';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import type { ModalProps, ModalType } from '../../types';
import { sessionHandlers } from './sessionFixtures';

/** A button that opens one modal type with the given props (tests and stories of the session modals). */
export function Opener<T extends ModalType>({ type, props, label }: { type: T; props: ModalProps<T>; label: string }) {
  const modal = useModal();
  return <Button onClick={() => modal.open(type, props)}>{label}</Button>;
}

/** A story's app root: the mock client answering the session routes, and the opener. */
export function SessionModalDemo<T extends ModalType>({
  type,
  props,
  label,
  latency = 0,
  handlers,
}: {
  type: T;
  props: ModalProps<T>;
  label: string;
  latency?: number;
  handlers?: MockHandlers;
}) {
  const [client] = useState(() => createMockClient({ latency, handlers: { ...sessionHandlers(), ...handlers } }));
  return (
    <ModalTestRoot client={client}>
      <Opener type={type} props={props} label={label} />
    </ModalTestRoot>
  );
}
