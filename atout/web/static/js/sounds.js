// Short sounds made on the spot with the Web Audio API (no files to load): your
// turn, a card played, a trick won. Muted by a switch the browser remembers.
const KEY = "atout.mute";
let context = null;

export function muted() { return localStorage.getItem(KEY) === "1"; }

export function setMuted(value) { localStorage.setItem(KEY, value ? "1" : "0"); }

// Each sound: notes as [frequency in Hz, start in s, length in s].
const SOUNDS = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.18]],
  card: [[220, 0, 0.05]],
  trick: [[523, 0, 0.08], [659, 0.09, 0.08], [784, 0.18, 0.14]],
};

export function play(kind) {
  if (muted() || !SOUNDS[kind]) return;
  try {
    context = context || new AudioContext();
    if (context.state === "suspended") context.resume(); // browsers wait for a first gesture
    const now = context.currentTime;
    for (const [frequency, start, length] of SOUNDS[kind]) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.type = kind === "card" ? "triangle" : "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.15, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      tone.connect(gain).connect(context.destination);
      tone.start(now + start);
      tone.stop(now + start + length + 0.02);
    }
  } catch { /* no audio here: play silently */ }
}
