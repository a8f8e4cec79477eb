import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Deliberately no tailwind-merge (8 KB gzip on every page): components
 * take extra classes only for properties they don't set themselves.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
