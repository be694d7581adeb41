import { createMockClient } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { worksheets } from '../../features/help/content';
import { pickCountry, ResourcesPage, worksheetDownload } from './ResourcesPage';
import { renderHelpPage } from './renderHelpPage';

const PATH = '/Need-help/Resources-hub';

describe('Need help: resources hub', () => {
  it('given ?country=australia, then its crisis lines are callable tel: links and its professional bodies are listed', async () => {
    const { container } = await renderHelpPage(
      createMockClient(),
      { [PATH]: <ResourcesPage /> },
      `${PATH}?country=australia`,
    );
    const country = screen.getByRole('region', { name: 'Australia' });
    // The file's "## Crisis lines" sits under the country's own heading.
    expect(within(country).getByRole('heading', { level: 3, name: 'Crisis lines' })).toBeInTheDocument();
    expect(within(country).getByRole('link', { name: '13 11 14' })).toHaveAttribute('href', 'tel:131114');
    expect(within(country).getByText(/PACFA/)).toBeInTheDocument();
    expect(within(country).getByRole('link', { name: /pacfa\.org\.au/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveTextContent('Australia');
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the UK, then Samaritans 116 123 and BACP, UKCP and HCPC are there', async () => {
    await renderHelpPage(createMockClient(), { [PATH]: <ResourcesPage /> }, `${PATH}?country=uk`);
    const country = screen.getByRole('region', { name: 'United Kingdom' });
    expect(within(country).getByRole('link', { name: '116 123' })).toHaveAttribute('href', 'tel:116123');
    for (const body of ['BACP', 'UKCP', 'HCPC']) {
      expect(within(country).getByText(body, { selector: 'strong' })).toBeInTheDocument();
    }
  });

  it('given worksheets, then each is a download of its text file', async () => {
    await renderHelpPage(createMockClient(), { [PATH]: <ResourcesPage /> }, PATH);
    const link = screen.getByRole('link', { name: /Download thought record/ });
    expect(link).toHaveAttribute('download', 'thought-record.txt');
    const thoughtRecord = worksheets.find((w) => w.slug === 'thought-record')!;
    expect(decodeURIComponent(link.getAttribute('href')!.split(',')[1]!)).toBe(thoughtRecord.text);
    expect(worksheetDownload(thoughtRecord).href).toMatch(/^data:text\/plain;charset=utf-8,/);
    expect(screen.getByRole('link', { name: /Download safety plan/ })).toHaveAttribute('download', 'safety-plan.txt');
  });

  it('picks the country from the address, else the browser region, else the UK', () => {
    expect(pickCountry('Canada', ['en-GB'])?.name).toBe('Canada');
    expect(pickCountry(null, ['fr-CA'])?.name).toBe('Canada');
    expect(pickCountry(null, ['en-IE', 'en'])?.name).toBe('Ireland');
    expect(pickCountry('atlantis', ['de-DE'])?.name).toBe('United Kingdom');
    // The practice's own country comes before the browser's language.
    expect(pickCountry(null, ['en-US'], 'GB')?.name).toBe('United Kingdom');
    expect(pickCountry(null, ['en-GB'], 'IE')?.name).toBe('Ireland');
    expect(pickCountry(null, ['en-IE'], 'FR')?.name).toBe('Ireland');
  });
});
