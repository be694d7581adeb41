import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FileDrop } from './FileDrop';
import { checkFiles, describeAccept, formatBytes } from './files';

const pdf = (name = 'referral.pdf', size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const exe = () => new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });

/** What a browser sends when files are dragged over the zone (`dragEnter`) or dropped on it (`drop`). */
function drag(kind: 'dragEnter' | 'drop', target: Element, files: File[]) {
  const items = files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file }));
  fireEvent[kind](target, { dataTransfer: { files, items, types: ['Files'], dropEffect: 'none' } });
}

describe('file checks', () => {
  it('given sizes and accept lists, then they read as people say them', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(describeAccept(['application/pdf', '.docx', 'image/*'])).toBe('PDF, DOCX or images');
  });

  it('given a wrong type and a large file, then each rejection says what to choose instead', () => {
    const { accepted, rejected } = checkFiles([pdf(), exe(), pdf('scan.pdf', 3 * 1024 * 1024)], {
      accept: ['application/pdf'],
      maxSize: 1024 * 1024,
    });
    expect(accepted.map((f) => f.name)).toEqual(['referral.pdf']);
    expect(rejected.map((r) => r.message)).toEqual([
      'setup.exe is not a file type we accept. Choose PDF.',
      'scan.pdf is 3 MB. Choose a file of 1 MB or less.',
    ]);
  });
});

describe('FileDrop', () => {
  it('given the keyboard, when the browse button is used, then the chosen file is listed and reported', async () => {
    const onFilesChange = vi.fn();
    const ref = createRef<HTMLInputElement>();
    render(<FileDrop ref={ref} label="Referral letter" accept={['.pdf']} onFilesChange={onFilesChange} />);
    const button = screen.getByRole('button', { name: 'Referral letter Choose a file' });
    expect(button).toHaveAccessibleDescription('PDF');
    const click = vi.spyOn(ref.current as HTMLInputElement, 'click');
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    await userEvent.upload(ref.current as HTMLInputElement, pdf());
    expect(onFilesChange).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'referral.pdf' })]);
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('referral.pdf');
  });

  it('given files dropped, then accepted ones are listed and rejected ones explained politely', async () => {
    const onReject = vi.fn();
    render(
      <FileDrop label="Documents" multiple accept={['application/pdf']} maxSize={1024 * 1024} onReject={onReject} />,
    );
    const zone = screen.getByText('Drag and drop files here, or').parentElement as HTMLElement;
    drag('dragEnter', zone, [pdf(), exe()]);
    await waitFor(() => expect(zone).toHaveAttribute('data-state', 'dragging'));
    drag('drop', zone, [pdf(), exe()]);
    expect(await screen.findByText('referral.pdf')).toBeInTheDocument();
    expect(zone).toHaveAttribute('data-state', 'idle');
    const message = screen.getByText('setup.exe is not a file type we accept. Choose PDF.');
    expect(message.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(onReject).toHaveBeenCalledWith([expect.objectContaining({ reason: 'type' })]);
  });

  it('given progress, then each file shows its own progress bar and a finished upload says so', () => {
    const files = [pdf('a.pdf'), pdf('b.pdf')];
    render(<FileDrop label="Documents" multiple files={files} progress={{ 'a.pdf': 40, 'b.pdf': 100 }} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading a.pdf' });
    expect(bar).toHaveAttribute('value', '40');
    expect(screen.getByText(/40%/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Uploading b.pdf' })).not.toBeInTheDocument();
    expect(screen.getByText(/Uploaded/)).toBeInTheDocument();
  });

  it('given a listed file, when its remove button is pressed, then it is removed', async () => {
    const onFilesChange = vi.fn();
    render(<FileDrop label="Documents" defaultFiles={[pdf()]} onFilesChange={onFilesChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove referral.pdf' }));
    expect(onFilesChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByText('referral.pdf')).not.toBeInTheDocument();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <FileDrop
        label="Documents"
        hint="Letters and reports."
        accept={['.pdf']}
        maxSize={10 * 1024 * 1024}
        multiple
        files={[pdf()]}
        progress={{ 'referral.pdf': 30 }}
        error="Upload at least one document."
      />,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
