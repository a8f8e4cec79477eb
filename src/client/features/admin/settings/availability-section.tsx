import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import {
  AVAILABILITY_URL,
  availabilitySchema,
  type Availability,
  type AvailabilityAnswer,
} from '@shared/booking-availability';
import { TextField } from '../../../components/ui/form-field';
import { zodResolver } from '../../../lib/zod-resolver';
import { Checkbox, SaveButton, Select } from '../ui/controls';
import { Panel, Pending } from '../ui/panel';
import { DateExceptions, WeeklyWindows } from './availability-windows';
import { CalendarFeed } from './calendar-feed';
import { useSaveSettings } from './save-settings';

type NumberRule = Exclude<keyof Availability, 'timeZone' | 'weekly' | 'exceptions' | 'sameDay'>;

/** The rules that turn the windows into slots, in the order a host thinks of them. */
const RULES: readonly (readonly [NumberRule, string, hint?: string])[] = [
  ['slotMinutes', 'Slot length (minutes)'],
  ['intervalMinutes', 'Start interval (minutes)', "From one slot's start to the next one's"],
  ['bufferMinutes', 'Buffer (minutes)', 'Kept free before and after a booked call'],
  ['dailyCap', 'Daily cap', 'Most calls (seats) booked in one day'],
  ['minimumNoticeHours', 'Minimum notice (hours)'],
  ['horizonDays', 'Horizon (days)', 'How far ahead a call can be booked'],
  ['seats', 'Seats per slot', '1 for a screening call, more for a group information session'],
];

function AvailabilityForm({ saved }: { saved: AvailabilityAnswer }) {
  // No zone saved yet: this browser's, shown as such (UTC's 9 to 5 is 4 am in New York).
  const timeZone = saved.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const form = useForm<Availability>({
    resolver: zodResolver(availabilitySchema),
    defaultValues: { ...saved, timeZone },
  });
  // Every IANA zone the browser knows, with the saved one even if it is an alias (UTC).
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf('timeZone');
    return (known.includes(timeZone) ? known : [timeZone, ...known]).map((zone) => ({
      value: zone,
      label: zone.replaceAll('_', ' '),
    }));
  }, [timeZone]);
  const { pending, formProps } = useSaveSettings(AVAILABILITY_URL, form, 'availability');
  const { errors } = form.formState;
  return (
    <form {...formProps}>
      <Controller
        control={form.control}
        name="timeZone"
        render={({ field }) => (
          <Select
            label="Time zone"
            hint={`The windows below are on this zone's clock${saved.timeZone ? '' : ": this browser's, until you save"}.`}
            options={zones}
            error={errors.timeZone?.message}
            className="sm:max-w-sm"
            {...field}
          />
        )}
      />
      <WeeklyWindows form={form} />
      <DateExceptions form={form} />
      <fieldset className="grid gap-4">
        <legend className="mb-2 font-semibold text-slate-900">Slots</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {RULES.map(([name, label, hint]) => (
            <TextField
              key={name}
              type="number"
              inputMode="numeric"
              label={label}
              hint={hint}
              error={errors[name]?.message}
              {...form.register(name, { valueAsNumber: true })}
            />
          ))}
        </div>
        <Controller
          control={form.control}
          name="sameDay"
          render={({ field }) => (
            <Checkbox
              label="Allow calls on the same day (after the minimum notice)"
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </fieldset>
      <SaveButton pending={pending}>Save availability</SaveButton>
    </form>
  );
}

/** When the signed-in host takes screening calls: each owner and recruiter sets their own. */
export function AvailabilitySection() {
  const { data, isError } = useQuery<AvailabilityAnswer>({ queryKey: [AVAILABILITY_URL] });
  return (
    <Panel id="availability" title="Your availability">
      <p className="text-sm text-slate-700">
        When a candidate can book a screening call with you: the hours you take calls in, and the
        rules that cut them into slots. Candidates see the times of every host together; until you
        save yours, you offer no calls.
      </p>
      {data ? (
        <AvailabilityForm saved={data} />
      ) : (
        <Pending failed={isError} failure="Your availability could not be loaded." />
      )}
      <CalendarFeed />
    </Panel>
  );
}
