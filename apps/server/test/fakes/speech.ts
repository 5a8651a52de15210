import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Real speech for dictation tests: `text` spoken by espeak-ng, as a 16 kHz mono WAV (sox resamples it). */
export function speechWav(text: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'bree-speech-'));
  try {
    const raw = path.join(dir, 'raw.wav');
    const out = path.join(dir, 'speech.wav');
    execFileSync('espeak-ng', ['-w', raw, text]);
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `seconds` of silence as a 16 kHz mono WAV, made by sox (for the length limit). */
export function silenceWav(seconds: number): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'bree-silence-'));
  try {
    const out = path.join(dir, 'silence.wav');
    execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', out, 'trim', '0', String(seconds)]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The length of a PCM WAV made here (16 kHz, 16-bit mono, 44-byte header). */
export const wavLengthSeconds = (wav: Buffer): number => (wav.length - 44) / 32_000;
