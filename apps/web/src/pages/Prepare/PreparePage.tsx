import type { PracticeSetup } from '@halcyon/api/contract';
import { useApiClient, usePractice, useRoute } from '@halcyon/api/swr';
import { Button } from '@halcyon/design-system';
import { CircleCheck } from '../../app/icons';
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

/** The setup steps a new practice sees (CATALOG.md /Prepare-console), each with the part of the setup read that says it is done. */
export const SETUP_STEPS = [
  {
    to: '/Settings/Practice',
    done: 'details',
    label: 'Add your practice details',
    hint: 'Address, contact, time zone and currency.',
  },
  {
    to: '/Settings/Services',
    done: 'service',
    label: 'Create your first service',
    hint: 'What you offer, how long and at what price.',
  },
  {
    to: '/Settings/Appointments',
    done: 'availability',
    label: 'Set your availability',
    hint: 'When clients can book sessions with you.',
  },
  {
    to: '/Settings/Client-billing',
    done: 'invoiceAccount',
    label: 'Add an invoice account',
    hint: 'Where clients pay your invoices.',
  },
] as const satisfies readonly { to: string; done: keyof PracticeSetup; label: string; hint: string }[];

const checklistKey = (practiceId: number) => `halcyon.setup-checklist.${practiceId}`;

/** The Admin chose "Don't show this again" on this browser; "Skip for now" lets it come back at the next sign-in. */
function checklistHidden(practiceId: number): boolean {
  try {
    return window.localStorage.getItem(checklistKey(practiceId)) === 'done';
  } catch {
    return true;
  }
}

function rememberHidden(practiceId: number) {
  try {
    window.localStorage.setItem(checklistKey(practiceId), 'done');
  } catch {
    // Not stored: the checklist shows again next time, which is harmless.
  }
}

/** "2 of 4 steps done", or the plain invitation when none is. */
function progressOf(done: number, practiceName: string): string {
  const total = SETUP_STEPS.length;
  const later =
    'You can do them now or later from Settings; this list comes back when you sign in until they are done.';
  if (done === 0) return `Four short steps get ${practiceName} ready. ${later}`;
  return `${done} of ${total} steps done. The rest get ${practiceName} ready. ${later}`;
}

/** /Prepare-console ("Prepare"): after sign-in, loads the user and the practice, then the checklist or the dashboard. */
export function PreparePage() {
  const client = useApiClient();
  const navigate = useNavigate();
  const hasToken = Boolean(client.tokens.get().access_token);
  const { status, user, failed } = useUserState();
  const practice = usePractice({ enabled: hasToken });
  const isAdmin = status === 'loaded' && user?.role === 'Admin';
  // Only an Admin sees the checklist, so only an Admin reads which steps are done.
  const setup = useRoute('getPracticeSetup', undefined, { enabled: hasToken && isAdmin });
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
  const mayShowChecklist =
    destination === '/Dashboard' && user.role === 'Admin' && practiceId !== undefined && !skipped;
  if (!mayShowChecklist || checklistHidden(practiceId)) return <Navigate to={destination} replace />;
  // A failed read of the steps shows the checklist without ticks rather than keeping the Admin waiting.
  if (setup.data === undefined && !setup.error) return <PageLoading label="Preparing your console…" />;
  const steps = SETUP_STEPS.map((step) => ({ ...step, isDone: setup.data?.[step.done] === true }));
  const doneCount = steps.filter((step) => step.isDone).length;
  // Set up already (on another browser, or step by step): straight to the dashboard.
  if (doneCount === steps.length) return <Navigate to="/Dashboard" replace />;

  const finish = (hide: boolean) => {
    if (hide) rememberHidden(practiceId);
    setSkipped(true);
    void navigate('/Dashboard', { replace: true });
  };

  return (
    <PublicLayout
      title={`Welcome, ${user.firstName}`}
      description={progressOf(doneCount, practice.data?.name ?? 'your practice')}
    >
      <ol className={form.list}>
        {steps.map((step) => (
          <li key={step.to} className={form.step}>
            {step.isDone ? (
              <CircleCheck aria-hidden className={form.stepDone} size={20} />
            ) : (
              <span aria-hidden className={form.stepTodo} />
            )}
            <div>
              <TextLink to={step.to}>{step.label}</TextLink>
              <p className={form.muted}>{step.isDone ? `Done. ${step.hint}` : step.hint}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className={form.actions}>
        <Button variant="ghost" onClick={() => finish(true)}>
          Don&apos;t show this again
        </Button>
        <Button onClick={() => finish(false)}>Skip for now</Button>
      </div>
    </PublicLayout>
  );
}
