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

/**
 * `aria-disabled` disables it while keeping the focus (`disabled` drops it to the page's top).
 * A plain button only runs code: hidden without scripts.
 */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  onClick,
  ...props
}: ComponentProps<'button'> & ButtonStyle) {
  const inert = props['aria-disabled'] === true || props['aria-disabled'] === 'true';
  const style = clsx(type === 'button' && 'noscript:hidden', className);
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, className: style })}
      onClick={inert ? (event) => event.preventDefault() : onClick}
      {...props}
    />
  );
}

/** A form's submit button: disabled (`aria-disabled`) with its busy label while submitting. */
export function SubmitButton({
  submitting,
  label,
  busyLabel = 'Processing...',
  ...style
}: ButtonStyle & { submitting: boolean; label: string; busyLabel?: string }) {
  return (
    <Button type="submit" aria-disabled={submitting} aria-busy={submitting} {...style}>
      {submitting ? busyLabel : label}
    </Button>
  );
}
