import { StepUpModal } from '../features/stepup/StepUpModal';
import { stepUpCancelled, stepUpSucceeded } from '../lib/stepUp';
import { AntdConfig } from './antdConfig';

/** The step-up modal with Ant Design's settings (loaded by StepUpHost the first time a call needs a step-up). */
export default function StepUpPrompt({ open }: { open: boolean }) {
  return (
    <AntdConfig>
      <StepUpModal open={open} onSteppedUp={stepUpSucceeded} onCancel={stepUpCancelled} />
    </AntdConfig>
  );
}
