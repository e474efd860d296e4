import { Suspense, useState, useSyncExternalStore } from 'react';
import { lazyComponent } from '../lib/lazyComponent';
import { stepUpPromptOpen, subscribeStepUp } from '../lib/stepUp';
import { loadStepUpPrompt } from './stepUpLoader';

const StepUpPrompt = lazyComponent(loadStepUpPrompt);

/**
 * Where the step-up prompt (lib/stepUp.ts) appears: nothing, and no download, until a call needs a step-up; then it
 * stays mounted, so that it closes with its animation and opens at once the next time.
 */
export function StepUpHost() {
  const open = useSyncExternalStore(subscribeStepUp, stepUpPromptOpen);
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <StepUpPrompt open={open} />
    </Suspense>
  );
}
