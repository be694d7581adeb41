import { createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClinicalProfileTab } from './ClinicalProfileTab';

vi.setConfig({ testTimeout: 20_000 });

function mockClient(): MockClient {
  return createMockClient({
    handlers: {
      clinicalProfile: () => [
        {
          id: 3,
          clientId: 7,
          sectionType: 'medication',
          content: 'Sertraline 50 mg daily',
          version: 2,
          updatedAt: '2026-01-01T10:00:00.000Z',
        },
      ],
      diagnoses: () => [
        {
          id: 9,
          clientId: 7,
          system: 'ICD-11',
          code: '6A70',
          description: 'Single episode depressive disorder',
          isPrimary: true,
          diagnosedOn: '2026-01-05',
          notes: null,
          version: 1,
          updatedAt: '2026-01-05T10:00:00.000Z',
        },
      ],
      saveClinicalProfileSection: ({ params, body }) => ({
        id: 4,
        clientId: 7,
        sectionType: params.type,
        content: body.content,
        version: 1,
        updatedAt: '2026-02-01T10:00:00.000Z',
      }),
      deleteDiagnosis: () => ({ detail: 'Diagnosis removed.' }),
      createDiagnosis: ({ body }) => ({
        id: 10,
        clientId: 7,
        system: body.system,
        code: body.code ?? null,
        description: body.description,
        isPrimary: body.isPrimary ?? false,
        diagnosedOn: body.diagnosedOn ?? null,
        notes: null,
        version: 1,
        updatedAt: '2026-02-01T10:00:00.000Z',
      }),
    },
  });
}

function renderTab(client: MockClient) {
  return render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={false}>
        <BannerProvider>
          <BannerRegion />
          <ModalProvider>
            <ClinicalProfileTab clientId={7} />
            <ModalHost />
          </ModalProvider>
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>,
  );
}

describe('ClinicalProfileTab', () => {
  it('given sections and a diagnosis, then each section shows by type and the primary diagnosis with its code', async () => {
    const { container } = renderTab(mockClient());
    expect(await screen.findByText('Sertraline 50 mg daily')).toBeInTheDocument();
    expect(screen.getAllByText('Nothing recorded yet.')).toHaveLength(5);
    expect(screen.getByText('Primary')).toBeInTheDocument();
    expect(screen.getByText(/Single episode depressive disorder/)).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given a new section, when written and saved, then it is created with no version', async () => {
    const client = mockClient();
    renderTab(client);
    await screen.findByText('Sertraline 50 mg daily');
    await userEvent.click(screen.getByRole('button', { name: 'Edit history' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'History' }), 'Previous CBT in 2019.');
    await userEvent.click(screen.getByRole('button', { name: 'Save history' }));
    expect(await screen.findByText('History updated.')).toBeInTheDocument();
    expect(client.mock.callsTo('saveClinicalProfileSection')[0]?.input).toMatchObject({
      params: { clientId: 7, type: 'history' },
      body: { content: 'Previous CBT in 2019.', version: null },
    });
  });

  it('given a new diagnosis without a description, then it asks for one; with one, it is created as primary', async () => {
    const client = mockClient();
    renderTab(client);
    await screen.findByText('Sertraline 50 mg daily');
    await userEvent.click(screen.getByRole('button', { name: 'Add diagnosis' }));
    const form = screen.getByRole('form', { name: 'Add diagnosis' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add diagnosis' }));
    expect(await within(form).findByText('Enter the diagnosis.')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /^Code/ }), '6B00');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Diagnosis/ }), 'Generalised anxiety disorder');
    await userEvent.click(within(form).getByRole('checkbox', { name: /Primary diagnosis/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add diagnosis' }));
    expect(await screen.findByText('Diagnosis created.')).toBeInTheDocument();
    expect(client.mock.callsTo('createDiagnosis')[0]?.input).toMatchObject({
      params: { clientId: 7 },
      body: { system: 'ICD-11', code: '6B00', description: 'Generalised anxiety disorder', isPrimary: true },
    });
  });

  it('given Remove on a diagnosis, then it asks first, naming it, and removes it only when confirmed', async () => {
    const client = mockClient();
    renderTab(client);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove diagnosis 6A70' }));
    const dialog = await screen.findByRole(
      'alertdialog',
      { name: 'Delete diagnosis “6A70 Single episode depressive disorder”?' },
      { timeout: 5000 },
    );
    expect(client.mock.callsTo('deleteDiagnosis')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Diagnosis removed.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteDiagnosis')[0]?.input).toEqual({ params: { id: 9 } });
  });
});
