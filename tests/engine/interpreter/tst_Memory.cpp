// SPDX-License-Identifier: MIT
// Tests Memory and the pointer encoding: allocation, checked reads and writes, every fault kind,
// out-of-bounds pointers that keep their object, and copies that behave as snapshots.
#include "engine/interpreter/Memory.hpp"

#include <QtTest>

#include <cstring>

using namespace weft::interpreter;
using namespace weft::program;

class tst_Memory : public QObject {
    Q_OBJECT
private slots:
    void pointerEncodingRoundTrips();
    void outOfBoundsPointerKeepsItsObject();
    void allocateReadWrite();
    void faultsHaveTheirKind();
    void freeRules();
    void stackLifetimeEnds();
    void readOnlyGlobals();
    void readStringStopsAtObjectEnd();
    void copyIsSnapshot();
    void raceShadowFollowsTouchedPages();
};

void tst_Memory::pointerEncodingRoundTrips() {
    for (std::uint32_t owner : {0u, 1u, 77u, kFunctionOwner})
        for (std::uint32_t object : {0u, 1u, 12345u, kMaxObjectsPerOwner - 1})
            for (std::int64_t offset : {std::int64_t(0), std::int64_t(8), std::int64_t(-16), kOffsetBias - 1, -kOffsetBias}) {
                const DecodedPointer d = decodePointer(encodePointer(owner, object, offset));
                QCOMPARE(d, (DecodedPointer{owner, object, offset}));
            }
    QCOMPARE(decodePointer(0), (DecodedPointer{0, 0, -kOffsetBias})); // NULL is the null object
    QCOMPARE(globalPointer(0), encodePointer(kGlobalOwner, 1));
    QCOMPARE(functionPointer(3), encodePointer(kFunctionOwner, 3));
}

void tst_Memory::outOfBoundsPointerKeepsItsObject() {
    const std::uint64_t p = encodePointer(5, 9);
    const std::uint64_t before = p - 4, after = p + 1000;
    QCOMPARE(decodePointer(before), (DecodedPointer{5, 9, -4}));
    QCOMPARE(decodePointer(after), (DecodedPointer{5, 9, 1000}));
    QCOMPARE(before + 4, p);
}

void tst_Memory::allocateReadWrite() {
    Memory memory;
    MemoryFault fault;
    auto p = memory.allocate(threadOwner(0), ObjectKind::Heap, 16, 0, fault);
    QVERIFY(p);
    QCOMPARE(decodePointer(*p).owner, threadOwner(0));
    std::uint8_t *w = memory.write(*p + 8, 8, 8, fault);
    QVERIFY(w);
    const std::uint64_t v = 0x1122334455667788u;
    std::memcpy(w, &v, 8);
    const std::uint8_t *r = memory.read(*p + 8, 4, 4, fault);
    QVERIFY(r);
    std::uint32_t low;
    std::memcpy(&low, r, 4);
    QCOMPARE(low, 0x55667788u);
    // Each owner numbers its objects from 0: the same allocation sequence gives the same pointers.
    auto q = memory.allocate(threadOwner(1), ObjectKind::Heap, 4, 0, fault);
    auto r2 = memory.allocate(threadOwner(0), ObjectKind::Heap, 4, 0, fault);
    QCOMPARE(decodePointer(*q).object, 0u);
    QCOMPARE(decodePointer(*r2).object, 1u);
}

void tst_Memory::faultsHaveTheirKind() {
    Memory memory;
    MemoryFault fault;
    const std::uint64_t p = *memory.allocate(threadOwner(0), ObjectKind::Heap, 8, 0, fault);
    QVERIFY(!memory.read(p + 8, 1, 1, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::OutOfBounds);
    QCOMPARE(fault.offset, 8);
    QCOMPARE(QString::fromStdString(fault.describe()), QString("out-of-bounds read of 1 byte at offset 8 of a 8-byte heap block"));
    QVERIFY(!memory.write(p + 4, 8, 4, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::OutOfBounds);
    QVERIFY(!memory.read(p - 1, 1, 1, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::OutOfBounds);
    QCOMPARE(fault.offset, -1);
    QVERIFY(!memory.read(p + 2, 4, 4, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::Misaligned);
    QVERIFY(!memory.read(0, 4, 4, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::NullPointer);
    QVERIFY(!memory.read(16, 4, 4, fault)); // a small integer used as a pointer
    QCOMPARE(fault.kind, MemoryFaultKind::NullPointer);
    QVERIFY(!memory.read(encodePointer(40, 3), 4, 4, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::InvalidPointer);
    QVERIFY(!memory.read(functionPointer(0), 1, 1, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::InvalidPointer);
}

void tst_Memory::freeRules() {
    Memory memory;
    MemoryFault fault;
    const std::uint64_t p = *memory.allocate(threadOwner(0), ObjectKind::Heap, 8, 0, fault);
    const std::uint64_t local = *memory.allocate(threadOwner(0), ObjectKind::Stack, 8, 0, fault);
    QVERIFY(memory.release(0, fault)); // free(NULL)
    QVERIFY(!memory.release(p + 4, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::InvalidFree);
    QVERIFY(!memory.release(local, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::InvalidFree);
    QCOMPARE(memory.liveHeapObjects(), 1u);
    QVERIFY(memory.release(p, fault));
    QCOMPARE(memory.liveHeapObjects(), 0u);
    QVERIFY(!memory.read(p, 1, 1, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::UseAfterFree);
    QVERIFY(!memory.release(p, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::DoubleFree);
}

void tst_Memory::stackLifetimeEnds() {
    Memory memory;
    MemoryFault fault;
    const std::uint64_t local = *memory.allocate(threadOwner(2), ObjectKind::Stack, 4, 0, fault);
    QVERIFY(memory.write(local, 4, 4, fault));
    memory.endLifetime(local);
    QVERIFY(!memory.write(local, 4, 4, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::UseAfterReturn);
}

void tst_Memory::readOnlyGlobals() {
    Memory memory;
    MemoryFault fault;
    memory.addGlobal(0, {'h', 'i', 0}, true);
    memory.addGlobal(1, {0, 0, 0, 0}, false);
    QVERIFY(memory.read(globalPointer(0), 3, 1, fault));
    QVERIFY(!memory.write(globalPointer(0), 1, 1, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::ReadOnly);
    QVERIFY(memory.write(globalPointer(1), 4, 4, fault));
    std::string s;
    QVERIFY(memory.readString(globalPointer(0), s, fault));
    QCOMPARE(QString::fromStdString(s), QString("hi"));
}

void tst_Memory::readStringStopsAtObjectEnd() {
    Memory memory;
    MemoryFault fault;
    memory.addGlobal(0, {'a', 'b'}, false);
    std::string s;
    QVERIFY(!memory.readString(globalPointer(0), s, fault));
    QCOMPARE(fault.kind, MemoryFaultKind::OutOfBounds);
    QCOMPARE(fault.offset, 2);
}

void tst_Memory::copyIsSnapshot() {
    Memory memory;
    MemoryFault fault;
    const std::uint64_t p = *memory.allocate(threadOwner(0), ObjectKind::Heap, 4, 0, fault);
    *memory.write(p, 1, 1, fault) = 7;
    const Memory snapshot = memory;
    *memory.write(p, 1, 1, fault) = 9;
    QVERIFY(memory.release(p, fault));
    QCOMPARE(*snapshot.read(p, 1, 1, fault), std::uint8_t(7));
    Memory restored = snapshot;
    QCOMPARE(*restored.read(p, 1, 1, fault), std::uint8_t(7));
    QVERIFY(restored.release(p, fault));
}

void tst_Memory::raceShadowFollowsTouchedPages() {
    Memory memory;
    memory.setLimit(std::uint64_t{64} << 20);
    MemoryFault fault;
    const std::uint64_t size = std::uint64_t{32} << 20;
    const std::uint64_t p = *memory.allocate(threadOwner(0), ObjectKind::Heap, size, 0, fault);
    constexpr std::uint64_t kPage = RaceShadow::kPageCells;
    const std::uint64_t directory = size / kPage * sizeof(void *);
    RaceShadow *shadow = memory.shadow(p + 12345, 1);
    QVERIFY(shadow);
    QCOMPARE(shadow->pageCount(), 1u);
    QCOMPARE(shadow->bytes(), directory + kPage * sizeof(AccessCell));
    // An access across a page boundary covers both pages; touching them again costs nothing.
    QVERIFY(memory.shadow(p + 2 * kPage - 4, 8));
    QCOMPARE(shadow->pageCount(), 3u);
    QVERIFY(memory.shadow(p + 12345, 1));
    QCOMPARE(shadow->bytes(), directory + 3 * kPage * sizeof(AccessCell));
    // A page's cells are contiguous up to its end.
    QCOMPARE(shadow->runFrom(kPage + 60), 4u);
    shadow->cellAt(12345)->writeSite = 77;
    // A copy is a snapshot of the record too.
    Memory snapshot = memory;
    shadow->cellAt(12345)->writeSite = 78;
    QCOMPARE(snapshot.objectAt(p)->shadow.cellAt(12345)->writeSite, std::uint64_t(77));
    QCOMPARE(snapshot.objectAt(p)->shadow.bytes(), shadow->bytes());
    // The record counts against the limit: covering the whole object (40 bytes per byte) does not fit.
    QCOMPARE(memory.shadow(p, size), static_cast<RaceShadow *>(nullptr));
    QCOMPARE(shadow->pageCount(), 3u);
    // Freeing the object gives back its bytes and its record.
    QVERIFY(memory.release(p, fault));
    QVERIFY(memory.allocate(threadOwner(0), ObjectKind::Heap, size, 0, fault));
}

QTEST_GUILESS_MAIN(tst_Memory)
#include "tst_Memory.moc"
