// The design system's base stylesheet, opted into once as any app that imports the package does: tokens (the OS
// colour scheme unless data-theme is set), the page's font and colours, focus ring, reduced motion.
import '@halcyon/design-system/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
