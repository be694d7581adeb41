import { CPD_CERTIFICATE, createMockClient, learningHandlers, type MockHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderSettingsPage } from '../Settings/ProfileSecurity/testing';
import { LearningPage } from './LearningPage';

function renderPage(handlers: MockHandlers = {}) {
  const client = createMockClient({ handlers: { ...learningHandlers(), ...handlers } });
  return renderSettingsPage(<LearningPage />, { path: '/Learning-development', client });
}

describe('/Learning-development', { timeout: 60_000 }, () => {
  it('given this year, then CPD hours show against the target, supervision lists, and the expiring record stands out', async () => {
    const { container } = renderPage();
    const progress = await screen.findByRole('progressbar', { name: /CPD hours in/ });
    expect(progress).toHaveAttribute('aria-valuetext', '9.5 hours of 30');
    expect(await screen.findByRole('list', { name: /Supervision sessions in/ })).toBeInTheDocument();
    const records = await screen.findByRole('list', { name: 'Licences and compliance records' });
    const expiring = within(records).getByText('Expiring soon').closest('li');
    expect(expiring).toHaveAttribute('data-state', 'expiring');
    expect(within(expiring!).getByText(/BACP membership-body accreditation/)).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given evidence and a licence document, then each downloads from its record for an audit', async () => {
    const created = vi.fn(() => 'blob:mock');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const { client } = renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: /^Download Evidence: trauma-course-certificate\.pdf \(.+\)$/ }),
    );
    expect(client.mock.callsTo('downloadFile')[0]?.input).toEqual({ params: { id: CPD_CERTIFICATE.id } });
    await userEvent.click(screen.getByRole('button', { name: /^Download Document: hcpc-registration\.pdf \(.+\)$/ }));
    expect(client.mock.callsTo('downloadFile')).toHaveLength(2);
    expect(created).toHaveBeenCalledTimes(2);
  });

  it('given a failed read, then the section says so with a way to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage({ listCpdActivities: { error: { status: 500, message: 'Down' } } });
    expect(await screen.findByText(/We could not load your CPD activities/)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
  });

  it('given a new yearly target, then it is checked, saved and the progress counts towards it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change target' }));
    const field = screen.getByRole('spinbutton', { name: /Yearly CPD target/ });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '600');
    await user.click(screen.getByRole('button', { name: 'Save target' }));
    expect(await screen.findByText('Enter at most 500 hours.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: 'Save target' }));
    expect(await screen.findByText('CPD target updated.')).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: /CPD hours in/ })).toHaveAttribute(
      'aria-valuetext',
      '9.5 hours of 40',
    );
    expect(screen.getByText('Yearly target: 40 hours.')).toBeInTheDocument();
  });
});
