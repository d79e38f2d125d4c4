// SPDX-License-Identifier: MIT
// "Explore with this event" on the sc test programs, for every event of their unfoldings: the causal
// past the snapshot gives equals the unfolding's own (precedesOrEqual, sc's extra predecessors
// included), the chosen configuration is causally closed and conflict-free in the unfolding, and
// replaying its schedule performs each of its events' actions in order, the chosen one included.
#include "engine/debugger/EventChoice.hpp"
#include "engine/debugger/LiveExploration.hpp"
#include "engine/debugger/TracedExecution.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/interpreter/Interpreter.hpp"

#include <QtTest>

#include <algorithm>

using namespace weft;
using namespace weft::debugger;

class tst_EventChoice : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyEventOfTheScPrograms_data();
    void everyEventOfTheScPrograms();
};

void tst_EventChoice::everyEventOfTheScPrograms_data() {
    QTest::addColumn<QString>("name");
    for (const char *name : {"sc_fig1", "sc_lost_update", "sc_mutual_exclusion", "sc_readers", "sc_writers"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void tst_EventChoice::everyEventOfTheScPrograms() {
    QFETCH(QString, name);
    const std::string file = QStringLiteral(WEFT_TEST_PROGRAMS "/%1/%1.c").arg(name).toStdString();
    auto loaded = loadProgram(file);
    QVERIFY(loaded);
    auto program = std::make_shared<const LoadedProgram>(std::move(*loaded));
    interpreter::InterpreterOptions sc;
    sc.model = interpreter::MemoryModel::Sc;

    // The engine's unfolding, explored directly.
    interpreter::Interpreter machine(program->program, sc);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, {});
    explorer.run();
    const Unfolding &u = explorer.unfolding();

    // The snapshot a client sees of the same exploration.
    SnapshotPtr last;
    LiveExploration live(program, {{}, sc, 1}, [&](SnapshotPtr s) { last = std::move(s); });
    live.wait();
    QVERIFY(last && last->isFinished());
    QCOMPARE(last->events.size(), u.size());
    const ExplorationSnapshot &s = *last;

    std::size_t withExtras = 0;
    for (const std::uint64_t execution : {std::uint64_t{1}, s.statistics.executions}) {
        std::vector<EventId> current = s.pathTo(s.leafOf(execution));
        std::sort(current.begin(), current.end());
        QVERIFY(!current.empty());
        for (EventId e = 0; e < u.size(); ++e) {
            const QByteArray where = QStringLiteral("event %1 (%2), current: execution %3")
                                         .arg(e)
                                         .arg(QString::fromStdString(u.event(e).action.toString()))
                                         .arg(execution)
                                         .toUtf8();
            withExtras += !u.extraPredecessors(e).empty();
            std::vector<EventId> enginePast;
            for (EventId x = 0; x <= e; ++x)
                if (u.precedesOrEqual(x, e))
                    enginePast.push_back(x);
            QVERIFY2(causalPast(s, e) == enginePast, where.constData());

            const ChosenRun run = configurationWith(s, current, e);
            QVERIFY2(std::binary_search(run.events.begin(), run.events.end(), e), where.constData());
            for (EventId x : run.events) {
                for (EventId p : u.predecessors(x))
                    QVERIFY2(std::binary_search(run.events.begin(), run.events.end(), p), where.constData());
                for (EventId y : run.events)
                    QVERIFY2(x >= y || !u.inConflict(x, y), where.constData());
            }
            // What the configuration keeps of `current`: everything not in conflict with [e].
            for (EventId c : current) {
                bool conflicts = false;
                for (EventId p : enginePast)
                    conflicts = conflicts || u.inConflict(c, p);
                QVERIFY2(conflicts != std::binary_search(run.events.begin(), run.events.end(), c), where.constData());
            }
            const TracedExecution trace = traceSchedule(program->program, sc, run.schedule);
            QVERIFY2(trace.steps.size() >= run.events.size(), where.constData());
            for (std::size_t i = 0; i < run.events.size(); ++i)
                QVERIFY2(trace.steps[i].action == u.event(run.events[i]).action, where.constData());
        }
    }
    if (name == QLatin1String("sc_lost_update"))
        QVERIFY(withExtras > 0); // the case the snapshot used to get wrong: writes after reads
}

QTEST_GUILESS_MAIN(tst_EventChoice)
#include "tst_EventChoice.moc"
