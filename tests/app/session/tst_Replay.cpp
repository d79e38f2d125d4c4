// SPDX-License-Identifier: MIT
// Replay: steps lost_update.c's failing interleaving by event (forwards, back, run to a step, to the
// end) and by source line inside the running thread, and the state inspector reads thread statuses,
// call stacks, globals and locals with their C types, and the output at each step.
#include "app/cli/ProgramLoader.hpp"
#include "app/session/Replay.hpp"
#include "app/session/StateInspector.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::session;

class tst_Replay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void stepsByEventForwardsAndBack();
    void stepsBySourceLine();
    void inspectsThreadsAndVariables();
    void endsOnTheDefect();

private:
    std::unique_ptr<cli::LoadedProgram> m_program;
    Schedule m_losing; ///< T1 reads x, T2 increments it, T1 writes its stale value back
};

static std::string testProgram(const char *name) {
    return QStringLiteral(WEFT_TEST_PROGRAMS "/%1/%1.c").arg(QLatin1String(name)).toStdString();
}

static const views::VariableValue *find(const std::vector<views::VariableValue> &values, const char *name) {
    for (const auto &v : values)
        if (v.name == name)
            return &v;
    return nullptr;
}

void tst_Replay::initTestCase() {
    auto loaded = cli::loadProgram(testProgram("lost_update"), {}, {});
    QVERIFY(loaded.has_value());
    m_program = std::make_unique<cli::LoadedProgram>(std::move(*loaded));
    auto schedule = Schedule::parse("0*3,1*3,2*6");
    QVERIFY(schedule.has_value());
    m_losing = *schedule;
}

void tst_Replay::stepsByEventForwardsAndBack() {
    Replay r(m_program->program, m_losing);
    QVERIFY(r.eventCount() > 12);
    QCOMPARE(r.position(), 0u);
    QCOMPARE(r.runningThread(), ThreadId(0));
    QVERIFY(!r.stepBack());
    QVERIFY(r.stepEvent());
    QCOMPARE(r.position(), 1u);
    r.runTo(5); // T1 has locked m and stands on its unlock
    QCOMPARE(r.position(), 5u);
    QCOMPARE(r.runningThread(), ThreadId(1));
    QCOMPARE(r.machine().state().ownerOf(r.trace().steps[4].action.object), ThreadId(1));
    QVERIFY(r.stepBack());
    QCOMPARE(r.position(), 4u);
    QCOMPARE(r.machine().state().ownerOf(r.trace().steps[4].action.object), kNoThread);
    r.restart();
    QCOMPARE(r.position(), 0u);
    QCOMPARE(r.machine().state().threads.size(), 1u);
}

void tst_Replay::stepsBySourceLine() {
    Replay r(m_program->program, m_losing);
    r.runTo(4); // next: T1 locks m at line 13
    QCOMPARE(r.runningThread(), ThreadId(1));
    QCOMPARE(r.machine().callStack(1).front().spot.line, 13u);
    QVERIFY(r.stepLine()); // performs the lock, stops on `int tmp = x;`
    QVERIFY(r.isInsideLocalCode());
    QCOMPARE(r.position(), 4u);
    QCOMPARE(r.machine().callStack(1).front().spot.line, 14u);
    QVERIFY(r.stepLine()); // on the unlock call
    QCOMPARE(r.machine().callStack(1).front().spot.line, 15u);
    QVERIFY(r.stepLine()); // the unlock is T1's next event: the lock event is complete
    QVERIFY(!r.isInsideLocalCode());
    QCOMPARE(r.position(), 5u);
    QCOMPARE(r.machine().callStack(1).front().spot.line, 15u);
    // Back from inside local code returns to the start of the event.
    QVERIFY(r.stepLine());
    QVERIFY(r.isInsideLocalCode());
    QVERIFY(r.stepBack());
    QVERIFY(!r.isInsideLocalCode());
    QCOMPARE(r.position(), 5u);
}

void tst_Replay::inspectsThreadsAndVariables() {
    Replay r(m_program->program, m_losing);
    r.runTo(5);
    views::ProgramState s = inspectState(r);
    QCOMPARE(s.threads.size(), 3u);
    QCOMPARE(s.threads[0].status, views::ThreadStatus::Blocked); // main waits to join T1
    QCOMPARE(s.threads[0].pending, std::string("join T1"));
    QCOMPARE(s.threads[1].status, views::ThreadStatus::Running);
    QCOMPARE(s.threads[1].pending, std::string("unlock 'm'"));
    QCOMPARE(s.threads[1].frames.front().function, std::string("increment"));
    QCOMPARE(s.threads[1].frames.front().line, 15u);
    QCOMPARE(s.threads[2].status, views::ThreadStatus::Ready); // created, not started yet
    QCOMPARE(s.threads[2].pending, std::string("start"));
    const views::VariableValue *x = find(s.globals, "x");
    QVERIFY(x);
    QCOMPARE(x->type, std::string("int"));
    QCOMPARE(x->value, std::string("0"));
    const views::VariableValue *m = find(s.globals, "m");
    QVERIFY(m);
    QCOMPARE(m->value, std::string("locked by T1"));
    const views::VariableValue *tmp = find(s.threads[1].frames.front().locals, "tmp");
    QVERIFY(tmp);
    QCOMPARE(tmp->value, std::string("0"));
    QCOMPARE(tmp->type, std::string("int"));
    const auto &mainFrame = s.threads[0].frames.front();
    QCOMPARE(mainFrame.function, std::string("main"));
    QVERIFY(find(mainFrame.locals, "t1"));

    r.runTo(12); // T2 did its whole increment
    s = inspectState(r);
    QCOMPARE(find(s.globals, "x")->value, std::string("1"));
    QCOMPARE(s.threads[2].status, views::ThreadStatus::Finished);
}

void tst_Replay::endsOnTheDefect() {
    Replay r(m_program->program, m_losing);
    QVERIFY(r.endsInDefect());
    QVERIFY(QString::fromStdString(r.endMessage()).contains(QStringLiteral("x == 2")));
    r.runToEnd();
    QVERIFY(r.atEnd());
    QVERIFY(!r.stepEvent());
    QVERIFY(!r.stepLine());
    QCOMPARE(r.faultSpot().line, 30u);
    const views::ProgramState s = inspectState(r);
    QCOMPARE(s.output, std::string("x = 1\n"));
    QCOMPARE(find(s.globals, "x")->value, std::string("1"));

    // A passing interleaving ends without a defect.
    Replay passing(m_program->program, Schedule{});
    QVERIFY(!passing.endsInDefect());
    passing.runToEnd();
    QCOMPARE(inspectState(passing).output, std::string("x = 2\n"));
}

QTEST_MAIN(tst_Replay)
#include "tst_Replay.moc"
