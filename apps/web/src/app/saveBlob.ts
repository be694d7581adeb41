import { isApiError } from '@halcyon/api/client';

/** SPEC.md §8 names the failure of a download only by its status; this is what the banner adds. */
const DOWNLOAD_FAILED_HINT = 'Check your connection and try again.';

/** The banner of a failed download: SPEC.md §8's "Failed to retrieve file. Status: {code}", then what to do. */
export function downloadFailedMessage(error: unknown): string {
  return isApiError(error) ? `${error.message}. ${DOWNLOAD_FAILED_HINT}` : DOWNLOAD_FAILED_HINT;
}

/** Saves a Blob under a file name through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
