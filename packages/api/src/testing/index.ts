export {
  createMockClient,
  type CreateMockClientOptions,
  type MockClient,
  type MockControls,
  type MockCall,
  type MockContext,
  type MockHandler,
  type MockHandlers,
  type MockRouteConfig,
} from './createMockClient';
export { defaultFixtures, type MockFixtures } from './fixtures';
export { MockApiProvider, type MockApiProviderProps } from './MockApiProvider';
export { withMockApi } from './decorator';
