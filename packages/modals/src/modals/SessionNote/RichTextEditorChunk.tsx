import { RichTextEditor } from '@halcyon/design-system/editor';

/** The rich-text editor as its own chunk: tiptap loads only when a note modal opens. */
export default RichTextEditor;
