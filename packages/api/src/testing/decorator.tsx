import type { ComponentType, ReactElement } from 'react';
import { MockApiProvider, type MockApiProviderProps } from './MockApiProvider';

/**
 * A Storybook decorator: `decorators: [withMockApi({ handlers })]` wraps the story in a `MockApiProvider` with a fresh
 * mock client and cache.
 */
export function withMockApi(options: Omit<MockApiProviderProps, 'children'> = {}) {
  return function MockApiDecorator(Story: ComponentType): ReactElement {
    return (
      <MockApiProvider {...options}>
        <Story />
      </MockApiProvider>
    );
  };
}
