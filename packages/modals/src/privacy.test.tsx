import { createMockClient, type MockHandlers, RISK_CLIENT_ID, RISK_ITEMS, riskHandlers } from '@halcyon/api/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Opener } from './sessions/sessionTesting';
import { renderWithModals } from './test/renderWithModals';
import type { ModalProps, ModalType } from './types';

/** Opens a modal with Privacy on and finds the field that holds `text` once it has loaded. */
async function openWithPrivacy<T extends ModalType>(
  type: T,
  props: ModalProps<T>,
  handlers: MockHandlers,
  field: { role: 'textbox'; name: RegExp | string },
) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener type={type} label="Open" props={props} />, { client, privacy: true });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = within(await screen.findByRole('dialog', {}, { timeout: 10_000 }));
  const input = await dialog.findByRole(field.role, { name: field.name }, { timeout: 15_000 });
  // Focus elsewhere (the dialog may have focused a field on opening): the data is then blurred until hovered or focused.
  act(() => dialog.getAllByRole('button', { name: /^(Close|Cancel)$/ })[0]!.focus());
  return { dialog, input };
}

function expectBlurred(element: HTMLElement) {
  const wrapper = element.closest('[data-privacy]');
  expect(wrapper, 'wrapped in Sensitive').not.toBeNull();
  expect(wrapper).toHaveAttribute('data-privacy', 'on');
  expect(wrapper).toHaveAttribute('data-state', 'hidden');
}

describe('Privacy on: client data in modals is blurred by the one Sensitive primitive', { timeout: 30_000 }, () => {
  it('given a risk assessment, then its risk factors are blurred', async () => {
    const { input } = await openWithPrivacy('risk-assessment', { clientId: RISK_CLIENT_ID }, riskHandlers(), {
      role: 'textbox',
      name: 'Risk factors in area 1',
    });
    expect(input).toHaveValue('Passive ideation after job loss');
    expectBlurred(input);
  });

  it('given a safety plan, then its warning signs are blurred', async () => {
    const { input } = await openWithPrivacy('safety-plan', { clientId: RISK_CLIENT_ID }, riskHandlers(), {
      role: 'textbox',
      name: 'Warning sign 1',
    });
    expect(input).toHaveValue('Not sleeping');
    expectBlurred(input);
  });

  it('given a risk log item, then its description is blurred', async () => {
    const { input } = await openWithPrivacy(
      'risk-item',
      { clientId: RISK_CLIENT_ID, id: RISK_ITEMS[0]!.id },
      riskHandlers(),
      { role: 'textbox', name: /Description|What happened/ },
    );
    expect(input).toHaveValue(RISK_ITEMS[0]!.description);
    expectBlurred(input);
  });
});
