// The word an achievement's state gets wherever it is shown (the achievements page's cards, the
// checkout's picker): 'Bloqueada' with a lock, 'Desbloqueada!', 'Já usado'. The caller gives the
// text of its own namespace, so this carries no texts of its own.
import type { AchievementState } from '../../src/domain/achievement.ts';

const LOOK: Record<AchievementState, string> = {
  locked: 'border border-solid border-line bg-surface text-muted',
  unlocked: 'bg-brand text-onbrand',
  used: 'border border-solid border-line bg-card text-muted',
};

export function AchievementBadge({ state, text }: { state: AchievementState; text: string }) {
  return (
    <span className={`inline-flex flex-none items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${LOOK[state]}`} data-achievement-badge={state}>
      {state === 'locked' && <LockIcon />}
      {text}
    </span>
  );
}

/** A closed padlock, decorative (the text beside it says the same). */
export function LockIcon({ size = 12 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}
