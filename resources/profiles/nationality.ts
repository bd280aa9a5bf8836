// Nationalities arrive as country codes ('DE'); people read country names.

const names = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string): Intl.DisplayNames | null {
  if (!names.has(locale)) {
    try {
      names.set(locale, new Intl.DisplayNames([locale], { type: 'region' }));
    } catch {
      names.set(locale, null);
    }
  }
  return names.get(locale) ?? null;
}

/** 'Germany (DE)'; the bare code when the browser knows no name for it. */
export function nationalityLabel(code: string, locale = 'en'): string {
  let name: string | undefined;
  try {
    name = displayNames(locale)?.of(code.toUpperCase());
  } catch {
    name = undefined;
  }
  return name && name.toUpperCase() !== code.toUpperCase() ? `${name} (${code})` : code;
}

/** 'Germany (DE) 72%, Austria (AT) 28%': most likely first; probabilities are 0–1. */
export function nationalitiesText(nationalities: Record<string, number> | null | undefined, locale = 'en'): string {
  return Object.entries(nationalities ?? {})
    .sort(([, a], [, b]) => b - a)
    .map(([code, probability]) => `${nationalityLabel(code, locale)} ${Math.round(probability * 100)}%`)
    .join(', ');
}
