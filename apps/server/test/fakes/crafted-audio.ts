/**
 * Audio files built byte by byte, with every header field the tests want to forge: WAV, FLAC,
 * M4A, Ogg Opus and WebM Opus. Their payloads are not real sound (the fake transcription API
 * cannot hear); what matters is what Bree measures from them.
 */

/** A WAV: `fmt ` and `data` chunks over `dataBytes` of silence; any field may be forged. */
export function wavFile({
  dataBytes,
  sampleRate = 16_000,
  channels = 1,
  bitsPerSample = 16,
  formatTag = 1,
  byteRate,
  blockAlign,
  declaredDataSize,
}: {
  dataBytes: number;
  sampleRate?: number;
  channels?: number;
  bitsPerSample?: number;
  formatTag?: number;
  byteRate?: number;
  blockAlign?: number;
  declaredDataSize?: number;
}): Buffer {
  const align = blockAlign ?? channels * Math.ceil(bitsPerSample / 8);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(formatTag, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(byteRate ?? sampleRate * align, 28);
  header.writeUInt16LE(align, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36);
  header.writeUInt32LE(declaredDataSize ?? dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes, 0x80)]);
}

function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/**
 * `count` FLAC frames of 4096 samples (block size code 12), each one CONSTANT subframe: 10 bytes
 * for 0.256 s at 16 kHz, as near-silence compresses. `rateCode` 0: the STREAMINFO's rate; 5: 16 kHz.
 */
export function flacFrames({ count, rateCode = 0 }: { count: number; rateCode?: number }): Buffer {
  const frames: Buffer[] = [];
  for (let n = 0; n < count; n++) {
    const header = Buffer.concat([Buffer.from([0xff, 0xf8, (12 << 4) | rateCode, 0x08]), Buffer.from(String.fromCodePoint(n), 'utf8')]);
    frames.push(header, Buffer.from([crc8(header), 0x00, 0x00, 0x00, 0x00, 0x00]));
  }
  return Buffer.concat(frames);
}

/** A FLAC: 'fLaC', a STREAMINFO saying `totalSamples` at `sampleRate` (16-bit mono), then `frames` (else `bodyBytes` of filler). */
export function flacFile({
  totalSamples,
  sampleRate = 16_000,
  bodyBytes = 0,
  frames,
}: {
  totalSamples: number;
  sampleRate?: number;
  bodyBytes?: number;
  frames?: Buffer;
}): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  // 20 bits of sample rate, 3 of channels − 1 (mono: 0), 5 of bits per sample − 1 (15), 36 of total samples.
  const packed = (BigInt(sampleRate) << 44n) | (0n << 41n) | (15n << 36n) | BigInt(totalSamples);
  info.writeBigUInt64BE(packed, 10);
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0, 0, 34]), info, frames ?? Buffer.alloc(bodyBytes, 0x55)]);
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const fullBox = (type: string, ...words: number[]): Buffer => {
  const body = Buffer.alloc(4 + 4 * words.length);
  words.forEach((word, i) => body.writeUInt32BE(word, 4 + 4 * i));
  return box(type, body);
};

/**
 * An M4A: ftyp, a moov whose mvhd says `duration` in `timescale` units and, with `samples`, a track
 * of that many `codec` samples (stsz); `fragments`: movie fragments (moof/traf/trun) of that many
 * samples each; then an mdat of `bodyBytes`.
 */
export function m4aFile({
  duration,
  timescale = 1000,
  bodyBytes,
  samples,
  codec = 'mp4a',
  fragments = [],
}: {
  duration: number;
  timescale?: number;
  bodyBytes: number;
  samples?: number;
  codec?: string;
  fragments?: number[];
}): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(timescale, 12);
  mvhd.writeUInt32BE(duration, 16);
  const entry = box(codec, Buffer.alloc(28));
  const stsd = box('stsd', Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), entry]));
  const track = samples === undefined ? [] : [box('trak', box('mdia', box('minf', box('stbl', Buffer.concat([stsd, fullBox('stsz', 0, samples)])))))];
  const moofs = fragments.map((count) => box('moof', box('traf', fullBox('trun', count))));
  const ftyp = Buffer.concat([Buffer.from('M4A ', 'latin1'), Buffer.alloc(4), Buffer.from('M4A isom', 'latin1')]);
  return Buffer.concat([box('ftyp', ftyp), box('moov', Buffer.concat([box('mvhd', mvhd), ...track])), ...moofs, box('mdat', Buffer.alloc(bodyBytes, 0x21))]);
}

/** An Opus packet: the TOC byte of a 20 ms CELT frame (code 0), then `size` − 1 bytes. */
export const opus20ms = (size = 3): Buffer => Buffer.concat([Buffer.from([0xf8]), Buffer.alloc(size - 1, 0x11)]);

/** An Opus packet of code 3: `frames` frames of 20 ms (up to 6, 120 ms). */
export const opusFrames20ms = (frames: number): Buffer => Buffer.from([0xfb, frames, 0x22, 0x22]);

const OPUS_HEAD = Buffer.concat([Buffer.from('OpusHead', 'latin1'), Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0])]);
const OPUS_TAGS = Buffer.concat([Buffer.from('OpusTags', 'latin1'), Buffer.from([4, 0, 0, 0]), Buffer.from('bree'), Buffer.alloc(4)]);

function oggPage({ packets, type, granule, sequence }: { packets: Buffer[]; type: number; granule: bigint; sequence: number }): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    for (let left = packet.length; ; left -= 255) {
      lacing.push(Math.min(left, 255));
      if (left < 255) break;
    }
  }
  const head = Buffer.alloc(27);
  head.write('OggS', 0, 'latin1');
  head.writeUInt8(type, 5);
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(0x5eed, 14);
  head.writeUInt32LE(sequence, 18);
  head.writeUInt8(lacing.length, 26);
  return Buffer.concat([head, Buffer.from(lacing), ...packets]);
}

/** An Ogg Opus stream of `packets`; every page's granule position says `granule` (forged: 0 by default). */
export function oggOpusFile({ packets, granule = 0n }: { packets: Buffer[]; granule?: bigint }): Buffer {
  const pages = [oggPage({ packets: [OPUS_HEAD], type: 2, granule: 0n, sequence: 0 }), oggPage({ packets: [OPUS_TAGS], type: 0, granule: 0n, sequence: 1 })];
  for (let at = 0; at < packets.length; at += 200) {
    const last = at + 200 >= packets.length;
    pages.push(oggPage({ packets: packets.slice(at, at + 200), type: last ? 4 : 0, granule, sequence: pages.length }));
  }
  return Buffer.concat(pages);
}

/**
 * An Ogg Vorbis stream: identification (`sampleRate`, block sizes 256 and 2048), comment and setup
 * headers, then `packets` audio packets of 2 bytes (each plays at least 128 samples).
 */
export function oggVorbisFile({ packets, sampleRate = 16_000 }: { packets: number; sampleRate?: number }): Buffer {
  const id = Buffer.alloc(30);
  id.writeUInt8(1, 0);
  id.write('vorbis', 1, 'latin1');
  id.writeUInt8(1, 11);
  id.writeUInt32LE(sampleRate, 12);
  id.writeUInt8(0xb8, 28);
  id.writeUInt8(1, 29);
  const comment = Buffer.concat([Buffer.from('\u0003vorbis', 'latin1'), Buffer.alloc(9)]);
  const setup = Buffer.concat([Buffer.from('\u0005vorbis', 'latin1'), Buffer.alloc(20)]);
  const audio = Array.from({ length: packets }, () => Buffer.from([0x00, 0x7f]));
  const pages = [oggPage({ packets: [id], type: 2, granule: 0n, sequence: 0 }), oggPage({ packets: [comment, setup], type: 0, granule: 0n, sequence: 1 })];
  for (let at = 0; at < audio.length; at += 200) pages.push(oggPage({ packets: audio.slice(at, at + 200), type: 0, granule: 0n, sequence: pages.length }));
  return Buffer.concat(pages);
}

/** An EBML element with an 8-byte size (or the 'unknown size' a live recorder writes). */
function element(id: number[], body: Buffer, unknownSize = false): Buffer {
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(unknownSize ? 0x01ff_ffff_ffff_ffffn : 0x0100_0000_0000_0000n | BigInt(body.length));
  return Buffer.concat([Buffer.from(id), size, body]);
}

/** A WebM as MediaRecorder writes it (segment and clusters of unknown size) with one Opus track of `packets`. */
export function webmOpusFile({ packets, codec = 'A_OPUS' }: { packets: Buffer[]; codec?: string }): Buffer {
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm')));
  const track = element(
    [0xae],
    Buffer.concat([element([0xd7], Buffer.from([1])), element([0x83], Buffer.from([2])), element([0x86], Buffer.from(codec, 'latin1'))]),
  );
  const parts: Buffer[] = [element([0x16, 0x54, 0xae, 0x6b], track)];
  // A cluster each 1000 blocks, as a recorder starts one every few seconds; blocks carry no lacing.
  for (let at = 0; at < packets.length; at += 1000) {
    const blocks = packets.slice(at, at + 1000).map((packet) => element([0xa3], Buffer.concat([Buffer.from([0x81, 0, 0, 0x80]), packet])));
    parts.push(Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75]), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])]));
    parts.push(element([0xe7], Buffer.from([0, 0])), ...blocks);
  }
  return Buffer.concat([header, element([0x18, 0x53, 0x80, 0x67], Buffer.concat(parts), true)]);
}

/** MPEG-1 Layer III bit rates (kbps) by index, and sample rates (Hz) by index. */
const MP3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_RATES = [44_100, 48_000, 32_000];

/**
 * An MP3 of `frames` MPEG-1 Layer III frames (1152 samples each) at `kbps` and `sampleRate`, after
 * an ID3v2 tag; `junk` bytes between frames. `freeFormat`: bit rate index 0, frames of that many bytes.
 */
export function mp3File({
  frames,
  kbps = 32,
  sampleRate = 32_000,
  junk = 0,
  freeFormat,
}: {
  frames: number;
  kbps?: number;
  sampleRate?: number;
  junk?: number;
  freeFormat?: number;
}): Buffer {
  const length = freeFormat ?? Math.floor((144 * kbps * 1000) / sampleRate);
  const frame = Buffer.alloc(length, 0x00);
  frame[0] = 0xff;
  frame[1] = 0xfb;
  frame[2] = ((freeFormat ? 0 : MP3_KBPS.indexOf(kbps)) << 4) | (MP3_RATES.indexOf(sampleRate) << 2);
  frame[3] = 0xc4;
  const id3 = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10)]);
  const gap = Buffer.alloc(junk, 0x20);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => (junk ? Buffer.concat([frame, gap]) : frame))]);
}
