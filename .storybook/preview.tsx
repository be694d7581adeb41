import type { Decorator, Preview } from '@storybook/react-vite';
import '../packages/design-system/src/tokens/tokens.css';

type Theme = 'light' | 'dark';

/**
 * Applies the toolbar's theme the way the app does: `data-theme` on <html>, so portalled content (menus, dialogs,
 * select lists) follows it too, and the page takes the theme's background and text colours.
 */
const withTheme: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  if (typeof document !== 'undefined') {
    const root = document.documentElement;
    if (theme === 'dark') root.setAttribute('data-theme', 'dark');
    else root.removeAttribute('data-theme');
    document.body.style.background = 'var(--hds-color-bg)';
    document.body.style.color = 'var(--hds-color-text)';
    document.body.style.fontFamily = 'var(--hds-font-sans)';
  }
  return <Story />;
};

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Every story is checked by axe; a violation fails the story test.
    a11y: { test: 'error' },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme of the components',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [withTheme],
  tags: ['autodocs'],
};
export default preview;
