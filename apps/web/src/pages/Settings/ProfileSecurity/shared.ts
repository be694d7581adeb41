import { FILE_MESSAGES } from '@halcyon/api/contract';
import { isApiError } from '@halcyon/api/client';
import { useUserDetails } from '@halcyon/api/swr';
import { useBanners } from '@halcyon/design-system';
import { useCallback } from 'react';

/** A failed call in words: the client's message, plus the server's sentence when the message is a fixed one (uploads). */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    return error.detail && error.detail !== error.message ? `${error.message}. ${error.detail}` : error.message;
  }
  return 'Something went wrong. Please try again.';
}

/**
 * Runs a save and tells the person how it went with a banner: the success sentence, or the error's. The error is thrown
 * on, so a form (useForm's `run`) can put the server's field messages beside their fields and keep what was typed.
 */
export function useSaveWithBanners() {
  const { notify } = useBanners();
  return useCallback(
    async <T>(action: () => Promise<T>, success: string | ((result: T) => string)): Promise<T> => {
      try {
        const result = await action();
        notify({ variant: 'success', message: typeof success === 'function' ? success(result) : success });
        return result;
      } catch (error) {
        notify({ variant: 'error', message: errorText(error) });
        throw error;
      }
    },
    [notify],
  );
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 0 bytes, 512 KB, 1.5 MB, 20 GB (1024-based, like the operating system shows). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  const power = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** power;
  const shown = power === 0 ? String(bytes) : value.toFixed(value < 10 ? 1 : 0).replace(/\.0$/, '');
  return `${shown} ${UNITS[power]}`;
}

/**
 * Is the signed-in member an Admin (the only role that changes the practice, SPEC.md §6)? `loaded` is false until the
 * answer is known, so a page does not tell an Admin "Only an Admin can…" while the role is still on its way (a read
 * that fails counts as known: not an Admin).
 */
export function useIsAdmin(): { isAdmin: boolean; loaded: boolean } {
  const user = useUserDetails();
  return { isAdmin: user.data?.role === 'Admin', loaded: user.data !== undefined || user.error !== undefined };
}

/** Checks a chosen image before it is sent: the types and size the server accepts. */
export function imageProblem(file: File, types: readonly string[], maxBytes: number, what: string): string | null {
  if (!types.includes(file.type)) return `Use a PNG, JPEG or WebP image for ${what}.`;
  if (file.size > maxBytes) return `The image is larger than ${formatBytes(maxBytes)}. Choose a smaller one.`;
  if (file.size === 0) return FILE_MESSAGES.empty;
  return null;
}
