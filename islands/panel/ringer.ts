// The bell of the order screen: a short two-tone chime made here (no sound file to download), played
// in a loop by an <audio> element while an order waits to be accepted, and stopped the moment none
// does. A looping media element keeps playing in a background tab, where timers are throttled to
// once a minute; browsers let it start only after a gesture on the page, hence `unlock()` from the
// 'Ativar som' button. A system notification, where permitted, tells a hidden tab's user too.

const RATE = 22_050;

/** A WAV of two tones and a rest (about 1.6 s), 16-bit mono PCM. */
function chimeWav(): Blob {
  const tones: [number, number][] = [
    [880, 0.28],
    [0, 0.06],
    [1175, 0.36],
    [0, 0.9],
  ];
  const samples = tones.reduce((n, [, s]) => n + Math.round(s * RATE), 0);
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  let at = 44;
  for (const [freq, seconds] of tones) {
    const n = Math.round(seconds * RATE);
    for (let i = 0; i < n; i++) {
      // A quick attack and a decay, so the tone rings like a bell rather than beeps.
      const envelope = freq === 0 ? 0 : Math.min(1, i / 200) * Math.exp((-3 * i) / n);
      view.setInt16(at, Math.round(Math.sin((2 * Math.PI * freq * i) / RATE) * envelope * 0.6 * 32_767), true);
      at += 2;
    }
  }
  return new Blob([buffer], { type: 'audio/wav' });
}

export interface Ringer {
  /** Whether the browser lets it play (after `unlock`). */
  readonly unlocked: boolean;
  /** Called from a user's gesture: plays nothing audible, but from then on the page may play. */
  unlock(): Promise<boolean>;
  /** Rings (in a loop) while `on`; silent otherwise. */
  ring(on: boolean): void;
}

export function createRinger(): Ringer {
  let audio: HTMLAudioElement | null = null;
  let unlocked = false;
  let ringing = false;
  const element = () => {
    if (!audio) {
      audio = new Audio(URL.createObjectURL(chimeWav()));
      audio.loop = true;
      audio.preload = 'auto';
    }
    return audio;
  };
  return {
    get unlocked() {
      return unlocked;
    },
    async unlock() {
      const a = element();
      a.muted = true;
      try {
        await a.play();
        unlocked = true;
      } catch {
        unlocked = false;
      }
      a.pause();
      a.muted = false;
      a.currentTime = 0;
      if (ringing) this.ring(true);
      return unlocked;
    },
    ring(on) {
      ringing = on;
      if (!unlocked) return;
      const a = element();
      if (on && a.paused) void a.play().catch(() => undefined);
      if (!on && !a.paused) {
        a.pause();
        a.currentTime = 0;
      }
    },
  };
}

/** Shows a system notification when the page is hidden and the user allowed them; nothing otherwise. */
export function notifyHidden(title: string, body: string, tag: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || document.visibilityState === 'visible') return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // Some mobile browsers allow notifications only from a service worker: the bell still rings.
  }
}
