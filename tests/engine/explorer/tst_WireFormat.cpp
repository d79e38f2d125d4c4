// SPDX-License-Identifier: MIT
// The bytes distributed exploration sends between MPI ranks (engine/explorer/WireFormat): work items, shared
// events and ranks' results come back field for field, and truncated or corrupted bytes are refused, never
// read past their end.
#include "engine/explorer/WireFormat.hpp"

#include <QtTest>

using namespace weft;

namespace {

WorkItem sampleItem() {
    WorkItem item;
    item.schedule.replay = {0, 0, 1, 2, 1, 0, 300, 70000};
    item.schedule.choices = {{3, -5}, {9, 1ll << 40}, {12, std::numeric_limits<std::int64_t>::min()}};
    item.schedule.sleeping = {{2, 0xdeadbeefcafeull, ActionKind::MutexLock}};
    item.prefixLength = 5;
    item.disabled = {{1, {ActionKind::MutexLock, 1, 77, 0}}, {4, {ActionKind::ThreadJoin, 0, 2, -1}}};
    return item;
}

} // namespace

class tst_WireFormat : public QObject {
    Q_OBJECT
private slots:
    void workItemRoundTrip() {
        const WorkItem item = sampleItem();
        wire::Writer w;
        wire::write(w, item);
        wire::Reader r(w.bytes());
        const WorkItem back = wire::readWorkItem(r);
        QVERIFY(r.ok());
        QVERIFY(r.atEnd());
        QCOMPARE(back.schedule.replay, item.schedule.replay);
        QCOMPARE(back.schedule.choices, item.schedule.choices);
        QCOMPARE(back.schedule.sleeping.size(), std::size_t{1});
        QCOMPARE(back.schedule.sleeping[0].thread, ThreadId{2});
        QCOMPARE(back.schedule.sleeping[0].mutex, ObjectId{0xdeadbeefcafeull});
        QVERIFY(back.schedule.sleeping[0].kind == ActionKind::MutexLock);
        QCOMPARE(back.prefixLength, 5u);
        QCOMPARE(back.disabled.size(), std::size_t{2});
        for (std::size_t i = 0; i < 2; ++i) {
            QCOMPARE(back.disabled[i].index, item.disabled[i].index);
            QVERIFY(back.disabled[i].action == item.disabled[i].action);
        }
    }

    void sharedEventRoundTrip() {
        SharedEvent e{{ActionKind::MemWrite, kNoThread, 12, -3}, {1, 2}, {3, 4}, {0, 0}, {{5, 6}, {~0ull, 7}}};
        wire::Writer w;
        wire::write(w, e);
        wire::write(w, e);
        wire::Reader r(w.bytes());
        for (int twice = 0; twice < 2; ++twice) {
            const SharedEvent back = wire::readSharedEvent(r);
            QVERIFY(back.action == e.action);
            QVERIFY(back.key == e.key && back.threadPred == e.threadPred && back.otherPred == e.otherPred);
            QVERIFY(back.extras == e.extras);
        }
        QVERIFY(r.ok() && r.atEnd());
    }

    void resultRoundTrip() {
        ExplorationResult result;
        result.stopReason = StopReason::Timeout;
        result.statistics.maximalConfigurations = 314064;
        result.statistics.sleepSetBlocked = 3;
        result.statistics.lateClues = 9;
        result.statistics.executions = 314067;
        result.statistics.defects = 2;
        result.statistics.cpuSeconds = 1.25;
        result.statistics.peakRssBytes = 1ull << 33;
        Defect d;
        d.kind = DefectKind::Deadlock;
        d.thread = kNoThread;
        d.message = "deadlock: T1 waits for m";
        d.identity = "m|T1";
        d.location = "a.c:3:4";
        d.schedule = sampleItem().schedule;
        d.trace = {{ActionKind::ThreadStart, 0, 0, 0}, {ActionKind::MutexLock, 1, 9, 0}};
        d.execution = 17;
        d.occurrences = 4;
        result.defects = {d};
        result.diagnostics = {Diagnostic::warning("execution 3 was cut"), {"f.c", 2, 7, Severity::Error, "x", {"fix"}}};
        wire::Writer w;
        wire::write(w, result);
        wire::Reader r(w.bytes());
        const ExplorationResult back = wire::readResult(r);
        QVERIFY(r.ok() && r.atEnd());
        QVERIFY(back.stopReason == StopReason::Timeout);
        QCOMPARE(back.statistics.maximalConfigurations, 314064ull);
        QCOMPARE(back.statistics.sleepSetBlocked, 3ull);
        QCOMPARE(back.statistics.lateClues, 9ull);
        QCOMPARE(back.statistics.executions, 314067ull);
        QCOMPARE(back.statistics.defects, 2ull);
        QCOMPARE(back.statistics.cpuSeconds, 1.25);
        QCOMPARE(back.statistics.peakRssBytes, 1ull << 33);
        QCOMPARE(back.defects.size(), std::size_t{1});
        const Defect &b = back.defects[0];
        QVERIFY(b.kind == DefectKind::Deadlock);
        QCOMPARE(b.thread, kNoThread);
        QCOMPARE(b.message, d.message);
        QCOMPARE(b.identity, d.identity);
        QCOMPARE(b.location, d.location);
        QCOMPARE(b.schedule.toString(), d.schedule.toString());
        QVERIFY(b.trace == d.trace);
        QCOMPARE(b.execution, 17ull);
        QCOMPARE(b.occurrences, 4ull);
        QCOMPARE(back.diagnostics.size(), std::size_t{2});
        QCOMPARE(back.diagnostics[0].format(), result.diagnostics[0].format());
        QCOMPARE(back.diagnostics[1].format(), result.diagnostics[1].format());
        QCOMPARE(back.diagnostics[1].fixIts, std::vector<std::string>{"fix"});
    }

    /// Every proper prefix of a message, and a count that claims more than the bytes hold, fail cleanly.
    void truncatedOrCorruptBytesFail() {
        wire::Writer w;
        wire::write(w, sampleItem());
        const std::vector<std::uint8_t> bytes = w.bytes();
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            wire::Reader r(std::span<const std::uint8_t>(bytes).first(n));
            (void)wire::readWorkItem(r);
            QVERIFY2(!r.ok(), qPrintable(QString("prefix of %1 bytes read as a whole item").arg(n)));
        }
        wire::Writer huge;
        huge.u64(1ull << 62); // a replay of 2^62 threads in a 10-byte message
        wire::Reader r(huge.bytes());
        QCOMPARE(r.count(), std::size_t{0});
        QVERIFY(!r.ok());
        const std::vector<std::uint8_t> endless(12, 0xff); // a varint that never ends
        wire::Reader v(endless);
        QCOMPARE(v.u64(), 0ull);
        QVERIFY(!v.ok());
    }
};

QTEST_APPLESS_MAIN(tst_WireFormat)
#include "tst_WireFormat.moc"
