import {
  announcementText,
  announcementTokens,
  type CallToSpeak,
  type SpeechLanguage,
  VOICE_LANGS,
} from '../announcement';

/**
 * The board's voice: a chime, then the call in each of the board's languages — the browser's own
 * speech when it has a voice for that language, otherwise the recorded clips
 * (/queue-audio/<lang>/<token>.ogg) joined at play time. Browsers only play sound after a tap,
 * hence `enable()`. Calls are spoken one after another; a backlog is cut to the latest few (a
 * burst of calls must not keep the room listening for minutes).
 */
export class BoardSound {
  private context: AudioContext | undefined;
  private readonly clips = new Map<string, Promise<AudioBuffer | null>>();
  private readonly pending: CallToSpeak[] = [];
  private playing = false;
  private closed = false;

  constructor(private readonly languages: readonly SpeechLanguage[]) {}

  get enabled(): boolean {
    return this.context !== undefined;
  }

  /** Call from a tap: creates and resumes the audio context; plays a short chime as a test. */
  async enable(): Promise<void> {
    const Context =
      window.AudioContext ?? (window as unknown as { webkitAudioContext: typeof AudioContext }).webkitAudioContext;
    this.context ??= new Context();
    await this.context.resume();
    // Voices load late in some browsers; asking early starts that.
    window.speechSynthesis?.getVoices();
    await this.chime();
  }

  announce(call: CallToSpeak): void {
    if (!this.context || this.closed) return;
    this.pending.push(call);
    if (this.pending.length > 3) this.pending.splice(0, this.pending.length - 3);
    if (!this.playing) void this.drain();
  }

  close(): void {
    this.closed = true;
    this.pending.length = 0;
    window.speechSynthesis?.cancel();
    void this.context?.close();
    this.context = undefined;
    this.clips.clear();
  }

  private async drain() {
    this.playing = true;
    try {
      for (let call = this.pending.shift(); call && !this.closed; call = this.pending.shift()) {
        await this.chime();
        for (const language of this.languages) await this.speak(call, language);
      }
    } finally {
      this.playing = false;
    }
  }

  private chime(): Promise<void> {
    const context = this.context;
    if (!context) return Promise.resolve();
    const start = context.currentTime + 0.05;
    // Two soft tones, "ding-dong".
    for (const [offset, frequency] of [
      [0, 880],
      [0.45, 660],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.8);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.85);
      oscillator.onended = () => gain.disconnect();
    }
    return wait(1400);
  }

  private voiceFor(language: SpeechLanguage): SpeechSynthesisVoice | undefined {
    const voices = window.speechSynthesis?.getVoices() ?? [];
    const tags = VOICE_LANGS[language];
    return voices.find((v) => tags.some((tag) => v.lang.toLowerCase().replace('_', '-').split('-')[0] === tag));
  }

  private async speak(call: CallToSpeak, language: SpeechLanguage) {
    const voice = this.voiceFor(language);
    if (voice) {
      const utterance = new SpeechSynthesisUtterance(announcementText(call, language));
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.rate = 0.9;
      await new Promise<void>((resolve) => {
        const done = setTimeout(resolve, 12_000);
        utterance.onend = utterance.onerror = () => {
          clearTimeout(done);
          resolve();
        };
        window.speechSynthesis.speak(utterance);
      });
      return;
    }
    await this.playClips(announcementTokens(call).map((token) => `/queue-audio/${language}/${token}.ogg`));
  }

  private clip(url: string): Promise<AudioBuffer | null> {
    let buffer = this.clips.get(url);
    if (!buffer) {
      const context = this.context;
      buffer = fetch(url)
        .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(url))))
        .then((bytes) => (context ? context.decodeAudioData(bytes) : null))
        .catch(() => {
          this.clips.delete(url);
          return null;
        });
      this.clips.set(url, buffer);
    }
    return buffer;
  }

  private async playClips(urls: string[]) {
    const context = this.context;
    if (!context) return;
    const buffers = await Promise.all(urls.map((url) => this.clip(url)));
    let at = context.currentTime + 0.05;
    for (const buffer of buffers) {
      if (!buffer) continue;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      source.onended = () => source.disconnect();
      source.start(at);
      // Clips carry espeak's silence at both ends: overlap them a little.
      at += Math.max(0.15, buffer.duration - 0.12);
    }
    await wait((at - context.currentTime) * 1000 + 300);
  }
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
