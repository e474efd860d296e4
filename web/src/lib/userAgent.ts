/**
 * A browser's user agent in words ("Chrome 131 on Windows"). A small parser of our own: the well-known library's
 * current major (ua-parser-js 2) is AGPL, and sessions need only the browser, its major version and the system.
 */

export interface UserAgent {
  /** "Chrome", "Firefox", …; '' when none is recognised. */
  browser: string;
  /** The browser's major version ('' when not given). */
  version: string;
  /** "Windows", "macOS", "iOS 17.1", "Android 14", …; '' when none is recognised. */
  os: string;
}

/** Browsers by their token, most specific first: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: readonly [RegExp, string][] = [
  [/\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/, 'Edge'],
  [/\b(?:OPR|OPiOS)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bYaBrowser\/(\d+)/, 'Yandex Browser'],
  [/\bVivaldi\/(\d+)/, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bChrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)(?:[.\d]*)? (?:Mobile\/\w+ )?Safari\//, 'Safari'],
  [/\bcurl\/(\d+)/, 'curl'],
];

function systemOf(ua: string): string {
  let m: RegExpExecArray | null;
  if ((m = /\b(iPhone|iPad|iPod)\b.*? OS (\d+)(?:_(\d+))?/.exec(ua))) {
    return `${m[1] === 'iPad' ? 'iPadOS' : 'iOS'} ${m[2]}${m[3] ? `.${m[3]}` : ''}`;
  }
  if ((m = /\bAndroid (\d+(?:\.\d+)?)/.exec(ua))) return `Android ${m[1]}`;
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bWindows Phone\b/.test(ua)) return 'Windows Phone';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return '';
}

export function parseUserAgent(ua: string): UserAgent {
  const os = systemOf(ua);
  for (const [pattern, browser] of BROWSERS) {
    const m = pattern.exec(ua);
    if (m) return { browser, version: m[1] ?? '', os };
  }
  return { browser: '', version: '', os };
}

/**
 * "Chrome 131 on Windows", "Safari 17 on iOS 17.1", "Firefox 128"; text that is no browser's user agent (an app's
 * device model, "Pixel 8") is returned as it is.
 */
export function describeUserAgent(ua: string): string {
  const text = ua.trim();
  const { browser, version, os } = parseUserAgent(text);
  if (!browser) return text;
  const name = version ? `${browser} ${version}` : browser;
  return os ? `${name} on ${os}` : name;
}
