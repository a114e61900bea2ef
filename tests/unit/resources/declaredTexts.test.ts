import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import HubIcon from '@mui/icons-material/Hub';
import { addDeclaredTexts } from '../../../src/resources/engine/declaredTexts';
import type { ResourceDeclaration } from '../../../src/resources/engine';
import { auditEntityKey } from '../../../src/resources/auditLog/auditValues';

const declaration = (translations?: ResourceDeclaration['translations']): ResourceDeclaration => ({
  name: 'fee-schedule',
  route: { path: '/fee-schedule', group: 'operator' },
  icon: HubIcon,
  menuGroup: 'settings',
  fields: [{ source: 'minAmount', kind: 'number' }],
  translations,
});

async function i18nWith(files: Record<string, unknown>, declared: ResourceDeclaration) {
  const i18n = createInstance();
  addDeclaredTexts(i18n, [declared]);
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: files } }, initImmediate: false });
  return i18n;
}

describe('a declaration’s words', () => {
  it('one record is named in the singular (an audit event’s "Created · Fee schedule"), whatever texts the declaration has', async () => {
    const plural = await i18nWith({}, declaration({ 'en-US': { name: { one: 'Fee schedule', other: 'Fee schedules' } } }));
    expect(plural.t(auditEntityKey('fee-schedule'))).toBe('Fee schedule');
    const humanised = await i18nWith({}, declaration());
    expect(humanised.t(auditEntityKey('fee-schedule'))).toBe('Fee schedule');
    // A translation file's single name names one record too (zh-CN has no plural forms).
    const filed = await i18nWith({ resources: { 'fee-schedule': { name: '费用表' } } }, declaration());
    expect(filed.t(auditEntityKey('fee-schedule'))).toBe('费用表');
    // The platform's own record kinds keep their own names.
    expect(auditEntityKey('wallet')).toBe('auditLog.entity.wallet');
  });

  it('without texts of its own: the name and the labels read humanised, never as keys', async () => {
    const i18n = await i18nWith({}, declaration());
    expect(i18n.t('resources.fee-schedule.name')).toBe('Fee schedule');
    expect(i18n.t('resources.fee-schedule.name', { count: 2 })).toBe('Fee schedule');
    expect(i18n.t('resources.fee-schedule.fields.minAmount')).toBe('Min amount');
  });

  it('its own texts beat the humanised ones, with plural forms; the translation files beat both', async () => {
    const own = declaration({ 'en-US': { name: { one: 'Fee schedule', other: 'Fee schedules' }, fields: { minAmount: 'Minimum' } } });
    const i18n = await i18nWith({ resources: { 'fee-schedule': { fields: { minAmount: 'Smallest amount' } } } }, own);
    expect(i18n.t('resources.fee-schedule.name', { count: 2 })).toBe('Fee schedules');
    expect(i18n.t('resources.fee-schedule.name', { count: 1 })).toBe('Fee schedule');
    expect(i18n.t('resources.fee-schedule.fields.minAmount')).toBe('Smallest amount');
  });

  it('survive a translation file that arrives later and replaces the namespace’s top-level keys', async () => {
    const i18n = await i18nWith({}, declaration({ 'en-US': { name: 'Fee schedules' } }));
    i18n.addResourceBundle('en-US', 'translation', { resources: { other: { name: 'Other' } } });
    i18n.emit('loaded', { 'en-US': ['translation'] });
    expect(i18n.t('resources.fee-schedule.name')).toBe('Fee schedules');
    expect(i18n.t('resources.other.name')).toBe('Other');
  });

  it('never marks a language loaded before its file arrives (i18next would then never fetch it)', async () => {
    const i18n = await i18nWith({ menu: { home: 'Home' } }, declaration({ 'zh-CN': { name: '费率表' } }));
    expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(false);
    // The file arrives (as the backend adds it), then the declaration's words join it.
    i18n.addResourceBundle('zh-CN', 'translation', { menu: { home: '首页' } });
    i18n.emit('loaded', { 'zh-CN': ['translation'] });
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('menu.home')).toBe('首页');
    expect(i18n.t('resources.fee-schedule.name')).toBe('费率表');
  });
});
