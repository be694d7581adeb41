import { PASSWORD_MIN } from '@halcyon/api/contract';
import form from '../public/form.module.css';

const LABELS = ['Too short', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/** A rough strength score 0-4: length first (QUALITY.md: no composition rules), variety and repetition second. */
export function passwordStrength(password: string): number {
  if (password.length < PASSWORD_MIN) return 0;
  let score = 1;
  if (password.length >= 16) score += 1;
  if (password.length >= 20) score += 1;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  if (kinds >= 3) score += 1;
  if (new Set(password.toLowerCase()).size < password.length / 3) score -= 1;
  return Math.max(1, Math.min(4, score));
}

/** The strength meter under a new password field. */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const score = passwordStrength(password);
  return (
    <div>
      <meter
        id={id}
        className={form.meter}
        min={0}
        max={4}
        low={2}
        high={3}
        optimum={4}
        value={score}
        aria-label="Password strength"
        aria-valuetext={LABELS[score]}
      />
      <p className={form.muted} aria-live="polite">
        Password strength: {password ? LABELS[score] : '—'}. Use at least {PASSWORD_MIN} characters; a short sentence
        works well.
      </p>
    </div>
  );
}
