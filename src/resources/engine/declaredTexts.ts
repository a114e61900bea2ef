import type { i18n as I18n } from 'i18next';
import type { ResourceDeclaration } from './types';

/** "chainId" → "Chain id", "org-contact" → "Org contact": what a label says until a translation has its key. */
export const humanize = (source: string) => {
  const words = source
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The words a declaration without texts of its own still has: its name and field names, humanised.
 * `name` is the name already present (a translation file's), which also names one record where no
 * singular exists (an audit event's record kind).
 */
const humanised = (declaration: ResourceDeclaration, name = humanize(declaration.name)) => ({
  resources: {
    [declaration.name]: { name, name_one: name, fields: Object.fromEntries(declaration.fields.map((f) => [f.source, humanize(f.source)])) },
  },
});

/** A declaration's own texts in one language, shaped as the translation file would hold them. */
export function textsOf(declaration: ResourceDeclaration, language: 'en-US' | 'zh-CN'): Record<string, unknown> | null {
  const texts = declaration.translations?.[language];
  if (!texts) return null;
  // A single name (a language without plural forms) is also the singular one record is named by.
  const name =
    typeof texts.name === 'string'
      ? { name: texts.name, name_one: texts.name }
      : { name: texts.name.other, name_one: texts.name.one, name_other: texts.name.other };
  const own: Record<string, unknown> = { ...name, fields: { ...texts.fields } };
  for (const [dotted, text] of Object.entries(texts.more ?? {})) {
    const keys = dotted.split('.');
    let at = own;
    for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[keys[keys.length - 1]] = text;
  }
  return { resources: { [declaration.name]: own } };
}

/**
 * Adds the declarations' own texts under the translation files' (which win where both have a
 * text), now and again after each file loads: i18next replaces a namespace's top-level keys
 * when its file arrives. Also for the tests' synchronous instance (tests/unit/testI18nProvider.ts).
 */
export function addDeclaredTexts(i18n: I18n, declarations: readonly ResourceDeclaration[]): void {
  const add = () => {
    for (const language of ['en-US', 'zh-CN'] as const) {
      // Only into a language whose file has arrived: a bundle present beforehand would tell
      // i18next the language is loaded, and it would never fetch its file.
      if (!i18n.hasResourceBundle(language, 'translation')) continue;
      for (const declaration of declarations) {
        const bundle = textsOf(declaration, language);
        if (bundle) i18n.addResourceBundle(language, 'translation', bundle, true, false);
        // Last: a menu entry and a title read "Org contact", never the key, while no text exists.
        const present: unknown = i18n.getResource(language, 'translation', `resources.${declaration.name}.name`);
        i18n.addResourceBundle(
          language,
          'translation',
          humanised(declaration, typeof present === 'string' ? present : undefined),
          true,
          false,
        );
      }
    }
  };
  // The store exists once i18next is initialised; the app's instance initialises after this runs.
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
  i18n.on('loaded', add);
}
