#!/usr/bin/env python3
"""An independent MS ADPCM decoder for tests/sound/adpcm_test.cpp.

Written from Microsoft's description of the format (RIFF WAVE, wFormatTag 2, ADPCMWAVEFORMAT), not from
parkan's code: it walks the RIFF chunks itself, reads the fmt extension's coefficient table, and decodes
each block. Usage: msadpcm_reference.py IN.wav OUT.raw   (OUT: 16-bit little-endian samples, interleaved).
The prediction is floored ((s1*c1 + s2*c2) >> 8), as libsndfile does.
"""
import struct
import sys

ADAPT = [230, 230, 230, 230, 307, 409, 512, 614, 768, 614, 512, 409, 307, 230, 230, 230]


def chunks(data):
    assert data[0:4] == b"RIFF" and data[8:12] == b"WAVE"
    pos = 12
    while pos + 8 <= len(data):
        cid = data[pos:pos + 4]
        (size,) = struct.unpack_from("<I", data, pos + 4)
        yield cid, data[pos + 8:pos + 8 + size]
        pos += 8 + size + (size & 1)


def clamp16(v):
    return max(-32768, min(32767, v))


def decode(data):
    fmt = None
    body = None
    for cid, chunk in chunks(data):
        if cid == b"fmt " and fmt is None:
            fmt = chunk
        elif cid == b"data" and body is None:
            body = chunk
    tag, channels, _rate, _byte_rate, block_align, bits = struct.unpack_from("<HHIIHH", fmt, 0)
    assert tag == 2 and bits == 4, (tag, bits)
    _cb, spb, ncoef = struct.unpack_from("<HHH", fmt, 16)
    coefs = [struct.unpack_from("<hh", fmt, 22 + 4 * i) for i in range(ncoef)]
    out = []
    for start in range(0, len(body), block_align):
        block = body[start:start + block_align]
        header = 7 * channels
        if len(block) < header:
            break
        pred = list(block[0:channels])
        delta = list(struct.unpack_from("<%dh" % channels, block, channels))
        s1 = list(struct.unpack_from("<%dh" % channels, block, 3 * channels))
        s2 = list(struct.unpack_from("<%dh" % channels, block, 5 * channels))
        c1 = [coefs[p][0] for p in pred]
        c2 = [coefs[p][1] for p in pred]
        frames = min(spb, 2 + (len(block) - header) * 2 // channels)
        out.extend(s2[:channels])
        if frames >= 2:
            out.extend(s1[:channels])
        nibbles = []
        for b in block[header:]:
            nibbles.append(b >> 4)
            nibbles.append(b & 15)
        for k in range((frames - 2) * channels if frames > 2 else 0):
            ch = k % channels
            n = nibbles[k]
            signed = n - 16 if n >= 8 else n
            predicted = (s1[ch] * c1[ch] + s2[ch] * c2[ch]) >> 8
            value = clamp16(predicted + signed * delta[ch])
            s2[ch] = s1[ch]
            s1[ch] = value
            delta[ch] = min(max((ADAPT[n] * delta[ch]) >> 8, 16), 2147483647 // 768)
            out.append(value)
    return out


def main():
    data = open(sys.argv[1], "rb").read()
    samples = decode(data)
    with open(sys.argv[2], "wb") as f:
        f.write(struct.pack("<%dh" % len(samples), *samples))


if __name__ == "__main__":
    main()
