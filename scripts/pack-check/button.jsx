// Budget app: imports only Button (and the base stylesheet, as every app does).
import { createRoot } from 'react-dom/client';
import '@halcyon/design-system/base.css';
import { Button } from '@halcyon/design-system';

createRoot(document.getElementById('root')).render(<Button>Save</Button>);
