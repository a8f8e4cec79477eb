import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Container } from '../../components/ui/section';

/** Shown for every unknown path; usePageHead adds robots noindex, nofollow while it is shown. */
export default function NotFoundPage() {
  return (
    <div id="top" className="bg-navy-950/70 py-24 text-white sm:py-32">
      <Container className="text-center">
        <p className="text-6xl font-semibold text-accent" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl sm:text-4xl">404 Page Not Found</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-300">
          The page you are looking for doesn't exist or has been moved.
        </p>
        <Link to="/" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
          Return to Home
        </Link>
      </Container>
    </div>
  );
}
