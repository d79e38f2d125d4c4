// SPDX-License-Identifier: MIT
// Replay: steps lost_update.c's failing interleaving by event (forwards, back, run to a step, to the
// end) and by source line inside the running thread, and the state inspector reads thread statuses,
// call stacks, globals and locals with their C types, and the output at each step; variables_shapes.c's
// structs and arrays come with their fields and elements, a large array's first elements only, and
// however large a variable, the parts read for it are bounded.
#include "engine/debugger/ProgramLoader.hpp"
#include "engine/debugger/TracedExecution.hpp"
#include "engine/debugger/Replay.hpp"
#include "engine/debugger/StateInspector.hpp"
#include "engine/debugger/ValueFormatter.hpp"
#include "views/variables/VariablesModel.hpp"

#include <QtTest>

#include <fstream>
#include <functional>
#include <unistd.h>

using namespace weft;
using namespace weft::debugger;

class tst_Replay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void stepsByEventForwardsAndBack();
    void stepsBySourceLine();
    void inspectsThreadsAndVariables();
    void endsOnTheDefect();
    void inspectsStructsAndArrays();
    void inspectsThreadLocalsPerThread();
    void boundsLargeValues();
    void stepsBackToTheSameStatesAcrossCheckpoints();
    void memoryStaysBoundedWithALargeGlobal();

private:
    std::unique_ptr<debugger::LoadedProgram> m_program;
    Schedule m_losing; ///< T1 reads x, T2 increments it, T1 writes its stale value back
};

static std::string testProgram(const char *name) {
    return QStringLiteral(WEFT_TEST_PROGRAMS "/%1/%1.c").arg(QLatin1String(name)).toStdString();
}

static const debugger::VariableValue *find(const std::vector<debugger::VariableValue> &values, const char *name) {
    for (const auto &v : values)
        if (v.name == name)
            return &v;
    return nullptr;
}

void tst_Replay::initTestCase() {
    auto loaded = debugger::loadProgram(testProgram("lost_update"), {}, {});
    QVERIFY(loaded.has_value());
    m_program = std::make_unique<debugger::LoadedProgram>(std::move(*loaded));
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
    debugger::ProgramState s = inspectState(r);
    QCOMPARE(s.threads.size(), 3u);
    QCOMPARE(s.threads[0].status, debugger::ThreadStatus::Blocked); // main waits to join T1
    QCOMPARE(s.threads[0].pending, std::string("join T1"));
    QCOMPARE(s.threads[1].status, debugger::ThreadStatus::Running);
    QCOMPARE(s.threads[1].pending, std::string("unlock 'm'"));
    QCOMPARE(s.threads[1].frames.front().function, std::string("increment"));
    QCOMPARE(s.threads[1].frames.front().line, 15u);
    QCOMPARE(s.threads[2].status, debugger::ThreadStatus::Ready); // created, not started yet
    QCOMPARE(s.threads[2].pending, std::string("start"));
    const debugger::VariableValue *x = find(s.globals, "x");
    QVERIFY(x);
    QCOMPARE(x->type, std::string("int"));
    QCOMPARE(x->value, std::string("0"));
    const debugger::VariableValue *m = find(s.globals, "m");
    QVERIFY(m);
    QCOMPARE(m->value, std::string("locked by T1"));
    const debugger::VariableValue *tmp = find(s.threads[1].frames.front().locals, "tmp");
    QVERIFY(tmp);
    QCOMPARE(tmp->value, std::string("0"));
    QCOMPARE(tmp->type, std::string("int"));
    const auto &mainFrame = s.threads[0].frames.front();
    QCOMPARE(mainFrame.function, std::string("main"));
    QVERIFY(find(mainFrame.locals, "t1"));

    r.runTo(12); // T2 did its whole increment
    s = inspectState(r);
    QCOMPARE(find(s.globals, "x")->value, std::string("1"));
    QCOMPARE(s.threads[2].status, debugger::ThreadStatus::Finished);
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
    const debugger::ProgramState s = inspectState(r);
    QCOMPARE(s.output, std::string("x = 1\n"));
    QCOMPARE(find(s.globals, "x")->value, std::string("1"));

    // A passing interleaving ends without a defect.
    Replay passing(m_program->program, Schedule{});
    QVERIFY(!passing.endsInDefect());
    passing.runToEnd();
    QCOMPARE(inspectState(passing).output, std::string("x = 2\n"));
}

/// The part `name` of `v` ("count", "[2]"), or null.
static const debugger::VariableValue *part(const debugger::VariableValue *v, const char *name) {
    return v ? find(v->children, name) : nullptr;
}

/// "name : type = value" of each part of `v`, for comparing a whole level at once.
static QStringList partsOf(const debugger::VariableValue *v) {
    QStringList out;
    if (v)
        for (const debugger::VariableValue &c : v->children)
            out << QString::fromStdString(c.name + " : " + c.type + " = " + c.value);
    return out;
}

void tst_Replay::inspectsThreadLocalsPerThread() {
    auto loaded = debugger::loadProgram(testProgram("runtime_tls"), {}, {});
    QVERIFY(loaded.has_value());
    Replay r(loaded->program, Schedule{});
    // The first step at which T1 (worker 0: counter stays 5) has run its code and not exited yet.
    bool seen = false;
    for (std::size_t step = 0; step <= r.trace().steps.size() && !seen; ++step) {
        r.runTo(step);
        const debugger::ProgramState s = inspectState(r);
        const debugger::ThreadState *t1 = s.thread(1);
        if (!t1 || t1->status == debugger::ThreadStatus::Finished || !find(t1->threadLocals, "cursor"))
            continue;
        seen = true;
        QCOMPARE(find(t1->threadLocals, "counter")->value, std::string("5"));
        QCOMPARE(find(t1->threadLocals, "counter")->type, std::string("int"));
        QVERIFY(find(t1->threadLocals, "stats"));
        QCOMPARE(find(s.globals, "counter")->value, std::string("100")); // main's copy
        QVERIFY(s.thread(0)->threadLocals.empty());                      // main uses the globals
    }
    QVERIFY(seen);
}

void tst_Replay::inspectsStructsAndArrays() {
    auto loaded = debugger::loadProgram(testProgram("variables_shapes"), {}, {});
    QVERIFY(loaded.has_value());
    Replay r(loaded->program, Schedule{}); // main locks first: T0 start, create, lock, unlock, T1 start, lock, ...
    QCOMPARE(debugger::describeStep(r.trace().steps[5]), std::string("lock 'm'"));
    QCOMPARE(r.trace().steps[5].action.thread, ThreadId(1));
    r.runTo(2); // main stands on its lock
    debugger::ProgramState s = inspectState(r);

    const debugger::VariableValue *counter = find(s.globals, "counter");
    QVERIFY(counter);
    QCOMPARE(counter->type, std::string("counter_t")); // the typedef's name, its struct's fields
    QCOMPARE(counter->value, std::string("{count = 2, next = NULL}"));
    QCOMPARE(partsOf(counter), QStringList({"count : int = 2", "next : struct counter * = NULL"}));

    const debugger::VariableValue *box = find(s.globals, "box");
    QVERIFY(box);
    QCOMPARE(box->value, std::string("{name = \"box\", corner = {x = 1, y = 2}, size = {x = 3, y = 4}}"));
    QCOMPARE(partsOf(box), QStringList({"name : char [8] = \"box\"", "corner : struct point = {x = 1, y = 2}",
                                        "size : struct point = {x = 3, y = 4}"}));
    QCOMPARE(partsOf(part(box, "corner")), QStringList({"x : int = 1", "y : int = 2"}));
    QCOMPARE(part(box, "name")->children.size(), 8u);
    QCOMPARE(part(part(box, "name"), "[0]")->value, std::string("'b' (98)"));

    const debugger::VariableValue *primes = find(s.globals, "primes");
    QVERIFY(primes);
    QCOMPARE(primes->type, std::string("int [5]"));
    QCOMPARE(primes->value, std::string("{2, 3, 5, 7, 11}"));
    QCOMPARE(partsOf(primes), QStringList({"[0] : int = 2", "[1] : int = 3", "[2] : int = 5", "[3] : int = 7",
                                           "[4] : int = 11"}));

    const debugger::VariableValue *path = find(s.globals, "path");
    QVERIFY(path);
    QCOMPARE(path->type, std::string("struct point [3]"));
    QCOMPARE(partsOf(path), QStringList({"[0] : struct point = {x = 0, y = 0}", "[1] : struct point = {x = 1, y = 1}",
                                         "[2] : struct point = {x = 2, y = 4}"}));
    QCOMPARE(partsOf(part(path, "[2]")), QStringList({"x : int = 2", "y : int = 4"}));

    const debugger::VariableValue *grid = find(s.globals, "grid");
    QVERIFY(grid);
    QCOMPARE(grid->type, std::string("int [2][3]"));
    QCOMPARE(grid->value, std::string("{{1, 2, 3}, {4, 5, 6}}"));
    QCOMPARE(partsOf(grid), QStringList({"[0] : int [3] = {1, 2, 3}", "[1] : int [3] = {4, 5, 6}"}));
    QCOMPARE(partsOf(part(grid, "[1]")), QStringList({"[0] : int = 4", "[1] : int = 5", "[2] : int = 6"}));

    const debugger::VariableValue *state = find(s.globals, "state");
    QVERIFY(state);
    QCOMPARE(partsOf(state), QStringList({"ready : unsigned int : 1 = 1", "level : int : 4 = -3",
                                          "colour : enum colour = GREEN (1)"}));
    QCOMPARE(find(s.globals, "m")->value, std::string("unlocked")); // mutexes as before
    QVERIFY(find(s.globals, "m")->children.empty());

    // A large array: its first elements, and how many more there are.
    const debugger::VariableValue *big = find(s.globals, "big");
    QVERIFY(big);
    QCOMPARE(big->children.size(), std::size_t(debugger::ValueFormatter::kMaxElements));
    QCOMPARE(big->omitted, 1000u - debugger::ValueFormatter::kMaxElements);
    QCOMPARE(big->children.back().name, std::string("[99]"));
    QVERIFY(big->value.starts_with("{0, 0, 0,"));
    QVERIFY(big->value.ends_with(", …}"));
    QVERIFY(big->value.size() <= debugger::ValueFormatter::kMaxSummary + 4);

    const debugger::VariableValue *local = find(s.threads[0].frames.front().locals, "local");
    QVERIFY(local);
    QCOMPARE(local->type, std::string("struct point"));
    QCOMPARE(partsOf(local), QStringList({"x : int = 10", "y : int = 20"}));
    QCOMPARE(find(s.threads[0].frames.front().locals, "t")->value, std::string("T1"));

    // The model highlights what a step changed, part by part: main writes local.x, T1 its globals.
    views::VariablesModel model;
    model.setState(s);
    model.selectFrame(0, 0);
    r.runTo(3); // main stands on its unlock, local.x written
    s = inspectState(r);
    QCOMPARE(partsOf(find(s.threads[0].frames.front().locals, "local")), QStringList({"x : int = 11", "y : int = 20"}));
    model.setState(s);
    const auto isChanged = [&](const QModelIndex &i) { return i.data(views::VariablesModel::ChangedRole).toBool(); };
    const QModelIndex localRow = model.find(QStringLiteral("local"), false);
    QVERIFY(isChanged(localRow));
    QVERIFY(isChanged(model.part(localRow, QStringLiteral("x"))));
    QVERIFY(!isChanged(model.part(localRow, QStringLiteral("y"))));
    QVERIFY(!isChanged(model.find(QStringLiteral("counter"), true)));

    r.runTo(6); // T1 stands on its unlock, its writes done
    s = inspectState(r);
    model.setState(s);
    model.selectFrame(1, 0);
    counter = find(s.globals, "counter");
    QCOMPARE(partsOf(counter), QStringList({"count : int = 3", "next : struct counter * = → 'counter'"}));
    QCOMPARE(part(part(find(s.globals, "box"), "corner"), "y")->value, std::string("7"));
    QCOMPARE(partsOf(part(find(s.globals, "path"), "[1]")), QStringList({"x : int = 5", "y : int = 1"}));
    QCOMPARE(find(s.globals, "grid")->value, std::string("{{1, 2, 3}, {4, 5, 60}}"));
    const QModelIndex counterRow = model.find(QStringLiteral("counter"), true);
    QVERIFY(isChanged(counterRow));
    QVERIFY(isChanged(model.part(counterRow, QStringLiteral("count"))));
    QCOMPARE(model.part(counterRow, QStringLiteral("count")).siblingAtColumn(views::VariablesModel::Value).data().toString(),
             QStringLiteral("3"));
    const QModelIndex boxRow = model.find(QStringLiteral("box"), true);
    QVERIFY(isChanged(model.part(model.part(boxRow, QStringLiteral("corner")), QStringLiteral("y"))));
    QVERIFY(!isChanged(model.part(model.part(boxRow, QStringLiteral("corner")), QStringLiteral("x"))));
    QVERIFY(!isChanged(model.part(boxRow, QStringLiteral("size"))));
    const QModelIndex gridRow = model.find(QStringLiteral("grid"), true);
    QVERIFY(isChanged(model.part(model.part(gridRow, QStringLiteral("[1]")), QStringLiteral("[2]"))));
    QVERIFY(!isChanged(model.part(gridRow, QStringLiteral("[0]"))));
    QVERIFY(!isChanged(model.find(QStringLiteral("primes"), true)));
    // big[999] is past the shown elements: the "…" row says how many more there are.
    const QModelIndex bigRow = model.find(QStringLiteral("big"), true);
    QCOMPARE(model.rowCount(bigRow), int(debugger::ValueFormatter::kMaxElements) + 1);
    const QModelIndex more = model.index(model.rowCount(bigRow) - 1, views::VariablesModel::Name, bigRow);
    QVERIFY(more.data(views::VariablesModel::MoreRole).toBool());
    QVERIFY(more.siblingAtColumn(views::VariablesModel::Value).data().toString().startsWith(QStringLiteral("900 ")));
}

/// The number of parts of `v`, recursively.
static std::size_t partCount(const debugger::VariableValue &v) {
    std::size_t n = v.children.size();
    for (const debugger::VariableValue &c : v.children)
        n += partCount(c);
    return n;
}

void tst_Replay::boundsLargeValues() {
    // A 1 MiB array and 100 structs of 1000 ints: each shows at most kMaxParts parts.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("large.c"));
    QFile source(file);
    QVERIFY(source.open(QIODevice::WriteOnly));
    source.write("struct row { int cells[1000]; };\n"
                 "char bytes[1 << 20];\n"
                 "struct row rows[100];\n"
                 "int main(void) { bytes[0] = 'a'; rows[99].cells[999] = 7; return 0; }\n");
    source.close();
    auto loaded = debugger::loadProgram(file.toStdString(), {}, {});
    QVERIFY(loaded.has_value());
    Replay r(loaded->program, Schedule{});
    r.runToEnd();
    const debugger::ProgramState s = inspectState(r);
    const debugger::VariableValue *bytes = find(s.globals, "bytes");
    QVERIFY(bytes);
    QCOMPARE(bytes->value, std::string("\"a\""));
    QCOMPARE(bytes->children.size(), std::size_t(debugger::ValueFormatter::kMaxElements));
    QCOMPARE(bytes->omitted, (1u << 20) - debugger::ValueFormatter::kMaxElements);
    const debugger::VariableValue *rows = find(s.globals, "rows");
    QVERIFY(rows);
    QVERIFY(partCount(*rows) <= debugger::ValueFormatter::kMaxParts);
    // Every row is there, each with its first cells (the budget is shared, not spent on the first rows).
    QCOMPARE(rows->children.size(), 100u);
    for (const debugger::VariableValue &row : rows->children) {
        QCOMPARE(row.children.size(), 1u); // .cells
        const debugger::VariableValue &cells = row.children.front();
        QVERIFY(cells.children.size() >= 30);
        QCOMPARE(cells.children.size() + cells.omitted, 1000u);
    }
    QVERIFY(rows->value.starts_with("{{cells = {0, 0, "));
    QVERIFY(rows->value.ends_with(", …}"));
    QVERIFY(rows->value.size() <= debugger::ValueFormatter::kMaxSummary + 4);

    // The pane's model: built, then brought up to date in place at the next step.
    views::VariablesModel model;
    model.setState(s);
    model.setState(s);
    // As many rows as parts shown, not as the variables' elements (a million bytes).
    std::function<int(const QModelIndex &)> rowsUnder = [&](const QModelIndex &parent) {
        int n = model.rowCount(parent);
        for (int row = 0, count = n; row < count; ++row)
            n += rowsUnder(model.index(row, 0, parent));
        return n;
    };
    QVERIFY(rowsUnder({}) <= int(2 * debugger::ValueFormatter::kMaxParts + 100));
    const QModelIndex rowsRow = model.find(QStringLiteral("rows"), true);
    QCOMPARE(model.rowCount(rowsRow), 100);
    const QModelIndex lastCells = model.part(model.part(rowsRow, QStringLiteral("[99]")), QStringLiteral("cells"));
    QVERIFY(model.index(model.rowCount(lastCells) - 1, 0, lastCells).data(views::VariablesModel::MoreRole).toBool());
}

namespace {

// Two threads take a lock 60 times each and bump a byte of a 4 MiB global in a new page each time:
// about 250 events, each changing the state.
const char *kLargeGlobal = R"(#include <pthread.h>
char big[4 << 20];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
  long id = (long)arg;
  for (int i = 0; i < 60; i++) {
    pthread_mutex_lock(&m);
    big[(id * 60 + i) * 4096] += 1;
    pthread_mutex_unlock(&m);
  }
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
)";

std::unique_ptr<debugger::LoadedProgram> loadText(const QTemporaryDir &dir, const char *text) {
    const std::string file = dir.filePath(QStringLiteral("replayed.c")).toStdString();
    std::ofstream(file) << text;
    auto loaded = debugger::loadProgram(file, {}, {});
    return loaded ? std::make_unique<debugger::LoadedProgram>(std::move(*loaded)) : nullptr;
}

/// What a debugger can show of a state: every thread's frames and registers, every object's bytes.
std::string fingerprint(const interpreter::Interpreter &machine) {
    const interpreter::InterpreterState &s = machine.state();
    std::string out;
    for (const interpreter::ThreadState &t : s.threads) {
        out += "T" + std::to_string(t.id) + (t.exited ? " exited" : "") + ":";
        for (const interpreter::Frame &f : t.stack.frames)
            out += " " + std::to_string(f.function) + "@" + std::to_string(f.pc);
        for (std::uint64_t r : t.stack.registers)
            out += " " + std::to_string(r);
        out += "\n";
    }
    for (std::uint32_t g = 0; g < machine.program().globals.size(); ++g) {
        const interpreter::MemoryObject *o = s.memory.objectAt(program::globalPointer(g));
        out += std::to_string(std::hash<std::string_view>{}(
                   std::string_view(reinterpret_cast<const char *>(o->bytes.data()), o->bytes.size()))) +
               "\n";
    }
    return out + s.output;
}

/// The process's resident memory now (Linux: /proc/self/statm, in pages).
std::int64_t residentBytes() {
    std::ifstream statm("/proc/self/statm");
    std::int64_t size = 0, resident = 0;
    statm >> size >> resident;
    return resident * sysconf(_SC_PAGESIZE);
}

} // namespace

// Going back re-executes from the nearest checkpoint: every position reached backwards (and by
// jumping, and from inside local code) shows the state it showed going forwards.
void tst_Replay::stepsBackToTheSameStatesAcrossCheckpoints() {
    QTemporaryDir dir;
    const auto loaded = loadText(dir, kLargeGlobal);
    QVERIFY(loaded);
    Replay r(loaded->program, Schedule{});
    QVERIFY(r.eventCount() > 200);
    std::vector<std::string> forwards{fingerprint(r.machine())};
    while (r.stepEvent())
        forwards.push_back(fingerprint(r.machine()));
    QCOMPARE(forwards.size(), r.eventCount() + 1);
    QVERIFY(r.checkpoints().count() > 2); // going back crosses checkpoints
    QVERIFY(r.checkpoints().count() < r.eventCount() / 8);
    for (std::size_t p = r.eventCount(); p-- > 0;) {
        QVERIFY(r.stepBack());
        QCOMPARE(r.position(), p);
        QCOMPARE(fingerprint(r.machine()), forwards[p]);
    }
    for (std::size_t p : {std::size_t(200), std::size_t(17), std::size_t(100), std::size_t(99)}) {
        r.runTo(p);
        QCOMPARE(fingerprint(r.machine()), forwards[p]);
    }
    // Inside local code, back and forwards both start from the state before the event.
    r.runTo(100);
    QVERIFY(r.stepLine());
    QVERIFY(r.stepBack());
    QCOMPARE(fingerprint(r.machine()), forwards[100]);
    while (r.position() == 100)
        QVERIFY(r.stepLine());
    QCOMPARE(fingerprint(r.machine()), forwards[101]);
}

// A state per event made a 56-event trace of a 1 MiB global grow the process by 2.2 GB; the
// checkpoints keep a 4 MiB global's replay, walked forwards, back and by jumps, within 300 MB.
void tst_Replay::memoryStaysBoundedWithALargeGlobal() {
    QTemporaryDir dir;
    const auto loaded = loadText(dir, kLargeGlobal);
    QVERIFY(loaded);
    const std::int64_t before = residentBytes();
    std::int64_t peak = 0;
    {
        Replay r(loaded->program, Schedule{});
        QVERIFY(r.eventCount() >= 200);
        auto sample = [&] { peak = std::max(peak, residentBytes() - before); };
        while (r.stepEvent())
            sample();
        while (r.stepBack())
            sample();
        for (std::size_t p = 0; p <= r.eventCount(); p += 37) {
            r.runTo(r.eventCount() - p);
            sample();
        }
        QVERIFY(r.checkpoints().count() <= interpreter::StateCheckpoints::Limits{}.maxCount);
        qInfo("%zu events, %zu checkpoints of %llu MB: resident memory grew by %lld MB at most", r.eventCount(),
              r.checkpoints().count(), (unsigned long long)(r.checkpoints().bytes() >> 20), (long long)(peak >> 20));
    }
    QVERIFY2(peak < (std::int64_t{300} << 20), qPrintable(QStringLiteral("grew by %1 MB").arg(peak >> 20)));
}

QTEST_MAIN(tst_Replay)
#include "tst_Replay.moc"
