import type { Decorator, Preview } from '@storybook/react-vite';
// The base stylesheet, opted into once as any app does: tokens, the page's font and colours, focus ring, reduced motion.
import '../packages/design-system/src/base/base.css';

type Theme = 'light' | 'dark';

/**
 * Applies the toolbar's theme the way an app does: `data-theme` on <html>, so portalled content (menus, dialogs,
 * select lists) follows it too. Set both ways: without it the base stylesheet follows the OS preference.
 */
const withTheme: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  if (typeof document !== 'undefined') document.documentElement.setAttribute('data-theme', theme);
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
