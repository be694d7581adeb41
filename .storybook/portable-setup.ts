import * as a11yAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import * as projectAnnotations from './preview';

// Applies the project's decorators, parameters and the a11y checks to every story test.
setProjectAnnotations([a11yAnnotations, projectAnnotations]);
