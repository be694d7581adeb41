import { userEvent } from 'storybook/test';
import {
  clickButton,
  expectBanner,
  expectBusy,
  expectModalError,
  findModal,
  type ModalQueries,
} from '../stories/modalStory';

type Play = (context: { canvasElement: HTMLElement }) => Promise<void>;

/**
 * The plays of an answer modal's stories (accept, amend, reject a session request): fill what the answer needs, send
 * it, then see the busy state, an error in the modal, or the success banner.
 */
export function answerPlays(
  title: string,
  submitLabel: string,
  fill: (dialog: ModalQueries) => Promise<void> = async () => {},
) {
  const send = async (canvasElement: HTMLElement) => {
    const found = await findModal(canvasElement, title);
    await fill(found.dialog);
    await clickButton(found.dialog, submitLabel);
    return found;
  };
  return {
    busy: (async ({ canvasElement }) => expectBusy((await send(canvasElement)).element)) satisfies Play,
    error:
      (message: string | RegExp): Play =>
      async ({ canvasElement }) =>
        expectModalError((await send(canvasElement)).dialog, message),
    banner:
      (message: string): Play =>
      async ({ canvasElement }) => {
        await send(canvasElement);
        await expectBanner(canvasElement, message);
      },
  };
}

/** Types the reason a decline needs. */
export async function typeReason(dialog: ModalQueries) {
  await userEvent.type(
    await dialog.findByRole('textbox', { name: /Reason/ }, { timeout: 5000 }),
    'Outside my specialism',
  );
}
