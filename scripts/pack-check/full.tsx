// The full scratch app of pack-check: the three packages as another product uses them. pack-check type-checks it against
// the tarballs' declarations (strict, libraries checked too), then opens it in Chromium: a Button, a design-system Dialog,
// and the ModalHost showing three modals one after another.
import { createRoot } from 'react-dom/client';
import '@halcyon/design-system/base.css';
import { BannerProvider, BannerRegion, Button, Dialog } from '@halcyon/design-system';
import { routes } from '@halcyon/api/contract';
import { MockApiProvider } from '@halcyon/api/testing';
import { clientFilterFields, ModalHost, ModalProvider, useModal } from '@halcyon/modals';

function Openers() {
  const modal = useModal();
  return (
    <>
      <Button onClick={() => modal.open('client-onboarding', {})}>New client</Button>
      <Button onClick={() => modal.open('filter', { fields: clientFilterFields(), values: {}, onApply: () => {} })}>
        Filter clients
      </Button>
      <Button
        onClick={() =>
          modal.open('delete-item', {
            kind: 'session-note',
            clientName: 'Jane D.',
            route: 'deleteSessionNote',
            params: { id: 1 },
          })
        }
      >
        Delete note
      </Button>
    </>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <MockApiProvider>
      <BannerProvider>
        <BannerRegion />
        <ModalProvider>
          <main>
            <h1>Pack check</h1>
            <p>{Object.keys(routes).length} routes in the contract.</p>
            <Dialog.Root>
              <Dialog.Trigger asChild>
                <Button>Open dialog</Button>
              </Dialog.Trigger>
              <Dialog.Content>
                <Dialog.Title>Supervision session</Dialog.Title>
                <Dialog.Description>Rendered from the packed design system.</Dialog.Description>
                <Dialog.Footer>
                  <Dialog.Close asChild>
                    <Button variant="secondary">Close</Button>
                  </Dialog.Close>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Root>
            <Openers />
          </main>
          <ModalHost />
        </ModalProvider>
      </BannerProvider>
    </MockApiProvider>,
  );
