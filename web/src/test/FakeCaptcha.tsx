import { useState } from 'react';

let solved = 0;

/**
 * Stands in for the ALTCHA widget in unit tests (`vi.mock('<path>/captcha/Captcha', () =>
 * import('<path>/test/FakeCaptcha'))`): a button that "solves" it with a fresh payload each time, ending in
 * "-high" when the form asked for the costly challenge.
 */
export function Captcha({ onChange, cost = 'usual' }: { onChange: (payload: string | null) => void; cost?: 'usual' | 'high' }) {
  const [done, setDone] = useState(false);
  if (done) return <p>Captcha solved</p>;
  return (
    <button
      type="button"
      onClick={() => {
        solved += 1;
        setDone(true);
        onChange(`captcha-payload-${solved}${cost === 'high' ? '-high' : ''}`);
      }}
    >
      Solve captcha
    </button>
  );
}
