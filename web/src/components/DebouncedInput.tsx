import { Input } from 'antd';
import type { InputProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../lib/useDebouncedValue';

export interface DebouncedInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** The starting text. */
  initialValue?: string;
  /** The trimmed text, once it has stopped changing for `delayMs`. */
  onChange: (value: string) => void;
  delayMs?: number;
}

/** A text filter that tells its list only after the typing pauses (each pause reloads the list). */
export function DebouncedInput({ initialValue = '', onChange, delayMs = SEARCH_DEBOUNCE_MS, ...props }: DebouncedInputProps) {
  const [text, setText] = useState(initialValue);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Input
      {...props}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => onChange(next.trim()), delayMs);
      }}
    />
  );
}
