import { useState } from 'react';
import type { LeadKind } from '@shared/lead-status';
import { LeadBoard } from './leads/board/lead-board';
import { TodaysCalls } from './leads/board/todays-calls';
import { leadTabIds, leadTabs, type LeadTabId } from './leads/tabs';
import { Select } from './ui/controls';

// The lists of one kind of lead (Lead Emails mixes both: no board).
const pipelines = leadTabIds.filter((id) => leadTabs[id].kind);

/** Today's calls, then the board of one list: the same board as that list's Board view. */
export function BoardTab({ onOpen }: { onOpen(kind: LeadKind, id: number): void }) {
  const [tab, setTab] = useState<LeadTabId>('questionnaireLeads');
  const kind = leadTabs[tab].kind;
  return (
    <div className="grid gap-4">
      <TodaysCalls onOpen={(id) => onOpen('candidate', id)} />
      <Select
        label="Leads"
        value={tab}
        onChange={(value) => setTab(value as LeadTabId)}
        options={pipelines.map((id) => ({ value: id, label: leadTabs[id].label }))}
        className="w-full max-w-52"
      />
      {kind && <LeadBoard key={tab} tab={tab} kind={kind} onOpen={onOpen} />}
    </div>
  );
}
