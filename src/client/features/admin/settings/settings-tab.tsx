import { useCan } from '../api/session';
import { ConfigurationPanel } from './configuration-panel';
import { MessageTemplatesSection } from './message-templates-section';

/** The server's settings (to those who manage) and the status messages (to those who work leads). */
export function SettingsTab() {
  const canManage = useCan('manage');
  const canWork = useCan('work');
  return (
    <div className="grid gap-8">
      {canManage && <ConfigurationPanel />}
      {canWork && <MessageTemplatesSection />}
    </div>
  );
}
