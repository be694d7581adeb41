// The baseline the budgets are measured against: React and nothing of ours.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(<button type="button">Save</button>);
