/**
 * The one harness of the modal stories: a modal type rendered OPEN at rest (no trigger to click) at an app root as the
 * web app builds it (ModalTestRoot: mock API, banners, the modal provider and its host), answering through the shared
 * mock client with the handlers of the state the story shows (data, an empty record, a 500, a 409, a slow save).
 */
import { ApiError, fetchFailedMessage } from '@halcyon/api/client';
import type { RouteName } from '@halcyon/api/contract';
import { createMockClient, type MockHandler, type MockHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useModal } from '../host/context';
import { ModalTestRoot } from '../test/renderWithModals';
import type { ModalProps, ModalType } from '../types';

/** The props every modal story's component takes: the modal's own props, the payload `open(type, props)` takes. */
export type ModalStoryComponent<T extends ModalType> = ComponentType<ModalProps<T>>;
export type ModalStoryObj<T extends ModalType> = StoryObj<Meta<ModalStoryComponent<T>>>;

/** How long a `Saving` story's save takes: the busy state stays on screen. */
export const SAVING_LATENCY_MS = 10 * 60_000;

interface ModalStoryProps<T extends ModalType> {
  type: T;
  props: ModalProps<T>;
  handlers?: MockHandlers;
  latency?: number;
}

/** Opens the modal once mounted; once it is closed, a button opens it again. */
function OpenOnMount<T extends ModalType>({ type, props }: { type: T; props: ModalProps<T> }) {
  const modal = useModal();
  const opened = useRef(false);
  const open = useCallback(
    () => (modal.open as (type: T, props: ModalProps<T>) => void)(type, props),
    [modal, type, props],
  );
  useEffect(() => {
    // Once per mount: the story remounts when its args change.
    if (opened.current) return;
    opened.current = true;
    open();
  }, [open]);
  if (modal.current) return null;
  return (
    <Button variant="secondary" onClick={open}>
      Open again
    </Button>
  );
}

/** One modal type, open, at an app root with a mock client built once per mount from the story's handlers. */
export function ModalStory<T extends ModalType>({ type, props, handlers, latency = 0 }: ModalStoryProps<T>) {
  const [client] = useState(() => createMockClient({ latency, handlers }));
  return (
    <ModalTestRoot client={client}>
      <OpenOnMount type={type} props={props} />
    </ModalTestRoot>
  );
}

/**
 * The render functions of one modal's stories: `render()` answers with the modal's fixtures, `render(overrides)` with
 * some routes answering otherwise (an error, an empty record, a slow save). The story's args are the modal's props.
 */
export function modalRender<T extends ModalType>(type: T, fixtures: () => MockHandlers = () => ({})) {
  return (overrides: MockHandlers = {}, options: { latency?: number } = {}) =>
    function render(args: ModalProps<T>) {
      return (
        <ModalStory
          // A new mount (fresh client, modal opened again) whenever the controls change the props.
          key={JSON.stringify(args)}
          type={type}
          props={args}
          handlers={{ ...fixtures(), ...overrides }}
          latency={options.latency}
        />
      );
    };
}

/**
 * The parameters of a modal's stories: the description of its docs page, and each story in its own frame there (a modal
 * is open at rest and covers the page it is rendered on, so the docs page must not render them inline).
 */
export function modalParameters(description: string) {
  return {
    layout: 'fullscreen',
    docs: { description: { component: description }, story: { inline: false, height: '640px' } },
  };
}

/** A route answering as a server fault does (500 without a detail): the client's SPEC.md §8 message for it. */
export function serverError<N extends RouteName>(): MockHandler<N> {
  return (_input, { path }) => {
    throw new ApiError(500, fetchFailedMessage(path, 500));
  };
}

/** A save refused because the record changed meanwhile (409), with the server's sentence. */
export function conflict<N extends RouteName>(message: string): MockHandler<N> {
  return { error: { status: 409, message } };
}

/** A route that answers as `handler` does, but only after `SAVING_LATENCY_MS` (the busy state stays). */
export function slow<N extends RouteName>(handler: MockHandler<N> | undefined): MockHandler<N> {
  return typeof handler === 'function' || handler === undefined
    ? { response: handler, latency: SAVING_LATENCY_MS }
    : { ...handler, latency: SAVING_LATENCY_MS };
}

/** The open modal (portalled to the body), once it has faded in; `name` is its title. */
export async function findModal(canvasElement: HTMLElement, name: string | RegExp, role = 'dialog') {
  const body = within(canvasElement.ownerDocument.body);
  const dialog = await body.findByRole(role, { name }, { timeout: 5000 });
  await waitFor(() => expect(dialog).toBeVisible());
  return { body, dialog: within(dialog), element: dialog };
}

/**
 * The play of a story at rest: the modal is open and has loaded what it shows (so the a11y check sees the dialog, not a
 * skeleton or an empty page).
 */
export async function modalIsOpen({ canvasElement }: { canvasElement: HTMLElement }) {
  const dialog = await waitFor(
    async () => {
      const open = canvasElement.ownerDocument.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]');
      await expect(open).toBeVisible();
      return open!;
    },
    { timeout: 5000 },
  );
  await waitFor(() => expect(within(dialog).queryAllByLabelText(/^Loading/)).toHaveLength(0), { timeout: 5000 });
}

/** Queries within the open modal. */
export type ModalQueries = Awaited<ReturnType<typeof findModal>>['dialog'];

/** Clicks the modal's button (once the data it needs has loaded, the button is there). */
export async function clickButton(dialog: ModalQueries, name: string | RegExp) {
  await userEvent.click(await dialog.findByRole('button', { name }, { timeout: 5000 }));
}

/** The dialog is busy saving: aria-busy, its primary action disabled. */
export async function expectBusy(element: HTMLElement) {
  await waitFor(() => expect(element).toHaveAttribute('aria-busy', 'true'));
}

/** The modal shows this message in its error area. */
export async function expectModalError(dialog: ModalQueries, message: string | RegExp) {
  await expect(await dialog.findByText(message, undefined, { timeout: 5000 })).toBeVisible();
}

/** The app's banner region (above the page, outside the modal) shows this message. */
export async function expectBanner(canvasElement: HTMLElement, message: string | RegExp) {
  await expect(await within(canvasElement).findByText(message, undefined, { timeout: 5000 })).toBeInTheDocument();
}
