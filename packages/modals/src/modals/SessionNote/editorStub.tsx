import type { RichTextEditorProps } from '@halcyon/design-system/editor';

/** Unit tests stand in a plain text box for tiptap (the stories run the real editor in Chromium). */
export default function EditorStub({ label, value, onChange, readOnly, error }: RichTextEditorProps) {
  return (
    <label>
      {label}
      <textarea
        value={value ?? ''}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange?.(event.target.value)}
      />
      {error && <span>{error}</span>}
    </label>
  );
}
