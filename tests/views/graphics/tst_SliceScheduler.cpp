// SPDX-License-Identifier: MIT
// SliceScheduler: slices run from the event loop, back to back while a batch is not done, the next
// batch waits for the batch interval, reset() drops a pending slice, and a slice is over once its time
// is up (checked every kCheckEvery items).
#include "views/graphics/SliceScheduler.hpp"

#include <QElapsedTimer>
#include <QtTest>

#include <thread>

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
    SliceScheduler scheduler([&] { return ++slices, true; }, [] { return 300; });
    QElapsedTimer clock;
    clock.start();
    scheduler.schedule();
    QTRY_COMPARE(slices, 1); // the first batch starts at once
    scheduler.schedule();
    QCoreApplication::processEvents();
    QCOMPARE(slices, 1); // the second one waits for the interval since the first started
    QTRY_COMPARE(slices, 2);
    QVERIFY(clock.elapsed() >= 250);
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
    SliceScheduler *self = nullptr;
    SliceScheduler scheduler(
        [&] {
            for (std::size_t done = 0;; ++done) {
                if (self->isSliceOver(done)) {
                    doneWhenOver = done;
                    return true;
                }
                if (done == 10)
                    std::this_thread::sleep_for(std::chrono::milliseconds(SliceScheduler::kSliceMilliseconds + 5));
            }
        },
        [] { return 0; });
    self = &scheduler;
    scheduler.schedule();
    QTRY_VERIFY(doneWhenOver != 0);
    QCOMPARE(doneWhenOver, SliceScheduler::kCheckEvery - 1); // the first check after the time ran out
}

QTEST_MAIN(tst_SliceScheduler)
#include "tst_SliceScheduler.moc"
