// Budget app: imports only Dialog and Switch (and the base stylesheet).
import { createRoot } from 'react-dom/client';
import '@halcyon/design-system/base.css';
import { Dialog, Switch } from '@halcyon/design-system';

createRoot(document.getElementById('root')).render(
  <Dialog.Root>
    <Dialog.Trigger>Settings</Dialog.Trigger>
    <Dialog.Content>
      <Dialog.Title>Settings</Dialog.Title>
      <Switch label="Reminders" />
    </Dialog.Content>
  </Dialog.Root>,
);
