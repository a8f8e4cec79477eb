import { useCan } from '../api/session';
import { AvailabilitySection } from './availability-section';
import { ConfigurationPanel } from './configuration-panel';
import { MessageTemplatesSection } from './message-templates-section';
import { ScreeningSection } from './screening-section';

export function SettingsTab() {
  const canManage = useCan('manage');
  const canWork = useCan('work');
  return (
    <div className="grid gap-8">
      {canManage && <ConfigurationPanel />}
      {canWork && <MessageTemplatesSection />}
      {canWork && <AvailabilitySection />}
      {canManage && <ScreeningSection />}
    </div>
  );
}
