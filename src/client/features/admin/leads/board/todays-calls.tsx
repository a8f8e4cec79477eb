import { useEffect, useState } from 'react';
import { CALL_NOT_STARTED, CALL_OUTCOMES, OUTCOME_LABELS } from '@shared/booking-calls';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/form-field';
import { callState, useDayCalls, useMarkCall, useTakeCall } from '../../api/calls';
import { errorText } from '../../api/http';
import { useCan } from '../../api/session';
import { formatDate, formatDay } from '../../ui/format';
import { useKeepFocus } from '../../ui/keep-focus';
import { Panel, Pending } from '../../ui/panel';

/** The time now, renewed just after the next of `times` still ahead: a call opens at its start. */
function useNowPast(times: readonly string[]): number {
  const [now, setNow] = useState(Date.now);
  const next = Math.min(...times.map(Date.parse).filter((time) => time > now));
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setNow(Date.now()), next - Date.now() + 100);
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

const flagClass = 'rounded bg-amber-100 px-2 text-sm text-amber-900';

/** "Today's calls" (another day's on asking): their leads, marks, and calls needing a host. */
export function TodaysCalls({ onOpen }: { onOpen(id: number): void }) {
  const canEdit = useCan('work');
  // None picked: today as the server reads it (the desk's zone), not the browser's date.
  const [picked, setDay] = useState<string | null>(null);
  const query = useDayCalls(picked);
  const { today, timeZone } = query.data ?? {};
  const day = picked ?? today ?? '';
  const isToday = picked === null || picked === today;
  const marking = useMarkCall();
  const taking = useTakeCall();
  // The last action's refusal (a 409 says why), taking or marking.
  const [last, failure] =
    taking.submittedAt > marking.submittedAt
      ? ([taking, 'The call could not be taken.'] as const)
      : ([marking, 'The call could not be marked.'] as const);
  const calls = query.data?.calls;
  // Taken, its button goes with the flag, or the call with another day's list: the focus moves to
  // the call's lead, else to the call now in its place, else to the heading.
  const keepFocus = useKeepFocus('li', '#calls-heading');
  // Marking waits for the call's start: the server refuses it earlier (409).
  const now = useNowPast(calls?.map((call) => call.start) ?? []);
  return (
    <Panel
      id="calls"
      ref={keepFocus}
      focusable
      title={isToday ? "Today's calls" : `Calls on ${formatDay(day)}`}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <TextField
        label="Day"
        type="date"
        value={day}
        // The server's days are the desk zone's; its times are shown in that zone too, not the
        // browser's: a recruiter works the hours they set, and a late call stays under its day.
        hint={timeZone && `Days and times in ${timeZone}: your hours' zone, else the first host's.`}
        onChange={(event) => setDay(event.target.value)}
        containerClassName="w-full max-w-52"
      />
      {!calls ? (
        <Pending failed={query.isError} failure="The calls could not be loaded." />
      ) : calls.length === 0 ? (
        <p className="text-slate-700">No calls booked {isToday ? 'today' : 'on this day'}.</p>
      ) : (
        <ul className="grid gap-2">
          {calls.map((call) => {
            const early = Date.parse(call.start) > now;
            const reason = `call-${call.id}-not-started`;
            const who = call.name ?? `candidate ${call.leadId}`;
            return (
              <li key={call.id} className="flex flex-wrap items-center gap-3">
                <span className="w-44 text-sm text-slate-700">
                  {formatDate(call.start, timeZone)}
                </span>
                <button
                  type="button"
                  className="font-medium text-accent-strong underline"
                  onClick={() => onOpen(call.leadId)}
                >
                  {call.name ?? `Candidate ${call.leadId}`}
                </button>
                {call.needsHost ? (
                  <>
                    <span className={flagClass}>
                      No host: take the call or ask the person to move it
                    </span>
                    {canEdit && (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Take this call: ${who}`}
                        onClick={() => !taking.isPending && taking.mutate(call)}
                      >
                        Take this call
                      </Button>
                    )}
                  </>
                ) : (
                  call.host && <span className="text-sm text-slate-700">with {call.host}</span>
                )}
                <span className={call.notMarked ? flagClass : 'text-sm'}>{callState(call)}</span>
                {canEdit &&
                  CALL_OUTCOMES.map((outcome) => (
                    <Button
                      key={outcome}
                      size="sm"
                      variant="outline"
                      aria-pressed={call.outcome === outcome}
                      disabled={early}
                      aria-describedby={early ? reason : undefined}
                      aria-label={`${OUTCOME_LABELS[outcome]}: ${who}`}
                      onClick={() => marking.mutate({ id: call.id, outcome })}
                    >
                      {OUTCOME_LABELS[outcome]}
                    </Button>
                  ))}
                {canEdit && early && (
                  <span id={reason} className="text-sm text-slate-700">
                    {CALL_NOT_STARTED}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="text-sm text-red-800">
        {last.isError ? errorText(last.error, failure) : ''}
      </p>
    </Panel>
  );
}
