import { forwardRef, useEffect, useRef } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Placeholder from '@tiptap/extension-placeholder';
import { Bold, Heading2, Heading3, Italic, List, ListOrdered, Redo2, Undo2 } from 'lucide-react';
import { Field } from '../Field/Field';
import { cx } from '../Field/cx';
import type { FieldControlProps, FieldOptions } from '../Field/useField';
import { Toolbar } from '../Toolbar';
import control from '../Field/control.module.css';
import styles from './RichTextEditor.module.css';

export interface RichTextEditorProps extends FieldOptions {
  /** The HTML shown (controlled). A new value that differs from the editor's replaces its content. */
  value?: string;
  /** The HTML the editor starts with (uncontrolled). */
  defaultValue?: string;
  /** Receives the HTML after every change. */
  onChange?: (html: string) => void;
  /** Runs when focus leaves the text. */
  onBlur?: () => void;
  /** Shown in an empty editor. */
  placeholder?: string;
  /** Shows the text without the toolbar; it cannot be changed. */
  readOnly?: boolean;
  /** Disables editing and the toolbar. */
  disabled?: boolean;
  /** Names the formatting toolbar (default "Text formatting"). */
  toolbarLabel?: string;
  className?: string;
}

interface Tool {
  label: string;
  icon: typeof Bold;
  isActive?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
  canRun?: (editor: Editor) => boolean;
}

const TOOLS: readonly Tool[] = [
  {
    label: 'Bold',
    icon: Bold,
    isActive: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: 'Italic',
    icon: Italic,
    isActive: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Heading',
    icon: Heading2,
    isActive: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'Subheading',
    icon: Heading3,
    isActive: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: 'Bulleted list',
    icon: List,
    isActive: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    icon: ListOrdered,
    isActive: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
];

const HISTORY: readonly Tool[] = [
  { label: 'Undo', icon: Undo2, run: (e) => e.chain().focus().undo().run(), canRun: (e) => e.can().undo() },
  { label: 'Redo', icon: Redo2, run: (e) => e.chain().focus().redo().run(), canRun: (e) => e.can().redo() },
];

/** The ARIA attributes of the editable area: a labelled, described, multi-line text box. */
function textboxAttributes(
  controlProps: FieldControlProps,
  labelId: string,
  readOnly: boolean,
  disabled: boolean,
): Record<string, string> {
  const attributes: Record<string, string> = {
    id: controlProps.id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: styles.content ?? '',
  };
  if (controlProps['aria-describedby']) attributes['aria-describedby'] = controlProps['aria-describedby'];
  if (controlProps['aria-invalid']) attributes['aria-invalid'] = 'true';
  if (controlProps['aria-errormessage']) attributes['aria-errormessage'] = controlProps['aria-errormessage'];
  if (controlProps['aria-required']) attributes['aria-required'] = 'true';
  if (readOnly) attributes['aria-readonly'] = 'true';
  if (disabled) attributes['aria-disabled'] = 'true';
  return attributes;
}

interface EditorBodyProps extends Omit<RichTextEditorProps, keyof FieldOptions | 'className'> {
  controlProps: FieldControlProps;
  labelId: string;
}

function EditorBody({
  controlProps,
  labelId,
  value,
  defaultValue,
  onChange,
  onBlur,
  placeholder,
  readOnly = false,
  disabled = false,
  toolbarLabel = 'Text formatting',
}: EditorBodyProps) {
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  useEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
  }, [onChange, onBlur]);
  const attributes = textboxAttributes(controlProps, labelId, readOnly, disabled);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false, code: false, codeBlock: false }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value ?? defaultValue ?? '',
    editable: !readOnly && !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => onChangeRef.current?.(e.getHTML()),
    onBlur: () => onBlurRef.current?.(),
  });

  // Field state (error, hint, required) and editability follow the props.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
    editor.setEditable(!readOnly && !disabled, false);
  }, [editor, attributesKey, readOnly, disabled]);

  // A controlled value that differs from the editor's content replaces it (without reporting a change).
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === undefined) return;
    if (value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: TOOLS.map((tool) => Boolean(e && tool.isActive?.(e))),
      enabled: HISTORY.map((tool) => Boolean(e && e.isEditable && tool.canRun?.(e))),
    }),
  });

  const toolsDisabled = disabled || !editor;
  return (
    <div
      className={cx(control.control, control.multiline, styles.frame)}
      data-invalid={controlProps['aria-invalid']}
      data-disabled={disabled || undefined}
      data-readonly={readOnly || undefined}
    >
      {!readOnly && (
        <Toolbar aria-label={toolbarLabel} aria-controls={controlProps.id} className={styles.toolbar}>
          {TOOLS.map((tool, index) => {
            const Icon = tool.icon;
            const on = state?.active[index] ?? false;
            return (
              <Toolbar.Button
                key={tool.label}
                aria-label={tool.label}
                title={tool.label}
                aria-pressed={on}
                data-state={on ? 'on' : 'off'}
                disabled={toolsDisabled}
                className={styles.tool}
                onClick={() => editor && tool.run(editor)}
              >
                <Icon aria-hidden="true" className={styles.icon} />
              </Toolbar.Button>
            );
          })}
          <Toolbar.Separator />
          {HISTORY.map((tool, index) => {
            const Icon = tool.icon;
            return (
              <Toolbar.Button
                key={tool.label}
                aria-label={tool.label}
                title={tool.label}
                disabled={toolsDisabled || !(state?.enabled[index] ?? false)}
                className={styles.tool}
                onClick={() => editor && tool.run(editor)}
              >
                <Icon aria-hidden="true" className={styles.icon} />
              </Toolbar.Button>
            );
          })}
        </Toolbar>
      )}
      <EditorContent editor={editor} className={styles.editor} />
    </div>
  );
}

/**
 * A rich-text editor (tiptap) for notes: bold, italic, headings, lists, undo and redo from an accessible toolbar (one Tab
 * stop, arrow keys inside; the usual keyboard shortcuts work too). Label, hint and error come from Field; the editable
 * area is a labelled multi-line text box. Value in and out is HTML. Heavy: load it lazily with the screen that uses it.
 */
export const RichTextEditor = forwardRef<HTMLDivElement, RichTextEditorProps>(function RichTextEditor(
  { label, hint, error, required, hideLabel, id, className, ...editorProps },
  ref,
) {
  return (
    <Field
      ref={ref}
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      id={id}
      labelElement="span"
      className={className}
    >
      {(controlProps, ids) => <EditorBody controlProps={controlProps} labelId={ids.label} {...editorProps} />}
    </Field>
  );
});
