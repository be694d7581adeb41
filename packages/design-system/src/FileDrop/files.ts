/** File checks for FileDrop: accept lists, sizes, and messages that say what to do. */

export interface FileRejection {
  file: File;
  reason: 'type' | 'size';
  message: string;
}

/** 10485760 -> "10 MB", 2048 -> "2 KB", 512 -> "512 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 || Number.isInteger(value) ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** ['application/pdf', '.docx', 'image/*'] -> "PDF, DOCX or images". */
export function describeAccept(accept: readonly string[]): string {
  const names = accept.map((entry) => {
    const lower = entry.toLowerCase();
    if (lower.startsWith('.')) return lower.slice(1).toUpperCase();
    const [type, subtype = ''] = lower.split('/');
    if (subtype === '*') return `${type} files`.replace('image files', 'images');
    const known: Record<string, string> = {
      'application/pdf': 'PDF',
      'application/msword': 'DOC',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
      'text/plain': 'TXT',
      'text/csv': 'CSV',
      'image/jpeg': 'JPEG',
    };
    return known[lower] ?? subtype.toUpperCase();
  });
  const unique = [...new Set(names)];
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique.slice(0, -1).join(', ')} or ${unique.at(-1)}`;
}

/** Whether a file matches an accept list (extensions, exact MIME types, or `type/*`). Empty list = anything. */
export function isAccepted(file: File, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((entry) => {
    const lower = entry.trim().toLowerCase();
    if (lower.startsWith('.')) return name.endsWith(lower);
    if (lower.endsWith('/*')) return type.startsWith(lower.slice(0, -1));
    return type === lower;
  });
}

/** Splits files into accepted ones and rejections with a message each. */
export function checkFiles(
  files: readonly File[],
  { accept = [], maxSize }: { accept?: readonly string[]; maxSize?: number },
): { accepted: File[]; rejected: FileRejection[] } {
  const accepted: File[] = [];
  const rejected: FileRejection[] = [];
  for (const file of files) {
    if (!isAccepted(file, accept)) {
      rejected.push({
        file,
        reason: 'type',
        message: `${file.name} is not a file type we accept. Choose ${describeAccept(accept)}.`,
      });
    } else if (maxSize !== undefined && file.size > maxSize) {
      rejected.push({
        file,
        reason: 'size',
        message: `${file.name} is ${formatBytes(file.size)}. Choose a file of ${formatBytes(maxSize)} or less.`,
      });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}
