import { useRoute } from '@halcyon/api/swr';
import { useMemo } from 'react';

const FILE_PATH = /^\/api\/files\/([0-9a-f-]{36})$/i;

/** The stored file a download path names (`/api/files/{id}`, as the practice's `logoUrl` holds it), or null. */
export function storedFileIdOf(path: string | null | undefined): string | null {
  return path ? (FILE_PATH.exec(path)?.[1] ?? null) : null;
}

/**
 * A stored image (profile photo, practice logo) to show in an `<img>`: downloaded with the bearer token, which an `<img>`
 * cannot send, and given an object URL. The URLs are small and few, so they live as long as the page.
 */
export function useStoredImage(fileId: string | null | undefined): string | undefined {
  const file = useRoute('downloadFile', fileId ? { params: { id: fileId } } : null);
  const blob = file.data;
  return useMemo(() => (blob instanceof Blob && blob.size > 0 ? URL.createObjectURL(blob) : undefined), [blob]);
}
