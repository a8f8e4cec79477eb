import type { ComponentProps } from 'react';
import { clsx } from 'clsx';

const variants = {
  primary: 'bg-accent text-navy-950 hover:bg-accent-soft',
  secondary: 'border border-white/30 bg-white/5 text-white hover:bg-white/15',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  dark: 'bg-navy-900 text-white hover:bg-navy-800',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-12 px-6 text-base sm:text-lg',
} as const;

export interface ButtonStyle {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string;
}

export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonStyle = {}) {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors duration-150',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong',
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & ButtonStyle) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

/**
 * A form's submit button: disabled with the busy label ('Processing...') while submitting. It
 * keeps the focus (`aria-disabled`, a press does nothing): a focused button that becomes
 * `disabled` drops the focus to the page, and a keyboard user starts again from its top.
 */
export function SubmitButton({
  submitting,
  label,
  busyLabel = 'Processing...',
  ...style
}: ButtonStyle & { submitting: boolean; label: string; busyLabel?: string }) {
  return (
    <Button
      type="submit"
      aria-disabled={submitting}
      aria-busy={submitting}
      onClick={submitting ? (event) => event.preventDefault() : undefined}
      {...style}
    >
      {submitting ? busyLabel : label}
    </Button>
  );
}
