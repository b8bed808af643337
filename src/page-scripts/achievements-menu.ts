// The customer's progress in the desktop achievements dropdown: loaded by
// account-boot.ts the first time a customer opens the dropdown (never on a visitor's page load),
// it reads GET /establishments/{id}/achievements each time the dropdown opens and lists each
// achievement with its reward, a progress bar, the percent and what is missing, 'Desbloqueada!' or
// 'Já usado'. The call is silent on failure: what was listed
// stays, or nothing but the link to the achievements page. Plain DOM with the utilities the pages
// already use, so the catalogue pages' stylesheet does not grow for it.
import { call } from '../client/api.ts';
import { t } from '../i18n/index.ts';
import { achievementSummary } from '../i18n/promotions.ts';
import type { AchievementView } from '../schemas/api-promotions.ts';
import { el } from './dom.ts';

const BOX = 'data-achievements-progress';

function item(a: AchievementView): HTMLLIElement {
  const s = achievementSummary(a);
  // The bar in the establishment's colour (grey once used); inline styles, so no rule is added to the pages' stylesheet.
  const fill = el('span', 'block');
  fill.style.cssText = `height:100%;width:${s.percent}%;border-radius:999px;background:${s.state === 'used' ? 'var(--c-muted)' : 'var(--c-primary)'}`;
  const bar = el(
    'span',
    'block',
    {
      role: 'progressbar',
      'aria-valuemin': '0',
      'aria-valuemax': '100',
      'aria-valuenow': String(s.percent),
      'aria-label': t('promotions:achievements.progressLabel', { name: a.name }),
    },
    fill,
  );
  bar.style.cssText = 'height:.5rem;margin:.25rem 0;overflow:hidden;border-radius:999px;border:1px solid var(--c-line);background:var(--c-surface)';
  const status = `${t('promotions:achievements.percent', { value: s.percent })} · ${s.statusShort}`;
  const li = el(
    'li',
    s.state === 'used' ? 'text-muted' : '',
    { 'data-achievement': a._id, 'data-achievement-state': s.state },
    el('span', 'block font-semibold', {}, a.name),
    el('span', 'block text-muted', {}, s.reward),
    bar,
    el('span', `block ${s.state === 'unlocked' ? 'font-semibold' : 'text-muted'}`, { 'data-achievement-status': '' }, status),
  );
  li.style.marginBottom = '.75rem';
  return li;
}

function render(box: HTMLElement, achievements: AchievementView[]): void {
  if (achievements.length === 0) {
    box.replaceChildren(el('p', 'm-0', {}, t('promotions:achievements.empty')));
    return;
  }
  const list = el('ul', 'm-0 list-none p-0', {}, ...achievements.map(item));
  list.style.cssText = 'max-height:60vh;overflow:auto';
  box.replaceChildren(list);
}

/** Reads the customer's achievements and lists them in the opened dropdown (once at a time). */
export async function showAchievements(dropdown: HTMLDetailsElement, establishmentId: string): Promise<void> {
  const panel = dropdown.querySelector<HTMLElement>('[data-achievements-panel]');
  if (!panel) return;
  let box = panel.querySelector<HTMLElement>(`[${BOX}]`);
  if (!box) {
    box = el('div', '', { [BOX]: '', 'aria-live': 'polite' }, el('p', 'm-0 text-muted', {}, t('promotions:achievements.loading')));
    box.style.marginBottom = '.75rem';
    panel.prepend(box);
  }
  if (box.hasAttribute('aria-busy')) return;
  box.setAttribute('aria-busy', 'true');
  try {
    const res = await call('GET /establishments/:id/achievements', { params: { id: establishmentId }, establishmentId });
    if (box.isConnected) render(box, res.achievements);
  } catch (err) {
    // Silent: logged only; a loading line that never filled goes away.
    console.error('[GET /establishments/{id}/achievements]', err);
    if (!box.querySelector('ul')) box.remove();
  } finally {
    box.removeAttribute('aria-busy');
  }
}
