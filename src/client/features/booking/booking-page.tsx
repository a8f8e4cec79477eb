import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { PAGE_STATE_ELEMENT_ID, type PageState } from '@shared/page-state';
import { NOTHING_TO_DO } from '@shared/person-status';
import { isTimeZone } from '@shared/time-zone';
import {
  BOOK_PATH,
  BOOKING_ACTIONS,
  BOOKING_NOTICES,
  callOn,
  type BookingView,
} from '@shared/booking-view';
import { Button, buttonClass } from '../../components/ui/button';
import { SelectField } from '../../components/ui/form-field';
import { PageHero } from '../../components/ui/page-hero';
import { Card, Notice } from '../../components/ui/panel';
import { Container } from '../../components/ui/section';
import { usePageState } from '../../lib/page-state';
import { useSessionValue } from '../../lib/session-keys';
import { scheduleEvent } from '../../lib/tracking/lead-events';
import { conversionFields } from '../../lib/tracking/submission-event';
import { trackOncePerPage } from '../../lib/tracking/tracker';
import { CHOICE_CLASS, ScreeningStep, screeningIntro } from './screening-step';

// /book: the server renders it for the candidate this browser proves; each choice is a plain
// form post or a GET, so it all works without JavaScript.

// With JavaScript, a booking sends the pixel's event id and consent, as a lead form does; a
// second submit (a double click) sends the first's.
function addConversionFields(event: FormEvent<HTMLFormElement>) {
  const form = event.currentTarget;
  if (form.elements.namedItem('consent')) return;
  for (const [name, value] of Object.entries(conversionFields()))
    form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
}

/**
 * With JavaScript, the times in the browser's own zone, as the server renders them for it, shown
 * in place: a reload would count the visit twice (pixel, visit beacon). A zone in the address,
 * picked or posted, stays. Its own task: Intl's first use is long.
 */
function useBrowserZone(shown: string | undefined): BookingView | undefined {
  const [view, setView] = useState<BookingView>();
  useEffect(() => {
    if (!shown || new URLSearchParams(window.location.search).has('zone')) return;
    let current = true;
    const timer = setTimeout(() => {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone === shown || !isTimeZone(zone)) return;
      fetch(`${BOOK_PATH}?zone=${encodeURIComponent(zone)}`)
        .then((response) => response.text())
        .then((html) => {
          const page = new DOMParser().parseFromString(html, 'text/html');
          const state = page.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
          const { booking } = JSON.parse(state ?? '{}') as PageState;
          if (current && booking) setView(booking);
        })
        .catch(() => undefined); // offline: the host's zone and the chooser stay
    });
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [shown]);
  return view;
}

const seats = (left: number) => (left === 1 ? '1 seat left' : `${left} seats left`);

/** Once moved, the button scrolls in view no more than needed, clear of the screen's foot. */
const reveal = (row: HTMLElement | null) => row?.scrollIntoView({ block: 'nearest' });

function Times({ booking }: { booking: BookingView }) {
  const moving = booking.booked !== undefined;
  // With JavaScript the button follows the day picked, under its times: next in the focus order,
  // over nothing (a sticky bar hid the focused time: WCAG 2.4.11). Else it ends the list.
  const [picked, setPicked] = useState<number>();
  if (booking.days.length === 0)
    return <p>No other times are open right now: your call stays as booked.</p>;
  return (
    <form
      method="post"
      action={moving ? BOOKING_ACTIONS.move : BOOKING_ACTIONS.book}
      className="grid gap-6"
      data-plain-post
      onSubmit={moving ? undefined : addConversionFields}
    >
      <input type="hidden" name="zone" value={booking.zone} />
      {booking.days.map((day, index) => (
        <Fragment key={day.date}>
          <fieldset className="grid gap-2" onChange={() => setPicked(index)}>
            <legend className="mb-2 font-semibold text-slate-900">{day.date}</legend>
            <div className="flex flex-wrap gap-2">
              {day.slots.map((slot) => (
                <label key={slot.start} className={CHOICE_CLASS}>
                  <input type="radio" name="start" value={slot.start} required />
                  <span>
                    {slot.time}
                    {slot.seatsLeft === undefined ? null : (
                      <span className="text-slate-600"> ({seats(slot.seatsLeft)})</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {index === Math.min(picked ?? Infinity, booking.days.length - 1) ? (
            <div className="scroll-mb-4" ref={picked === undefined ? undefined : reveal}>
              <Button type="submit" variant="dark">
                {moving && !booking.over ? 'Move to This Time' : 'Book This Time'}
              </Button>
            </div>
          ) : null}
        </Fragment>
      ))}
    </form>
  );
}

function Booking({ booking }: { booking: BookingView }) {
  const { booked, over } = booking;
  // No time to pick and no call ahead (or it took place): the team calls instead, and the person
  // is not left waiting.
  if ((!booked || over) && booking.days.length === 0)
    return (
      <Card title="Your Call">
        {booked ? <p className="text-lg text-slate-900">{callOn(booked, true)}</p> : null}
        <p>
          {over === 'attended'
            ? NOTHING_TO_DO
            : 'No times are open right now: we will contact you shortly to arrange your call.'}
        </p>
        <div>
          <a href="/" className={buttonClass({ variant: 'dark' })}>
            Return Home
          </a>
        </div>
      </Card>
    );
  return (
    <>
      {booked ? (
        <Card title="Your Call">
          <p className="text-lg text-slate-900">{callOn(booked, Boolean(over))}</p>
          {/* Asked twice, as a withdrawal is: a slip on a phone would give the time away. A
              disclosure, so it works without JavaScript. Once over, a new time replaces it. */}
          {over ? (
            <p>If you missed it, pick a new time below.</p>
          ) : (
            <details>
              <summary
                className={buttonClass({
                  variant: 'outline',
                  className: 'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
                })}
              >
                Cancel My Call
              </summary>
              <form method="post" action={BOOKING_ACTIONS.cancel} className="mt-4" data-plain-post>
                <input type="hidden" name="zone" value={booking.zone} />
                <p>The time goes back to others. You can book a new one here afterwards.</p>
                <Button type="submit" variant="destructive" className="mt-3">
                  Yes, Cancel My Call
                </Button>
              </form>
            </details>
          )}
        </Card>
      ) : null}
      <Card title={over ? 'Pick a New Time' : booked ? 'Move Your Call' : 'Pick a Time'}>
        <p aria-live="polite">
          Times are in <strong className="text-slate-900">{booking.zoneName}</strong>
          {booking.zoneName === booking.zone ? '' : ` (${booking.zone})`}.
        </p>
        {/* The action makes it a plain GET with JavaScript too (entry-client.tsx). */}
        <form method="get" action={BOOK_PATH} className="flex flex-wrap items-end gap-3">
          <SelectField
            key={booking.zone}
            name="zone"
            label="Your time zone"
            options={booking.zones}
            empty={null}
            defaultValue={booking.zone}
            containerClassName="grow"
          />
          <Button type="submit" variant="outline">
            Show Times
          </Button>
        </form>
        <Times booking={booking} />
      </Card>
    </>
  );
}

export default function BookingPage() {
  const { booking: rendered, bookingNotice, screening, scheduleEventId, prefill } = usePageState();
  const booking = useBrowserZone(rendered?.zone) ?? rendered;
  // This browser applied, yet proves no lead: only the address's owner books, by the mailed link.
  const applied = Boolean(useSessionValue('candidateEmail') ?? prefill?.candidateEmail);
  // The pixel's `Schedule` once after a booking, under the server's event id.
  useEffect(() => {
    if (scheduleEventId) trackOncePerPage(BOOK_PATH, 'schedule', scheduleEvent(scheduleEventId));
  }, [scheduleEventId]);
  // A call held: the page leads with it (its card, first), not with booking one.
  const held = booking?.booked !== undefined;
  return (
    <>
      <PageHero
        eyebrow={held ? undefined : 'Your Screening Call'}
        title={held ? 'Your Screening Call' : 'Book Your Call'}
        intro={
          screening
            ? screeningIntro(screening)
            : booking
              ? !held && 'Pick a time for a short call with our admissions team.'
              : applied
                ? 'We have your application. For your privacy, your booking page opens from a link we e-mail you, not from this browser yet.'
                : 'Open this page right after you apply, or from the link in our e-mail, to book your call.'
        }
      />
      {/* On the navy page: its plain paragraphs are light; cards and notices set their own. */}
      <Container className="grid max-w-3xl gap-8 py-16 text-slate-200">
        {bookingNotice ? <Notice>{BOOKING_NOTICES[bookingNotice]}</Notice> : null}
        {screening ? (
          <ScreeningStep screening={screening} />
        ) : booking ? (
          <Booking booking={booking} />
        ) : applied ? (
          <p>
            To get that link, enter your e-mail under &ldquo;Lost your link?&rdquo; on{' '}
            <a href="/status" className="underline">
              your status page
            </a>
            , then open the link in our e-mail to book your call.
          </p>
        ) : (
          <p>
            <a href="/status" className="underline">
              Your status page
            </a>{' '}
            has the link to this page once you open it from our e-mail.
          </p>
        )}
      </Container>
    </>
  );
}
