/**
 * The published entry points: the components, and the heavy parts in their own entries so an app that never shows a
 * rich-text editor or a chart never downloads TipTap/ProseMirror or the chart code. Keep in step with `exports`.
 */
export const entries = {
  index: 'src/index.ts',
  'RichTextEditor/index': 'src/RichTextEditor/index.ts',
  'Chart/index': 'src/Chart/index.ts',
};
