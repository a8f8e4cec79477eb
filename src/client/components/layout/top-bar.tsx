import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { clsx } from 'clsx';
import { site } from '../../lib/site';
import { BrandMark } from './brand-mark';

const navLinks = [
  { to: '/', label: 'Home' },
  { to: '/candidates', label: 'For Candidates' },
  { to: '/companies', label: 'For Companies' },
  { to: '/contact', label: 'Contact' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'block rounded-md px-3 py-2 text-base font-medium transition-colors duration-150',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
    isActive ? 'bg-white/10 text-accent-soft' : 'text-slate-200 hover:bg-white/5 hover:text-white',
  );

/** The fixed top bar (spec: height 24 units), four links; no script: it scrolls, links shown. */
export function TopBar() {
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;

  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  // Escape closes it too, handing focus back to the toggle when it was inside the menu.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (menuRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
      setOpenedOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-24 border-b border-white/10 bg-navy-950 max-md:noscript:static max-md:noscript:h-auto">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8 max-md:noscript:flex-wrap max-md:noscript:py-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
        >
          <BrandMark />
          <span>{site.brandName}</span>
        </Link>
        <nav aria-label="Main" className="max-md:noscript:w-full max-md:noscript:pt-4">
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent noscript:hidden md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setOpenedOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
          <ul
            ref={menuRef}
            id={menuId}
            className={clsx(
              'md:static md:flex md:flex-row md:items-center md:gap-1 md:border-0 md:bg-transparent md:p-0',
              menuOpen
                ? 'absolute inset-x-0 top-24 flex flex-col gap-1 border-b border-white/10 bg-navy-950 px-4 py-4'
                : 'hidden noscript:flex noscript:flex-wrap',
            )}
          >
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={linkClass} onClick={() => setOpenedOn(null)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
