/**
 * What a person recognises of a User-Agent in their list of signed-in sessions: the browser and
 * the operating system ("Chrome" on "Linux", "Safari" on "iPhone"). Coarse on purpose: no
 * versions, and `null` for what it cannot tell (the app then says "Unknown device").
 */
export interface Device {
  browser: string | null;
  os: string | null;
}

/** first match wins: the brands that also say "Chrome" or "Safari" come before them */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPT)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari\/|AppleWebKit\/.*\(KHTML, like Gecko\) Mobile\//, 'Safari'],
  [/\bcurl\//, 'curl'],
  [/\bWget\//, 'Wget'],
  [/\bPostmanRuntime\//, 'Postman'],
  [/\bpython-requests\/|\bpython-httpx\/|\bPython-urllib\//, 'Python'],
  [/^node\b|\bundici\b|\bnode-fetch\b|\baxios\//, 'Node.js'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function describeDevice(userAgent: string | null | undefined): Device {
  const text = userAgent ?? '';
  return { browser: first(BROWSERS, text), os: first(SYSTEMS, text) };
}
