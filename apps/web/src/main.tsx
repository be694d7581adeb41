// The design system's base stylesheet, opted into once as any app that imports the package does: tokens (the OS
// colour scheme unless data-theme is set), the page's font and colours, focus ring, reduced motion.
import '@halcyon/design-system/base.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLoginEntryPath } from './app/entry';
import { SIGN_IN_TITLE, titled } from './app/title';

const element = document.getElementById('root');
if (!element) throw new Error('The #root element is missing from index.html');
const root = createRoot(element);
const show = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

/** The whole app: the router, the shell, the modals and every page. */
async function startApp(): Promise<void> {
  const { App } = await import('./App');
  show(<App />);
}

/** /Login, the first page of most visits, starts light (no router, no clinical schemas) and hands over when left. */
async function start(): Promise<void> {
  const { pathname, search, hash } = window.location;
  if (!isLoginEntryPath(pathname)) return startApp();
  if (pathname === '/') window.history.replaceState(window.history.state, '', `/Login${search}${hash}`);
  document.title = titled(SIGN_IN_TITLE);
  const { LoginEntry } = await import('./app/LoginEntry');
  show(<LoginEntry onLeave={() => void startApp().catch(failed)} />);
}

function failed(error: unknown): void {
  console.error('Halcyon could not start.', error);
}

start().catch(failed);
