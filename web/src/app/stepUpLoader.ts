/** The step-up prompt's chunk (Ant Design's Modal and Form): loaded when a call first needs a step-up. */
import { chunkLoader } from '../lib/lazyComponent';

export const loadStepUpPrompt = chunkLoader(() => import('./StepUpPrompt'));
