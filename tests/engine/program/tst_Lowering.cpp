// SPDX-License-Identifier: MIT
// Tests Lowering: globals' layout and pointer initialisers, the external functions list, the source
// map (lines, locals and globals with C types), phis as parallel copies, and every rejection with file:line.
#include "engine/program/PointerEncoding.hpp"
#include "tests/engine/interpreter/CProgram.hpp"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cstring>

using namespace weft;
using namespace weft::program;
using weft::testing::diagnosticsOf;
using weft::testing::loadC;

namespace {

const char *const kProgram = R"(#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct node { int value; struct node *next; };
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int numbers[3] = {1, 2, 3};
int *cursor = &numbers[2];
const char *label = "hi";
static int sum(struct node *head) {
    int total = 0;
    for (struct node *n = head; n; n = n->next)
        total += n->value;
    return total;
}
int main(void) {
    struct node a = {1, NULL};
    struct node *list = malloc(sizeof *list);
    list->value = 41;
    list->next = &a;
    printf("%d %s\n", sum(list), label);
    free(list);
    return *cursor - 3;
}
)";

const Variable *findVariable(const std::vector<Variable> &vars, const std::string &name) {
    auto it = std::find_if(vars.begin(), vars.end(), [&](const Variable &v) { return v.name == name; });
    return it == vars.end() ? nullptr : &*it;
}

} // namespace

class tst_Lowering : public QObject {
    Q_OBJECT
private slots:
    void init();
    void globalsAreLaidOut();
    void externalsAndFunctionsAreListed();
    void sourceMapHasLinesAndVariables();
    void phisBecomeParallelCopies();
    void unsupportedConstructsAreRejected_data();
    void unsupportedConstructsAreRejected();
    void everyRejectionIsReported();

private:
    Program load(const std::string &text);
    std::string write(const std::string &name, const std::string &text);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::string m_file;
};

void tst_Lowering::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

std::string tst_Lowering::write(const std::string &name, const std::string &text) {
    m_file = weft::testing::writeFile(m_dir->filePath(QString::fromStdString(name)).toStdString(), text);
    return m_file;
}

Program tst_Lowering::load(const std::string &text) {
    auto p = loadC(write("prog.c", text));
    if (!p)
        qFatal("%s", diagnosticsOf(p).c_str());
    return std::move(*p);
}

void tst_Lowering::globalsAreLaidOut() {
    const Program p = load(kProgram);
    const auto numbers = p.findGlobal("numbers"), cursor = p.findGlobal("cursor"), lock = p.findGlobal("lock"),
               label = p.findGlobal("label");
    QVERIFY(numbers && cursor && lock && label);
    const Global &n = p.globals[*numbers];
    QCOMPARE(n.size, 12u);
    QCOMPARE(n.initialBytes, (std::vector<std::uint8_t>{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0}));
    QVERIFY(!n.readOnly);
    const Global &c = p.globals[*cursor];
    QCOMPARE(c.size, 8u);
    QCOMPARE(c.relocations.size(), 1u);
    QCOMPARE(c.relocations[0].offset, 0u);
    QCOMPARE(c.relocations[0].target, globalPointer(*numbers) + 8);
    std::uint64_t stored;
    std::memcpy(&stored, c.initialBytes.data(), 8);
    QCOMPARE(stored, globalPointer(*numbers) + 8);
    // label points to the string literal, a read-only global.
    const Global &l = p.globals[*label];
    QCOMPARE(l.relocations.size(), 1u);
    const DecodedPointer literal = decodePointer(l.relocations[0].target);
    QCOMPARE(literal.owner, kGlobalOwner);
    const Global &text = p.globals[literal.object - 1];
    QVERIFY(text.readOnly);
    QCOMPARE(text.initialBytes, (std::vector<std::uint8_t>{'h', 'i', 0}));
    QCOMPARE(p.globals[*lock].size, 40u);
    QCOMPARE(p.globals[*lock].initialBytes, std::vector<std::uint8_t>(40, 0));
}

void tst_Lowering::externalsAndFunctionsAreListed() {
    const Program p = load(kProgram);
    QCOMPARE(p.externals, (std::vector<std::string>{"free", "malloc", "printf"}));
    const auto main = p.findFunction("main"), sum = p.findFunction("sum"), printf = p.findFunction("printf");
    QVERIFY(main && sum && printf);
    QCOMPARE(p.mainFunction, *main);
    QVERIFY(p.functions[*sum].isDefined());
    QCOMPARE(p.functions[*sum].paramRegisters, 1u);
    QCOMPARE(p.functions[*sum].returnRegisters, 1u);
    QVERIFY(!p.functions[*printf].isDefined());
    QCOMPARE(p.functions[*printf].builtin, std::optional<Builtin>(Builtin::Printf));
    QVERIFY(p.functions[*printf].variadic);
}

void tst_Lowering::sourceMapHasLinesAndVariables() {
    const Program p = load(kProgram);
    const SourceMap &map = p.sourceMap;
    const std::uint32_t sum = *p.findFunction("sum"), main = *p.findFunction("main");
    QCOMPARE(map.functions[sum].name, std::string("sum"));
    QCOMPARE(map.functions[sum].declared.line, 9u);
    QCOMPARE(map.fileName(map.functions[sum].declared.file), m_file);
    QCOMPARE(map.functions[sum].spots.size(), p.functions[sum].code.size());
    // The call to printf sits on line 20, column 5; the loads of n->value on line 12.
    const Function &mainCode = p.functions[main];
    bool sawPrintf = false;
    for (std::uint32_t pc = 0; pc < mainCode.code.size(); ++pc)
        if (mainCode.code[pc].op == Opcode::CallBuiltin && Builtin(mainCode.code[pc].imm) == Builtin::Printf) {
            sawPrintf = true;
            QCOMPARE(map.spotOf(main, pc).line, 20u);
            QCOMPARE(map.spotOf(main, pc).column, 5u);
            QCOMPARE(QString::fromStdString(map.format(main, pc)), QString::fromStdString(m_file + ":20:5"));
        }
    QVERIFY(sawPrintf);
    bool sawLoad = false;
    for (std::uint32_t pc = 0; pc < p.functions[sum].code.size(); ++pc)
        sawLoad |= p.functions[sum].code[pc].op == Opcode::Load && map.spotOf(sum, pc).line == 12;
    QVERIFY(sawLoad);

    const std::vector<Variable> &sumLocals = map.functions[sum].locals;
    QVERIFY(findVariable(sumLocals, "head") && findVariable(sumLocals, "total") && findVariable(sumLocals, "n"));
    QCOMPARE(findVariable(sumLocals, "head")->type, std::string("struct node *"));
    QCOMPARE(findVariable(sumLocals, "total")->type, std::string("int"));
    QCOMPARE(findVariable(sumLocals, "total")->declared.line, 10u);
    QCOMPARE(findVariable(sumLocals, "n")->type, std::string("struct node *"));
    const std::vector<Variable> &mainLocals = map.functions[main].locals;
    QCOMPARE(findVariable(mainLocals, "a")->type, std::string("struct node"));
    QCOMPARE(findVariable(mainLocals, "list")->type, std::string("struct node *"));
    // 'a' stays in memory (its address is taken): a Memory binding to its alloca's register.
    bool aInMemory = false;
    for (const VariableBinding &b : map.functions[main].bindings)
        aInMemory |= mainLocals[b.variable].name == "a" && b.kind == VariableBinding::Kind::Memory;
    QVERIFY(aInMemory);

    QCOMPARE(findVariable(map.globals, "lock")->type, std::string("pthread_mutex_t"));
    QCOMPARE(findVariable(map.globals, "numbers")->type, std::string("int [3]"));
    QCOMPARE(findVariable(map.globals, "cursor")->type, std::string("int *"));
    QCOMPARE(findVariable(map.globals, "label")->type, std::string("const char *"));
    QCOMPARE(findVariable(map.globals, "numbers")->declared.line, 6u);

    const auto run = weft::testing::runOnce(p);
    QVERIFY2(!run.execution.fault, run.execution.fault ? run.execution.fault->message.c_str() : "");
    QCOMPARE(QString::fromStdString(run.output), QString("42 hi\n"));
}

void tst_Lowering::phisBecomeParallelCopies() {
    // After mem2reg, a and b are phis that swap on the back edge: the copies must be parallel.
    const Program p = load("#include <stdio.h>\nint main(void) {\n  int a = 1, b = 2, c = 3;\n"
                           "  for (int i = 0; i < 5; i++) {\n    int t = a;\n    a = b;\n    b = c;\n    c = t;\n  }\n"
                           "  printf(\"%d %d %d\\n\", a, b, c);\n  return 0;\n}\n");
    const Function &main = p.functions[p.mainFunction];
    std::uint32_t widest = 0;
    for (const Instruction &in : main.code)
        if (in.op == Opcode::EdgeMoves)
            widest = std::max(widest, std::uint32_t(in.c));
    QVERIFY(widest >= 4); // a, b, c and i
    const auto run = weft::testing::runOnce(p);
    QCOMPARE(QString::fromStdString(run.output), QString("3 1 2\n"));
}

void tst_Lowering::unsupportedConstructsAreRejected_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    auto row = [](const char *name, const char *source, int line, const char *message) {
        QTest::newRow(name) << QString(source) << line << QString(message);
    };
    row("vector",
        "typedef int v4 __attribute__((vector_size(16)));\nint main(void) {\n  v4 a = {1, 2, 3, 4};\n  return "
        "a[1];\n}\n",
        4, "vector types are not supported"); // mem2reg folds the initialiser: the use on line 4 is first
    row("int128", "int main(void) {\n  volatile __int128 x = 1;\n  return (int)(x << 70);\n}\n", 2,
        "integers wider than 64 bits are not supported");
    row("no main", "int helper(void) {\n  return 0;\n}\n", 0, "the program has no main function");
}

void tst_Lowering::unsupportedConstructsAreRejected() {
    QFETCH(QString, source);
    QFETCH(int, line);
    QFETCH(QString, message);
    auto p = loadC(write("bad.c", source.toStdString()));
    QVERIFY(!p);
    const Diagnostic &d = p.error().front();
    qInfo().noquote() << QString::fromStdString(d.format());
    QCOMPARE(d.severity, Severity::Error);
    QCOMPARE(QString::fromStdString(d.file), QString::fromStdString(m_file));
    QCOMPARE(int(d.line), line);
    QCOMPARE(QString::fromStdString(d.text), message);
}

void tst_Lowering::everyRejectionIsReported() {
    auto p = loadC(write("bad.c", "#include <stdio.h>\ntypedef int v4 __attribute__((vector_size(16)));\n"
                                  "int main(void) {\n  puts(\"x\");\n  volatile v4 a = {1, 2, 3, 4};\n"
                                  "  volatile __int128 x = a[1];\n  return (int)(x << 70);\n}\n"));
    QVERIFY(!p);
    QVERIFY(p.error().size() >= 2u);
    QVERIFY(QString::fromStdString(p.error().front().text).contains("vector"));
    QVERIFY(QString::fromStdString(p.error().back().text).contains("wider than 64 bits"));
}
QTEST_GUILESS_MAIN(tst_Lowering)
#include "tst_Lowering.moc"
