/** A dependency-free password strength estimate for the meter. The server has the final say (QUALITY.md: >= 12 characters). */

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  /** 0 Weak, 1 Fair, 2 Good, 3 Strong. */
  score: 0 | 1 | 2 | 3;
  label: PasswordStrengthLabel;
}

export const MIN_PASSWORD_LENGTH = 12;

/** A short list of the most common passwords and their stems; a password built only from one of them is Weak. */
const COMMON = new Set([
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'abc',
  'abcdef',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'trustno',
  'master',
  'shadow',
  'superman',
  'starwars',
  'changeme',
  'secret',
  'login',
  'therapy',
  'therapist',
  'counselling',
  'counseling',
  'halcyon',
]);

const LABELS: readonly PasswordStrengthLabel[] = ['Weak', 'Fair', 'Good', 'Strong'];

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  // "Password123456!", "qwerty2024qwerty": a common word padded with digits, symbols or repeats.
  const letters = lower.replace(/[^a-z]/g, '');
  if (letters.length === 0) return true;
  if (COMMON.has(letters)) return true;
  for (const word of COMMON) {
    if (word.length >= 5 && letters.replaceAll(word, '') === '') return true;
  }
  // Runs like "123456789012" or "aaaaaaaaaaaa".
  if (
    /^(.)\1+$/.test(lower) ||
    '01234567890123456789'.includes(lower) ||
    'abcdefghijklmnopqrstuvwxyz'.includes(lower)
  ) {
    return true;
  }
  return false;
}

/**
 * Weak below 12 characters or when common; otherwise points for variety (lower, upper, digits, symbols) and length
 * (16+, 20+), minus one when most characters repeat: <= 2 Fair, 3-4 Good, 5+ Strong.
 */
export function estimatePasswordStrength(password: string): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH || isCommon(password)) return { score: 0, label: 'Weak' };
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  let points = classes + (password.length >= 16 ? 1 : 0) + (password.length >= 20 ? 1 : 0);
  if (new Set(password).size < password.length / 2) points -= 1;
  const score = points <= 2 ? 1 : points <= 4 ? 2 : 3;
  return { score, label: LABELS[score] ?? 'Weak' };
}
