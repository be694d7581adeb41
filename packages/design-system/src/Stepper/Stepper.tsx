import { forwardRef, type HTMLAttributes } from 'react';
import { Check } from 'lucide-react';
import { cx } from '../Field/cx';
import { VisuallyHidden } from '../VisuallyHidden';
import styles from './Stepper.module.css';

export type StepState = 'complete' | 'current' | 'upcoming';

export interface StepperStep {
  id: string;
  label: string;
  description?: string;
  /** Overrides the state derived from `current` (e.g. a later step already complete). */
  state?: StepState;
}

export interface StepperProps extends Omit<HTMLAttributes<HTMLElement>, 'onSelect'> {
  steps: readonly StepperStep[];
  /** The id of the current step; steps before it are complete, steps after it upcoming. */
  current: string;
  /** Makes complete steps buttons that go back to them. */
  onStepSelect?: (id: string) => void;
  orientation?: 'horizontal' | 'vertical';
  /** Names the navigation landmark, e.g. "Onboarding progress". */
  'aria-label'?: string;
}

/** Which state each step is in, given the current step's id. */
export function stepStates(steps: readonly StepperStep[], current: string): StepState[] {
  const currentIndex = steps.findIndex((step) => step.id === current);
  return steps.map(
    (step, index) =>
      step.state ?? (index < currentIndex ? 'complete' : index === currentIndex ? 'current' : 'upcoming'),
  );
}

const stateText: Record<StepState, string> = {
  complete: 'completed',
  current: 'current step',
  upcoming: 'not started',
};

/** Progress through a multi-step task (an ordered list; the current step has aria-current="step"). */
export const Stepper = forwardRef<HTMLElement, StepperProps>(function Stepper(
  {
    steps,
    current,
    onStepSelect,
    orientation = 'horizontal',
    className,
    'aria-label': ariaLabel = 'Progress',
    ...rest
  },
  ref,
) {
  const states = stepStates(steps, current);
  return (
    <nav
      ref={ref}
      aria-label={ariaLabel}
      className={cx(styles.root, className)}
      data-orientation={orientation}
      {...rest}
    >
      <ol className={styles.list}>
        {steps.map((step, index) => {
          const state = states[index] ?? 'upcoming';
          const content = (
            <>
              <span className={styles.marker} aria-hidden="true">
                {state === 'complete' ? <Check /> : index + 1}
              </span>
              <span className={styles.text}>
                <span className={styles.label}>
                  {step.label}
                  <VisuallyHidden>{`, step ${index + 1} of ${steps.length}, ${stateText[state]}`}</VisuallyHidden>
                </span>
                {step.description && <span className={styles.description}>{step.description}</span>}
              </span>
            </>
          );
          return (
            <li
              key={step.id}
              className={styles.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {onStepSelect && state === 'complete' ? (
                <button type="button" className={styles.button} onClick={() => onStepSelect(step.id)}>
                  {content}
                </button>
              ) : (
                <span className={styles.button}>{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
});
