export { FileDrop } from './FileDrop';
export type { FileDropProps } from './FileDrop';
export { checkFiles, describeAccept, formatBytes, isAccepted } from './files';
export type { FileRejection } from './files';
