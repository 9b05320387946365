import { useStore } from '@nanostores/react';
import { $outcome } from '../stores/resource.ts';

/** The last action's result, announced politely (a refusal assertively). */
export function Outcome() {
  const outcome = useStore($outcome);
  return (
    <div className="outcome-region" aria-live="polite" role="status">
      {outcome && <p className={outcome.ok ? 'message message--ok' : 'message message--error'}>{outcome.text}</p>}
    </div>
  );
}
