import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, within } from 'storybook/test';
import { FileDrop, type FileDropProps } from './FileDrop';

const file = (name: string, size: number, type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });

/** Simulates an upload the page runs (components never upload): progress climbs to 100. */
function UploadingDemo(props: FileDropProps) {
  const [files] = useState(() => [file('assessment.pdf', 240_000), file('consent-form.pdf', 90_000)]);
  const [percent, setPercent] = useState(10);
  useEffect(() => {
    const timer = setInterval(() => setPercent((p) => (p >= 100 ? 100 : p + 15)), 400);
    return () => clearInterval(timer);
  }, []);
  return <FileDrop {...props} files={files} progress={{ 'assessment.pdf': percent, 'consent-form.pdf': 100 }} />;
}

const meta = {
  title: 'Design system/FileDrop/Features',
  component: FileDrop,
  args: { label: 'Documents', multiple: true, accept: ['application/pdf'], maxSize: 1024 * 1024 },
} satisfies Meta<typeof FileDrop>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Per-file progress from the `progress` prop; finished files say "Uploaded". */
export const Uploading: Story = {
  render: (args) => <UploadingDemo {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Uploading assessment.pdf' })).toBeInTheDocument();
    await expect(canvas.getByText(/Uploaded/)).toBeInTheDocument();
  },
};

/** Dropped files that break the rules are explained: what was wrong and what to choose instead. */
export const Rejections: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const zone = canvas.getByText('Drag and drop files here, or').parentElement as HTMLElement;
    const dropped = [file('notes.exe', 100, 'application/x-msdownload'), file('scan.pdf', 3 * 1024 * 1024)];
    // A real drop event carrying the files (Chromium and happy-dom differ in how a DataTransfer can be built).
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    const items = dropped.map((each) => ({ kind: 'file', type: each.type, getAsFile: () => each }));
    Object.defineProperty(drop, 'dataTransfer', {
      value: { files: dropped, items, types: ['Files'], dropEffect: 'none' },
    });
    zone.dispatchEvent(drop);
    await expect(await canvas.findByText('notes.exe is not a file type we accept. Choose PDF.')).toBeInTheDocument();
    await expect(canvas.getByText('scan.pdf is 3 MB. Choose a file of 1 MB or less.')).toBeInTheDocument();
  },
};
