import { TEMPLATE_MESSAGES } from '@halcyon/api/contract';
import { createMockClient, templateHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSettingsPage } from '../ProfileSecurity/testing';
import { TemplateLibraryPage } from './TemplateLibraryPage';

function renderPage(handlers = templateHandlers()) {
  const client = createMockClient({ handlers });
  return renderSettingsPage(<TemplateLibraryPage />, { path: '/Settings/Template-library', client });
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent?.trim());

describe('Settings/Template-library', { timeout: 30_000 }, () => {
  it('given the practice’s forms and the built-ins, then they are grouped by category, and by usage context on request', async () => {
    const { container } = renderPage();
    const intake = await screen.findByRole('list', { name: 'Intake form templates' });
    expect(names(intake)).toEqual(['Adult intake', 'Intake questionnaire Built-in, replaced']);
    await expect(container).toHaveNoAxeViolations();
    await userEvent.click(screen.getByRole('radio', { name: 'Usage context' }));
    const after = await screen.findByRole('list', { name: 'After a session form templates' });
    expect(names(after)).toEqual(['Couples feedback', 'Session feedback Built-in, replaced']);
  });

  it('given a built-in form, when Make your own is saved, then the practice’s copy is created', async () => {
    const { client } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Make your own from Consent to therapy' }));
    const dialog = await screen.findByRole('dialog', { name: 'New form template' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Consent to therapy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText(TEMPLATE_MESSAGES.formCreated)).toBeInTheDocument();
    expect(client.mock.callsTo('createFormTemplate')[0]?.input).toMatchObject({
      body: { name: 'Consent to therapy', usageContext: 'onboarding', templateCategory: 'consent' },
    });
  });

  it('given the e-mails tab, then each usage context shows its own or the built-in e-mail; a failed read offers Try again', async () => {
    renderPage({ ...templateHandlers(), listEmailTemplates: { error: { status: 500, message: 'Down.' } } });
    await userEvent.click(await screen.findByRole('tab', { name: 'E-mail templates' }));
    expect(await screen.findByText(/We could not load the e-mail templates/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('given the e-mails tab, then the practice’s reminder is its own and the others are built-in', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'E-mail templates' }));
    const list = await screen.findByRole('list', { name: 'E-mail templates' });
    expect(names(list)).toContain('Session reminder Your own');
    expect(within(list).getByRole('button', { name: 'Write your own invoice e-mail' })).toBeInTheDocument();
  });
});
