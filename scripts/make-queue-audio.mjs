#!/usr/bin/env node
// Makes the queue board's recorded call clips once (issue 16): one short Ogg Opus file per word,
// letter and digit in English, Malay and Indonesian, from src/features/queue/announcement-words.json,
// into public/queue-audio/<lang>/<token>.ogg. The clips are committed, so neither the build nor a
// fresh machine needs these tools:  apt-get install -y espeak-ng opus-tools
//   node scripts/make-queue-audio.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const words = JSON.parse(readFileSync(path.join(root, 'src/features/queue/announcement-words.json'), 'utf8'));
const VOICES = { en: 'en-gb', ms: 'ms', id: 'id' };
const tokens = [
  'number',
  'go-to',
  'counter',
  'room',
  'pharmacy',
  'cashier',
  ...'abcdefghijklmnopqrstuvwxyz',
  ...'0123456789',
];
const tmp = path.join(tmpdir(), `queue-audio-${process.pid}.wav`);
let total = 0;
for (const [lang, dict] of Object.entries(words)) {
  const dir = path.join(root, 'public/queue-audio', lang);
  mkdirSync(dir, { recursive: true });
  for (const token of tokens) {
    // A letter is spoken as its name in that language (espeak's letter mode: -b1 with a capital).
    const text = /^[0-9]$/.test(token)
      ? dict.digits[Number(token)]
      : /^[a-z]$/.test(token)
        ? token.toUpperCase()
        : dict[token];
    const out = path.join(dir, `${token}.ogg`);
    execFileSync('espeak-ng', ['-v', VOICES[lang], '-s', '150', '-w', tmp, text]);
    execFileSync('opusenc', ['--quiet', '--bitrate', '16', '--downmix-mono', tmp, out]);
    total += statSync(out).size;
  }
}
rmSync(tmp, { force: true });
console.log(`queue audio: ${tokens.length * Object.keys(words).length} clips, ${(total / 1024).toFixed(0)} KB`);
