/**
 * A short two-tone chime for a notification's arrival, synthesised with
 * WebAudio (no file to download). Any failure — no WebAudio, autoplay
 * policy, a suspended context — is ignored (spec section 8: "Notification
 * sound failure ignored").
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

export function playArrivalSound(): void {
  try {
    const Context: AudioContextClass | undefined =
      globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    const ctx = context;
    void ctx.resume?.().catch(() => undefined);
    const start = ctx.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.12, 1320],
    ] as const) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.3);
    }
  } catch {
    // Ignored by design.
  }
}
