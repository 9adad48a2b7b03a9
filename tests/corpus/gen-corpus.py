#!/usr/bin/env python3
"""Writes the corpus of sample (.tea) and profile (.prof) files that
tests/unit/test_pics_corpus.c reads: files named valid-* must load, every
other file must be rejected with an error (and no crash).

The encoder here follows docs/formats.md on its own, so the corpus also
checks that the reader and the documentation agree. Run it from anywhere;
it rewrites the files next to itself."""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
TEA_EVENTS = ["DR-L1", "DR-TLB", "DR-SQ", "FL-MB", "FL-EX", "FL-MO",
              "ST-L1", "ST-TLB", "ST-LLC"]
COMPUTE, STALLED, DRAINED, FLUSHED = range(4)


def s8(text):
    b = text.encode() if isinstance(text, str) else text
    return struct.pack("<B", len(b)) + b


def header_fields(scheme="TEA", width=4, events=TEA_EVENTS, period=4000,
                  clock=100_000_000, binary="/opt/bench.elf",
                  build_id=bytes(range(1, 21))):
    out = s8(scheme) + struct.pack("<BB", width, len(events))
    for e in events:
        out += s8(e)
    out += struct.pack("<QQ", period, clock)
    b = binary.encode()
    out += struct.pack("<H", len(b)) + b
    out += struct.pack("<B", len(build_id)) + build_id
    return out


def preamble(magic, fields, major=1, minor=0, header_len=None):
    if header_len is None:
        header_len = len(fields)
    return magic + struct.pack("<HHI", major, minor, header_len) + fields


def sample(state, valid, cycle, slots, psv_bytes=2):
    out = struct.pack("<BBBQ", 1, state, valid, cycle)
    for addr, psv in slots:
        out += struct.pack("<Q", addr) + psv.to_bytes(psv_bytes, "little")
    return out


def end(count, extra):
    return struct.pack("<BQQ", 2, count, extra)


def mapping(start=0x10000, end=0x11000, pgoff=0, build_id=bytes(range(20)),
            path="/bin/prog", length=None):
    """A map record (kind 0x80); @length overrides the true body length."""
    p = path.encode() if isinstance(path, str) else path
    body = (struct.pack("<QQQB", start, end, pgoff, len(build_id)) + build_id
            + struct.pack("<H", len(p)) + p)
    n = len(body) if length is None else length
    return b"\x80" + struct.pack("<I", n) + body


def task_mapping(pid, time, length=None, **kw):
    """A task map record (kind 0x81): pid and time, then a map record's
    fields; @length overrides the true body length."""
    body = struct.pack("<IQ", pid, time) + mapping(**kw)[5:]
    n = len(body) if length is None else length
    return b"\x81" + struct.pack("<I", n) + body


def task(pid, length=4):
    """A task record (kind 0x82)."""
    return b"\x82" + struct.pack("<I", length) + struct.pack("<I", pid)[:length] \
        + bytes(max(0, length - 4))


def stop(cycle, length=8):
    """A stop record (kind 0x83)."""
    return b"\x83" + struct.pack("<I", length) + struct.pack("<Q", cycle)[:length] \
        + bytes(max(0, length - 8))


def callchain(callers, count=None, length=None):
    """A call-chain record (kind 0x85): the callers of the sample that
    follows; @count and @length override the true ones."""
    n = len(callers) if count is None else count
    body = struct.pack("<I", n) + b"".join(struct.pack("<Q", a) for a in callers)
    size = len(body) if length is None else length
    return b"\x85" + struct.pack("<I", size) + body


def daddrs(mask, addrs, length=None):
    """A data-address record (kind 0x87): a mask of slots, then an address
    for each; @length overrides the true one."""
    body = struct.pack("<B", mask) + b"".join(struct.pack("<Q", a) for a in addrs)
    size = len(body) if length is None else length
    return b"\x87" + struct.pack("<I", size) + body


def buffer(records, count=None, pad=0, length=None, width=4):
    """A buffer record (kind 0x86): the sampler's records of 2 + 2W words
    (teatime; teastat with the state at bits 3:2 and the slots at 15:8;
    the W addresses; the W PSVs), zero words as padding between them;
    @count, @pad and @length override the true ones."""
    words = b""
    for r in records:
        if r is None:
            words += bytes(8)
            continue
        state, valid, cycle, slots = r
        addrs = [a for a, _ in slots] + [0] * (width - len(slots))
        psvs = [p for _, p in slots] + [0] * (width - len(slots))
        stat = 1 | state << 2 | valid << 8
        words += struct.pack("<QQ", cycle, stat)
        words += struct.pack("<%dQ" % width, *addrs)
        words += struct.pack("<%dQ" % width, *psvs)
    n = sum(1 for r in records if r is not None and r[1]) if count is None else count
    body = struct.pack("<IB", n, pad) + bytes(pad) + words
    size = len(body) if length is None else length
    return b"\x86" + struct.pack("<I", size) + body


# The samples of GOOD as the sampler writes them (slots in place).
BUFFERED = [
    (COMPUTE, 0b0011, 4000, [(0x80000000, 0), (0x80000004, 1 << 6)]),
    (STALLED, 0b0001, 8000, [(0x80000010, (1 << 6) | (1 << 8))]),
]

KERNEL_MAP = mapping(0xffffffff80001000, 0xffffffff80105000, 0,
                     bytes(range(100, 120)), "[kernel]")

SMP = b"TEASMPL\0"
PROF = b"TEAPROF\0"
GOOD = [
    sample(COMPUTE, 0b0011, 4000, [(0x80000000, 0), (0x80000004, 1 << 6)]),
    sample(STALLED, 0b0001, 8000, [(0x80000010, (1 << 6) | (1 << 8))]),
    sample(FLUSHED, 0b0100, 12000, [(0x80000020, 1 << 3)]),
]


def samples_file(fields=None, records=None, count=None, **kw):
    fields = header_fields() if fields is None else fields
    records = GOOD if records is None else records
    n = len(records) if count is None else count
    return preamble(SMP, fields, **kw) + b"".join(records) + end(n, 0)


def profile_fields(unit_den=12, **kw):
    return header_fields(**kw) + struct.pack("<QQQQ", 1000, 0, 0, unit_den)


def entry(addr, sig, weight):
    return struct.pack("<BQHQ", 1, addr, sig, weight)


PROF_ENTRIES = [(0x80000000, 0, 12), (0x80000000, 1 << 6, 24),
                (0x80000004, 1 << 3, 6)]


def profile_file(entries=PROF_ENTRIES, count=None, total=None, unit_den=12,
                 **kw):
    body = b"".join(entry(*e) for e in entries)
    n = len(entries) if count is None else count
    t = sum(e[2] for e in entries) if total is None else total
    return (preamble(PROF, profile_fields(unit_den=unit_den), **kw) + body +
            end(n, t))


def corpus():
    good = samples_file()
    hdr_len = len(header_fields())
    files = {
        # Files a reader must accept.
        "valid-samples.tea": good,
        "valid-empty.tea": samples_file(records=[]),
        # A later minor version: an extra header field and an extension
        # record of a kind this reader does not know, both skipped.
        "valid-minor-extension.tea":
            preamble(SMP, header_fields() + b"\x01\x02\x03\x04", minor=3)
            + GOOD[0] + b"\xfe" + struct.pack("<I", 3) + b"new"
            + b"".join(GOOD[1:]) + end(3, 0),
        # Tasks (minor version 2): task map records, task records before
        # the samples of each task, a stop record after the last sample.
        "valid-tasks.tea": samples_file(
            records=[task_mapping(7, 0), task(7), GOOD[0],
                     task_mapping(8, 5000, path="/bin/loop"), task(8),
                     GOOD[1], task(7), GOOD[2], stop(12001), KERNEL_MAP],
            count=3, minor=2),
        # Call chains (minor version 4): a call-chain record right before
        # the sample it belongs to, after the task record; one of no
        # callers; a sample without one.
        "valid-callchains.tea": samples_file(
            records=[callchain([0x80000100, 0x80000200]), GOOD[0], GOOD[1],
                     task(7), callchain([0x80000300]), GOOD[2],
                     callchain([]), GOOD[1]],
            count=4, minor=4),
        # Data addresses (minor version 6): a data-address record right
        # before its sample, after its call-chain record when it has one.
        "valid-data-addresses.tea": samples_file(
            records=[daddrs(0b10, [0x80010000]), GOOD[0],
                     callchain([0x80000100]), daddrs(0b01, [0x80010040]), GOOD[1],
                     GOOD[2]],
            count=3, minor=6),
        "daddr-mask-zero.tea": samples_file(records=[daddrs(0, []), GOOD[0]], count=1),
        "daddr-len-long.tea": samples_file(records=[
            daddrs(0b01, [0x80010000], length=17) + bytes(8), GOOD[1]], count=1),
        "daddr-slot-not-held.tea": samples_file(records=[
            daddrs(0b10, [0x80010000]), GOOD[1]], count=1),
        "daddr-then-callchain.tea": samples_file(records=[
            daddrs(0b01, [0x80010000]), callchain([0x80000100]), GOOD[1]], count=1),
        "daddr-at-eof.tea": preamble(SMP, header_fields())
            + GOOD[0] + daddrs(0b01, [0x80010000]),
        # Buffer records (minor version 5): the sampler's records as it
        # wrote them, with padding words and a record of no instruction,
        # between sample records and after a task record.
        "valid-buffer.tea": samples_file(
            records=[GOOD[0], task(7), buffer(BUFFERED[:1] + [None, None]
                                             + [(FLUSHED, 0, 6000, [])]
                                             + BUFFERED[1:], pad=3),
                     GOOD[2], buffer([])],
            count=4, minor=5),
        "buffer-count-wrong.tea": samples_file(
            records=[buffer(BUFFERED, count=3)], count=3),
        "buffer-record-cut.tea": samples_file(
            records=[buffer(BUFFERED, length=5 + 48 * 2 - 8)[:-8]], count=2),
        "buffer-pad-8.tea": samples_file(
            records=[buffer(BUFFERED, pad=8)], count=2),
        "buffer-len-tiny.tea": samples_file(
            records=[buffer([], length=4)[:-1]], count=0),
        "buffer-slot-beyond-width.tea": samples_file(
            records=[buffer([(STALLED, 0b10000, 8000, [])])], count=1),
        "buffer-stalled-two.tea": samples_file(
            records=[buffer([(STALLED, 0b0011, 8000, BUFFERED[0][3])])], count=1),
        "buffer-after-stop.tea": samples_file(
            records=[stop(1), buffer(BUFFERED)], count=2),
        "buffer-after-callchain.tea": samples_file(
            records=[callchain([0x80000100]), buffer(BUFFERED)], count=2),
        "buffer-cut.tea": preamble(SMP, header_fields()) + buffer(BUFFERED)[:60],
        "prof-buffer.prof": preamble(PROF, profile_fields())
            + buffer(BUFFERED) + end(0, 0),
        "valid-profile.prof": profile_file(),
        # Map records (minor version 1) anywhere before the end record.
        "valid-maps.tea": samples_file(
            records=[mapping(), GOOD[0], mapping(path="[vdso]", build_id=b"")]
            + GOOD[1:] + [KERNEL_MAP], count=3, minor=1),
        "valid-maps.prof": preamble(PROF, profile_fields(), minor=1)
            + mapping() + KERNEL_MAP
            + b"".join(entry(*e) for e in PROF_ENTRIES)
            + end(3, sum(e[2] for e in PROF_ENTRIES)),

        # Preamble.
        "empty.tea": b"",
        "short-magic.tea": b"TEAS",
        "wrong-magic.tea": b"ELF\x7f" + good[4:],
        "major-0.tea": samples_file(major=0),
        "major-2.tea": samples_file(major=2),
        "header-len-huge.tea": samples_file(header_len=0xffffffff),
        "header-len-past-eof.tea": good[:12] + struct.pack("<I", 60000)
            + good[16:],
        "header-len-short.tea": samples_file(header_len=hdr_len - 10),
        "header-only-preamble.tea": good[:16],

        # Header fields.
        "scheme-empty.tea": samples_file(header_fields(scheme="")),
        "scheme-bad-char.tea": samples_file(header_fields(scheme="T A")),
        "scheme-len-overruns.tea": preamble(SMP, b"\xc8TEA"),
        "events-zero.tea": samples_file(header_fields(events=[])),
        "events-65.tea": samples_file(
            header_fields(events=["E%d" % i for i in range(65)])),
        "event-name-empty.tea": samples_file(
            header_fields(events=["DR-L1", ""])),
        "event-name-long.tea": samples_file(
            header_fields(events=["X" * 40])),
        "event-duplicate.tea": samples_file(
            header_fields(events=["ST-L1", "ST-L1"])),
        "event-named-base.tea": samples_file(header_fields(events=["Base"])),
        # The error quotes the name: it must still be one line.
        "event-name-newline.tea": samples_file(
            header_fields(events=["ST-L1", "ST\nL1"])),
        "prof-scheme-newline.prof": preamble(
            PROF, profile_fields(scheme="TE\nA")) + end(0, 0),
        "width-0.tea": samples_file(header_fields(width=0)),
        "width-9.tea": samples_file(header_fields(width=9)),
        "period-0.tea": samples_file(header_fields(period=0)),
        "binary-len-overruns.tea": preamble(
            SMP, header_fields()[:-(2 + len("/opt/bench.elf") + 21)]
            + b"\xff\xff/x"),
        "build-id-65.tea": samples_file(
            header_fields(build_id=bytes(65))),

        # Records.
        "no-end.tea": good[:-17],
        "end-cut.tea": good[:-5],
        "end-count-wrong.tea": samples_file(count=7),
        "data-after-end.tea": good + b"\x01",
        "kind-3.tea": samples_file(records=GOOD + [b"\x03"]),
        "kind-7f.tea": samples_file(records=[b"\x7f" + bytes(16)]),
        "extension-past-eof.tea": samples_file(
            records=[b"\x80" + struct.pack("<I", 1 << 30)]),
        "state-4.tea": samples_file(records=[
            sample(4, 1, 0, [(0x80000000, 0)])]),
        "no-valid-slot.tea": samples_file(records=[sample(COMPUTE, 0, 0, [])]),
        "slot-beyond-width.tea": samples_file(records=[
            sample(COMPUTE, 0x10, 0, [(0x80000000, 0)])]),
        "stalled-two-valid.tea": samples_file(records=[
            sample(STALLED, 3, 0, [(0x80000000, 0), (0x80000004, 0)])]),
        "psv-beyond-events.tea": samples_file(records=[
            sample(DRAINED, 1, 0, [(0x80000000, 1 << 12)])]),
        "sample-cut.tea": preamble(SMP, header_fields()) + GOOD[0][:15],

        # Map records: the length must agree with the fields.
        "map-len-short.tea": samples_file(records=[
            mapping(length=len(mapping()) - 6)]),
        "map-len-long.tea": samples_file(records=[
            mapping(length=len(mapping()) - 4) + b"x"]),
        "map-len-tiny.tea": samples_file(records=[
            b"\x80" + struct.pack("<I", 10) + bytes(10)]),
        "map-len-huge.tea": samples_file(records=[
            mapping(length=1 << 30)]),
        "map-cut.tea": preamble(SMP, header_fields()) + mapping()[:30],
        "map-build-id-65.tea": samples_file(records=[
            mapping(build_id=bytes(65))]),
        "map-start-after-end.tea": samples_file(records=[
            mapping(start=0x11000, end=0x10000)]),
        "map-path-empty.tea": samples_file(records=[mapping(path="")]),
        "map-path-nul.tea": samples_file(records=[
            mapping(path=b"/bin/p\0rog")]),
        "task-map-len-short.tea": samples_file(records=[
            task_mapping(7, 0, length=len(task_mapping(7, 0)) - 6)]),
        "task-map-len-tiny.tea": samples_file(records=[
            task_mapping(7, 0, length=27 + 3)]),
        "task-map-start-after-end.tea": samples_file(records=[
            task_mapping(7, 0, start=0x11000, end=0x10000)]),
        "task-len-3.tea": samples_file(records=[task(7, length=3)]),
        "task-len-8.tea": samples_file(records=[task(7, length=8)]),
        "stop-len-16.tea": samples_file(records=[stop(1, length=16)]),
        "stop-twice.tea": samples_file(records=GOOD + [stop(1), stop(2)],
                                       count=3),
        "sample-after-stop.tea": samples_file(
            records=[GOOD[0], stop(5000)] + GOOD[1:]),
        # Call-chain records: the length is 4 + 8 n, n at most 127, and
        # a sample record follows right after.
        "callchain-len-long.tea": samples_file(records=[
            callchain([0x80000100], length=13) + b"x", GOOD[0]], count=1),
        "callchain-len-short.tea": samples_file(records=[
            callchain([0x80000100, 0x80000200], length=12)[:-8], GOOD[0]],
            count=1),
        "callchain-len-tiny.tea": samples_file(records=[
            b"\x85" + struct.pack("<I", 2) + b"\0\0", GOOD[0]], count=1),
        "callchain-128.tea": samples_file(records=[
            callchain([0x80000000 + 4 * i for i in range(128)]), GOOD[0]],
            count=1),
        "callchain-then-end.tea": samples_file(records=[
            callchain([0x80000100])], count=0),
        "callchain-then-task.tea": samples_file(records=[
            callchain([0x80000100]), task(7), GOOD[0]], count=1),
        "callchain-twice.tea": samples_file(records=[
            callchain([0x80000100]), callchain([0x80000200]), GOOD[0]],
            count=1),
        "callchain-at-eof.tea": preamble(SMP, header_fields())
            + GOOD[0] + callchain([0x80000100]),
        "callchain-cut.tea": preamble(SMP, header_fields())
            + callchain([0x80000100, 0x80000200])[:15],
        "prof-callchain-then-end.prof": preamble(PROF, profile_fields())
            + callchain([0x80000100]) + end(0, 0),
        "prof-map-len-short.prof": preamble(PROF, profile_fields())
            + mapping(length=len(mapping()) - 6) + end(0, 0),

        # Profiles.
        "prof-empty.prof": b"",
        "prof-no-end.prof": profile_file()[:-17],
        "prof-unsorted.prof": profile_file(
            entries=[PROF_ENTRIES[1], PROF_ENTRIES[0], PROF_ENTRIES[2]]),
        "prof-duplicate.prof": profile_file(
            entries=[PROF_ENTRIES[0], PROF_ENTRIES[0]]),
        "prof-weight-0.prof": profile_file(entries=[(0x80000000, 0, 0)]),
        "prof-sum-wrong.prof": profile_file(total=1),
        "prof-count-wrong.prof": profile_file(count=2),
        "prof-unit-0.prof": profile_file(unit_den=0),
        "prof-sig-beyond-events.prof": profile_file(
            entries=[(0x80000000, 1 << 9, 1)]),
        "prof-major-2.prof": profile_file(major=2),
        "prof-header-short.prof": preamble(PROF, header_fields()),
    }
    return files


def main():
    for name in os.listdir(HERE):
        if name.endswith((".tea", ".prof")):
            os.unlink(os.path.join(HERE, name))
    for name, data in sorted(corpus().items()):
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
