import { Link } from 'react-router';
import { MessagePage } from '../../components/layout/message-page';
import { buttonClass } from '../../components/ui/button';

/** Shown for every unknown path; usePageHead adds robots noindex, nofollow while it is shown. */
export default function NotFoundPage() {
  return (
    <MessagePage
      mark="404"
      title="404 Page Not Found"
      text="The page you are looking for doesn't exist or has been moved."
    >
      <Link to="/" className={buttonClass({ size: 'lg' })}>
        Return to Home
      </Link>
    </MessagePage>
  );
}
