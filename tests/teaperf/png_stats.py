#!/usr/bin/env python3
"""Counts the pixels of a PNG screenshot: how many are not white, and how
many have each colour given on the command line (#rrggbb). Prints one line
per figure: "size W H", "nonwhite N", "#rrggbb N". Only the standard
library: the PNG is decoded here (8-bit RGB or RGBA, not interlaced)."""
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("%s: not a PNG file" % path)
    pos, idat, header = 8, b"", None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit("%s: expected 8-bit RGB or RGBA, not interlaced" % path)
    return width, height, 3 if colour == 2 else 4, zlib.decompress(idat)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(width, height, bpp, raw):
    stride = width * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xff
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 0xff
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xff
        elif kind == 4:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                up_left = prev[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + paeth(left, prev[i], up_left)) & 0xff
        rows.append(line)
        prev = line
    return rows


def main():
    path, colours = sys.argv[1], [c.lower() for c in sys.argv[2:]]
    width, height, bpp, raw = read_png(path)
    wanted = {bytes.fromhex(c[1:]): c for c in colours}
    counts = dict.fromkeys(colours, 0)
    nonwhite = 0
    for line in unfilter(width, height, bpp, raw):
        for i in range(0, len(line), bpp):
            rgb = bytes(line[i:i + 3])
            if rgb != b"\xff\xff\xff":
                nonwhite += 1
                if rgb in wanted:
                    counts[wanted[rgb]] += 1
    print("size %d %d" % (width, height))
    print("nonwhite %d" % nonwhite)
    for c in colours:
        print("%s %d" % (c, counts[c]))


main()
