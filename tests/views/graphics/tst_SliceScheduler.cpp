// SPDX-License-Identifier: MIT
// SliceScheduler: slices run from the event loop, back to back while a batch is not done, the next
// batch waits for the batch interval, reset() drops a pending slice, and a slice is over once its time
// is up (checked every kCheckEvery items). Time is a test clock the tests step themselves.
#include "views/graphics/SliceScheduler.hpp"

#include <QtTest>

using namespace weft::views;

class tst_SliceScheduler : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void slicesUntilDone();
    void nextBatchWaitsForTheInterval();
    void resetDropsThePendingSlice();
    void sliceIsOverWhenItsTimeIsUp();
};

void tst_SliceScheduler::slicesUntilDone() {
    int slices = 0;
    SliceScheduler scheduler([&] { return ++slices == 3; }, [] { return 10000; });
    scheduler.schedule();
    QCOMPARE(slices, 0); // never inside schedule()
    QVERIFY(scheduler.isScheduled());
    QTRY_COMPARE(slices, 3); // one batch, three slices, no batch interval in between
    QVERIFY(!scheduler.isCatchingUp());
    QVERIFY(!scheduler.isScheduled());
}

void tst_SliceScheduler::nextBatchWaitsForTheInterval() {
    int slices = 0;
    qint64 now = 1000;
    SliceScheduler scheduler([&] { return ++slices, true; }, [] { return 300; }, nullptr, [&] { return now; });
    scheduler.schedule();
    QCOMPARE(scheduler.scheduledDelay(), 0);
    QTRY_COMPARE(slices, 1); // the first batch starts at once
    now += 100;
    scheduler.schedule();
    QCoreApplication::processEvents();
    QCOMPARE(slices, 1); // the second one waits for the interval since the first started
    QCOMPARE(scheduler.scheduledDelay(), 200);
    QTRY_COMPARE(slices, 2);
    now += 400; // a batch long after the last one starts at once
    scheduler.schedule();
    QCOMPARE(scheduler.scheduledDelay(), 0);
    QTRY_COMPARE(slices, 3);
}

void tst_SliceScheduler::resetDropsThePendingSlice() {
    int slices = 0;
    SliceScheduler scheduler([&] { return ++slices, true; }, [] { return 300; });
    scheduler.schedule();
    QTRY_COMPARE(slices, 1);
    scheduler.schedule(); // waits for the interval...
    scheduler.reset();    // ...and is dropped
    QVERIFY(!scheduler.isScheduled());
    scheduler.schedule(); // a new run starts at once
    QTRY_COMPARE(slices, 2);
}

void tst_SliceScheduler::sliceIsOverWhenItsTimeIsUp() {
    std::size_t doneWhenOver = 0;
    qint64 now = 0;
    SliceScheduler *self = nullptr;
    SliceScheduler scheduler(
        [&] {
            for (std::size_t done = 0;; ++done) {
                if (self->isSliceOver(done)) {
                    doneWhenOver = done;
                    return true;
                }
                if (done == 10)
                    now += SliceScheduler::kSliceMilliseconds + 5;
            }
        },
        [] { return 0; }, nullptr, [&] { return now; });
    self = &scheduler;
    scheduler.schedule();
    QTRY_VERIFY(doneWhenOver != 0);
    QCOMPARE(doneWhenOver, SliceScheduler::kCheckEvery - 1); // the first check after the time ran out
}

QTEST_MAIN(tst_SliceScheduler)
#include "tst_SliceScheduler.moc"
