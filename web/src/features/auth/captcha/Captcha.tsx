import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';
import './altchaSetup';
import { captchaChallengeUrl } from './captchaChallenge';
import type { CaptchaCost } from './captchaChallenge';

interface CaptchaProps {
  /** The payload (base64) once the proof of work is done; null whenever it is not (again). */
  onChange: (payload: string | null) => void;
  /** 'high' asks the server for a challenge ten times as long to solve (default 'usual'). */
  cost?: CaptchaCost;
}

interface StateChangeDetail {
  state?: string;
  payload?: string | null;
}

/**
 * The ALTCHA widget ("I'm not a robot"), the only place the app touches it. The server accepts each challenge
 * once: after a failed sign-in, give this component a new `key` so a fresh widget asks for a new challenge.
 */
export function Captcha({ onChange, cost = 'usual' }: CaptchaProps) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return undefined;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail ?? {};
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, []);

  return (
    <div className="captcha" data-testid="captcha">
      <altcha-widget ref={ref} name="captcha_token" challenge={captchaChallengeUrl(cost)} />
    </div>
  );
}
