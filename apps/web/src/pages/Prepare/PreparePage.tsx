import { useApiClient, usePractice } from '@halcyon/api/swr';
import { Button } from '@halcyon/design-system';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { canOpen } from '../../app/access';
import { RedirectToLogin } from '../../app/guards';
import { PageLoading } from '../../app/PageLoading';
import { returnPathOf, type LoginLocationState } from '../../app/session';
import { TextLink } from '../../app/TextLink';
import { userStore, useUserState } from '../../app/userStore';
import form from '../../features/public/form.module.css';
import { PublicLayout } from '../../features/public/PublicLayout';

/** The setup steps a new practice sees once (CATALOG.md /Prepare-console). */
export const SETUP_STEPS = [
  { to: '/Settings/Practice', label: 'Add your practice details', hint: 'Address, contact, time zone and currency.' },
  { to: '/Settings/Services', label: 'Create your first service', hint: 'What you offer, how long and at what price.' },
  { to: '/Settings/Appointments', label: 'Set your availability', hint: 'When clients can book sessions with you.' },
  { to: '/Settings/Client-billing', label: 'Add an invoice account', hint: 'Where clients pay your invoices.' },
] as const;

const checklistKey = (practiceId: number) => `halcyon.setup-checklist.${practiceId}`;

function checklistDone(practiceId: number): boolean {
  try {
    return window.localStorage.getItem(checklistKey(practiceId)) === 'done';
  } catch {
    return true;
  }
}

/** /Prepare-console ("Prepare"): after sign-in, loads the user and the practice, then the checklist or the dashboard. */
export function PreparePage() {
  const client = useApiClient();
  const navigate = useNavigate();
  const hasToken = Boolean(client.tokens.get().access_token);
  const { status, user, failed } = useUserState();
  const practice = usePractice({ enabled: hasToken });
  const [skipped, setSkipped] = useState(false);
  const from = returnPathOf((useLocation().state as LoginLocationState | null)?.from);

  useEffect(() => {
    if (hasToken) void userStore.load(client, { force: true });
  }, [client, hasToken]);

  if (!hasToken)
    return <RedirectToLogin reason="No access token in local storage; /Prepare-console needs a session." />;
  if (failed) return <RedirectToLogin reason="The signed-in user could not be loaded." />;
  if (status !== 'loaded' || !user || practice.data === undefined) {
    if (practice.error) return <RedirectToLogin reason="The practice could not be loaded." />;
    return <PageLoading label="Preparing your console…" />;
  }

  const practiceId = practice.data?.id;
  // A deep link (or the page a session ended on) comes first, when this role may open it; otherwise the dashboard.
  const destination = from && canOpen(from.split(/[?#]/, 1)[0] ?? '', user.role) ? from : '/Dashboard';
  const showChecklist =
    destination === '/Dashboard' &&
    user.role === 'Admin' &&
    practiceId !== undefined &&
    !skipped &&
    !checklistDone(practiceId);
  if (!showChecklist) return <Navigate to={destination} replace />;

  const finish = () => {
    try {
      window.localStorage.setItem(checklistKey(practiceId), 'done');
    } catch {
      // Not stored: the checklist shows again next time, which is harmless.
    }
    setSkipped(true);
    void navigate('/Dashboard', { replace: true });
  };

  return (
    <PublicLayout
      title={`Welcome, ${user.firstName}`}
      description={`Four short steps get ${practice.data?.name ?? 'your practice'} ready. You can do them now or later from Settings.`}
    >
      <ol className={form.list}>
        {SETUP_STEPS.map((step) => (
          <li key={step.to}>
            <TextLink to={step.to}>{step.label}</TextLink>
            <p className={form.muted}>{step.hint}</p>
          </li>
        ))}
      </ol>
      <div className={form.actions}>
        <Button variant="ghost" onClick={finish}>
          Skip for now
        </Button>
        <Button onClick={finish}>Go to the dashboard</Button>
      </div>
    </PublicLayout>
  );
}
