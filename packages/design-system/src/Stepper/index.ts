export { Stepper, stepStates } from './Stepper';
export type { StepperProps, StepperStep, StepState } from './Stepper';
