/**
 * antd's text and password inputs, imported one by one for the signed-out screens. `import { Input } from
 * 'antd'` also brings TextArea, Search and OTP (its static members), about 20 KB of gzipped JavaScript the
 * sign-in page does not need; its budget is tight (web/README.md). antd is pinned, so these paths are stable.
 */
export { default as TextInput } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
