import { Input } from 'antd';
import type { InputProps } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** Search boxes wait this long after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 300;

export interface DebouncedInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** The filter's value: shown at first, and again when it changes from elsewhere (Back, a link). */
  value: string;
  /** The trimmed text, once it has stopped changing for `delayMs`. */
  onChange: (value: string) => void;
  delayMs?: number;
}

/** A text filter that tells its list only after the typing pauses (each pause reloads the list). */
export function DebouncedInput({ value, onChange, delayMs = SEARCH_DEBOUNCE_MS, ...props }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // What this box told its list last: that value reaches it a render or more later (the router renders a change of
  // the URL as a transition), when staff may have typed on. It leaves their text alone.
  const [sent, setSent] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (value !== shownValue) {
    setShownValue(value);
    setSent(null);
    if (value !== sent && value !== text.trim()) setText(value);
  }
  return (
    <Input
      {...props}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          setSent(next.trim());
          onChange(next.trim());
        }, delayMs);
      }}
    />
  );
}
