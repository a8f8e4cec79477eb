import { useState, type FormEvent } from 'react';
import { LOST_LINK_ACTION, LOST_LINK_SENTENCE } from '@shared/person-status';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Card, Notice } from '../../components/ui/panel';
import { apiRequest } from '../../lib/api';

/** "Lost your link?": one e-mail posted; the same sentence answers whether or not it is a lead. */
export function LostLink({ sent }: { sent: boolean }) {
  const [answered, setAnswered] = useState(sent);
  const [failed, setFailed] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    setFailed(false);
    try {
      await apiRequest('POST', LOST_LINK_ACTION, { email });
      setAnswered(true);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Card title="Lost your link?">
      <p>Enter the e-mail you applied with and we will send a new link to it.</p>
      <form
        method="post"
        action={LOST_LINK_ACTION}
        onSubmit={(event) => void submit(event)}
        className="grid gap-3"
        data-plain-post
      >
        <TextField name="email" type="email" label="Email" autoComplete="email" required />
        <div>
          <Button type="submit" variant="dark">
            Send Me a New Link
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {answered ? <Notice>{LOST_LINK_SENTENCE}</Notice> : null}
        {failed ? <Notice>Something went wrong. Please try again.</Notice> : null}
      </div>
    </Card>
  );
}
