// SPDX-License-Identifier: MIT
// Tests CCompiler: in-process Clang on small C files (pthreads, debug info, promotion, -D, -I) and .ll/.bc input.
// Sources are written to a fresh temporary directory per test; diagnostics: tst_DiagnosticCollector.
#include "engine/frontend/CCompiler.hpp"

// moc cannot parse the LLVM headers (it finds no class at all); hide them from it.
#ifndef Q_MOC_RUN
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DebugProgramInstruction.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>
#endif

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using weft::Diagnostic;
using weft::frontend::compileC;
using weft::frontend::CompileOptions;
using weft::frontend::formatDiagnostics;
using weft::frontend::isCompilerFailure;

class tst_CCompiler : public QObject {
    Q_OBJECT
private slots:
    void init();
    void pthreadProgramCompiles();
    void debugInfoDescribesFunctionsAndLocals();
    void scalarLocalsArePromoted();
    void defineChangesConstant();
    void includeDirFindsHeader();
    void textualIrLoads();
    void bitcodeRoundTrips();
    void oldCCompilesWithWarnings();
    void standardIsSelectable();
    void inlineDefinitionsAreDefinitions();
    void deepExpressionCompiles();
    void compilerCrashIsAnError();

private:
    std::string write(const std::string &name, const std::string &text);
    std::unique_ptr<QTemporaryDir> m_dir;
};

static QString q(const std::string &s) { return QString::fromStdString(s); }

static const char *const kPthreadProgram = R"(#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;
static atomic_int visits;

static void *worker(void *arg)
{
    int step = *(int *)arg;
    pthread_mutex_lock(&lock);
    counter += step;
    pthread_mutex_unlock(&lock);
    atomic_fetch_add(&visits, 1);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int one = 1;
    pthread_create(&t1, NULL, worker, &one);
    pthread_create(&t2, NULL, worker, &one);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    assert(counter == 2);
    printf("%d\n", counter);
    return EXIT_SUCCESS;
}
)";

/// The file of a debug scope. Clang writes DIFile names relative to the compilation directory (the
/// process's working directory) when the two share more than "/", so join before comparing.
static QString pathOf(const llvm::DIScope &scope) {
    const QString name = q(scope.getFilename().str());
    return QDir::isAbsolutePath(name) ? name : QDir::cleanPath(q(scope.getDirectory().str()) + '/' + name);
}

/// The allocas left in f, by name, sorted.
static QStringList allocaNames(const llvm::Function &f) {
    QStringList names;
    for (const llvm::Instruction &inst : llvm::instructions(f))
        if (llvm::isa<llvm::AllocaInst>(inst))
            names.push_back(q(inst.getName().str()));
    names.sort();
    return names;
}

/// The constant a function returns (0 if its first return is not a constant integer).
static std::int64_t returnedConstant(const llvm::Function &f) {
    for (const llvm::BasicBlock &block : f)
        if (const auto *ret = llvm::dyn_cast<llvm::ReturnInst>(block.getTerminator()))
            if (const auto *value = llvm::dyn_cast_or_null<llvm::ConstantInt>(ret->getReturnValue()))
                return value->getSExtValue();
    return 0;
}

void tst_CCompiler::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

std::string tst_CCompiler::write(const std::string &name, const std::string &text) {
    const std::string path = m_dir->filePath(q(name)).toStdString();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

void tst_CCompiler::pthreadProgramCompiles() {
    const std::string file = write("threads.c", kPthreadProgram);
    auto unit = compileC({file});
    QVERIFY2(unit, formatDiagnostics(unit ? std::vector<Diagnostic>{} : unit.error()).c_str());
    QCOMPARE(unit->warnings.size(), 0u);
    llvm::Module &m = *unit->module;
    QCOMPARE(q(m.getTargetTriple()), QString("x86_64-pc-linux-gnu"));
    QCOMPARE(q(m.getSourceFileName()), q(file));
    for (const char *defined : {"main", "worker"})
        QVERIFY2(m.getFunction(defined) && !m.getFunction(defined)->isDeclaration(), defined);
    QVERIFY(m.getFunction("worker")->hasInternalLinkage());
    for (const char *declared : {"pthread_create", "pthread_join", "pthread_mutex_lock", "pthread_mutex_unlock",
                                 "printf", "__assert_fail"})
        QVERIFY2(m.getFunction(declared) && m.getFunction(declared)->isDeclaration(), declared);
    QVERIFY(m.getGlobalVariable("lock", true) && m.getGlobalVariable("counter", true));
    for (const llvm::Function &f : m) // -disable-O0-optnone: the cleanup passes may run
        QVERIFY(!f.hasFnAttribute(llvm::Attribute::OptimizeNone));
    // <stdatomic.h> from Clang's resource directory: atomic_fetch_add is an atomicrmw.
    bool sawAtomicAdd = false;
    for (const llvm::Instruction &inst : llvm::instructions(*m.getFunction("worker")))
        if (const auto *rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&inst))
            sawAtomicAdd = rmw->getOperation() == llvm::AtomicRMWInst::Add &&
                           rmw->getOrdering() == llvm::AtomicOrdering::SequentiallyConsistent;
    QVERIFY(sawAtomicAdd);
}

void tst_CCompiler::debugInfoDescribesFunctionsAndLocals() {
    const std::string file = write("threads.c", kPthreadProgram);
    auto unit = compileC({file});
    QVERIFY(unit);
    const llvm::Function &worker = *unit->module->getFunction("worker");
    const llvm::DISubprogram *sp = worker.getSubprogram();
    QVERIFY(sp);
    QCOMPARE(q(sp->getName().str()), QString("worker"));
    QCOMPARE(sp->getLine(), 12u);
    QCOMPARE(pathOf(*sp), q(file));
    QCOMPARE(sp->getUnit()->getEmissionKind(), llvm::DICompileUnit::FullDebug);
    QCOMPARE(unit->module->getFunction("main")->getSubprogram()->getLine(), 22u);
    // The promoted local 'step' is described by a dbg.value record at line 14.
    const llvm::DbgVariableRecord *step = nullptr;
    const llvm::CallInst *lockCall = nullptr;
    for (const llvm::Instruction &inst : llvm::instructions(worker)) {
        for (llvm::DbgVariableRecord &record : llvm::filterDbgVars(inst.getDbgRecordRange()))
            if (record.getVariable()->getName() == "step")
                step = &record;
        if (const auto *call = llvm::dyn_cast<llvm::CallInst>(&inst))
            if (call->getCalledFunction() && call->getCalledFunction()->getName() == "pthread_mutex_lock")
                lockCall = call;
    }
    QVERIFY(step);
    QVERIFY(const_cast<llvm::DbgVariableRecord *>(step)->isDbgValue());
    QCOMPARE(step->getVariable()->getLine(), 14u);
    QCOMPARE(q(step->getVariable()->getScope()->getSubprogram()->getName().str()), QString("worker"));
    QVERIFY(lockCall && lockCall->getDebugLoc());
    QCOMPARE(lockCall->getDebugLoc().getLine(), 15u);
    QCOMPARE(lockCall->getDebugLoc().getCol(), 5u);
}

void tst_CCompiler::scalarLocalsArePromoted() {
    const std::string file = write("threads.c", kPthreadProgram);
    auto promoted = compileC({file});
    QVERIFY(promoted);
    QCOMPARE(allocaNames(*promoted->module->getFunction("worker")), QStringList{});
    // Locals whose address escapes (to pthread_create/join) stay in memory.
    QCOMPARE(allocaNames(*promoted->module->getFunction("main")), (QStringList{"one", "t1", "t2"}));

    CompileOptions plain{file};
    plain.promoteLocals = false;
    auto unpromoted = compileC(plain);
    QVERIFY(unpromoted);
    QCOMPARE(allocaNames(*unpromoted->module->getFunction("worker")),
             (QStringList{".atomictmp", "arg.addr", "atomic-temp", "step"}));
}

void tst_CCompiler::defineChangesConstant() {
    const std::string file = write("define.c", "int twice(void) { return N * 2; }\n");
    for (int n : {3, 5}) {
        CompileOptions options{file};
        options.defines = {"N=" + std::to_string(n)};
        auto unit = compileC(options);
        QVERIFY(unit);
        QCOMPARE(returnedConstant(*unit->module->getFunction("twice")), std::int64_t(2 * n));
    }
}

void tst_CCompiler::includeDirFindsHeader() {
    QVERIFY(QDir(m_dir->path()).mkdir("inc"));
    write("inc/config.h", "#define LIMIT 7\n");
    const std::string file = write("uses_header.c", "#include \"config.h\"\nint limit(void) { return LIMIT; }\n");
    CompileOptions options{file};
    options.includeDirs = {m_dir->filePath("inc").toStdString()};
    auto unit = compileC(options);
    QVERIFY(unit);
    QCOMPARE(returnedConstant(*unit->module->getFunction("limit")), std::int64_t(7));
}

static const char *const kAnswerIr = "define i32 @answer() {\n  ret i32 42\n}\n";

void tst_CCompiler::textualIrLoads() {
    const std::string file = write("answer.ll", kAnswerIr);
    auto unit = compileC({file});
    QVERIFY(unit);
    QCOMPARE(unit->warnings.size(), 0u);
    QCOMPARE(returnedConstant(*unit->module->getFunction("answer")), std::int64_t(42));
}

void tst_CCompiler::bitcodeRoundTrips() {
    auto fromText = compileC({write("answer.ll", kAnswerIr)});
    QVERIFY(fromText);
    const std::string file = m_dir->filePath("answer.bc").toStdString();
    {
        std::error_code ec;
        llvm::raw_fd_ostream out(file, ec);
        QVERIFY(!ec);
        llvm::WriteBitcodeToFile(*fromText->module, out);
    }
    auto unit = compileC({file});
    QVERIFY(unit);
    QCOMPARE(returnedConstant(*unit->module->getFunction("answer")), std::int64_t(42));
}

void tst_CCompiler::oldCCompilesWithWarnings() {
    // A call before the declaration (implicit int result), implicit int, a K&R definition: GCC 12
    // accepts all three with warnings, and so does Weft (Clang alone makes the first two errors).
    const std::string file = write("old.c", "main() {\n  return twice(21) - 42;\n}\n"
                                            "static x = 1;\n"
                                            "int twice(n)\n  int n;\n{\n  return 2 * n * x;\n}\n");
    auto unit = compileC({file});
    QVERIFY2(unit, unit ? "" : formatDiagnostics(unit.error()).c_str());
    std::string warnings = formatDiagnostics(unit->warnings);
    QVERIFY2(q(warnings).contains("old.c:2:10: warning: call to undeclared function 'twice'"), warnings.c_str());
    QVERIFY2(q(warnings).contains("old.c:1:1: warning: type specifier missing, defaults to 'int'"), warnings.c_str());
    QVERIFY2(q(warnings).contains("[-Wimplicit-int]"), warnings.c_str());
    // Clang's own hard errors stay errors.
    auto broken = compileC({write("broken.c", "int main(void) {\n  return undeclared_variable;\n}\n")});
    QVERIFY(!broken);
    QVERIFY(q(formatDiagnostics(broken.error())).contains("error: use of undeclared identifier"));
}

void tst_CCompiler::inlineDefinitionsAreDefinitions() {
    // C99's `inline` without static or extern (SV-COMP's pthread-ext tasks use it as C++ does) is an
    // inline definition only: Clang -O0 emits no code for it (GCC -O0 fails to link). One translation
    // unit has no other definition, so Weft makes it the external one. A C99 `extern inline`
    // definition already is one, a static one is emitted where used. (GNU89's `extern inline`, the
    // inline-only kind there and glibc's __extern_inline, stays so: libc defines those functions.)
    const std::string file = write("inline.c", "inline int twice(int v) { return 2 * v; }\n"
                                               "extern inline int thrice(int v) { return 3 * v; }\n"
                                               "static inline int four(void) { return 4; }\n"
                                               "int main(void) { return twice(1) + thrice(1) + four(); }\n");
    for (const char *standard : {"gnu17", "c99"}) {
        CompileOptions options{file};
        options.standard = standard;
        auto unit = compileC(options);
        QVERIFY2(unit, unit ? "" : formatDiagnostics(unit.error()).c_str());
        for (const char *name : {"twice", "thrice", "four"}) {
            const llvm::Function *f = unit->module->getFunction(name);
            QVERIFY2(f && !f->isDeclaration(), (std::string(standard) + ": " + name).c_str());
        }
    }
}

void tst_CCompiler::standardIsSelectable() {
    // __STDC_VERSION__ follows --std; gnu17 is the default.
    const std::string file = write("version.c", "long v = __STDC_VERSION__;\nint main(void) { return 0; }\n");
    auto versionOf = [&](const std::string &standard) -> long long {
        CompileOptions options{file};
        if (!standard.empty())
            options.standard = standard;
        auto unit = compileC(options);
        if (!unit)
            return -1;
        const auto *init = llvm::dyn_cast<llvm::ConstantInt>(unit->module->getGlobalVariable("v")->getInitializer());
        return init ? init->getSExtValue() : -2;
    };
    QCOMPARE(versionOf(""), 201710LL);
    QCOMPARE(versionOf("gnu99"), 199901LL);
    QCOMPARE(versionOf("gnu11"), 201112LL);
    QCOMPARE(versionOf("c99"), 199901LL);
    CompileOptions bad{file};
    bad.standard = "c++17";
    auto unit = compileC(bad);
    QVERIFY(!unit);
    QCOMPARE(q(unit.error().front().text), QString("unknown C standard 'c++17' (expected c89 ... c23 or gnu89 ... gnu23)"));
    // gnu89 has no __STDC_VERSION__ at all: the program does not compile.
    QCOMPARE(versionOf("gnu89"), -1LL);
}

/// main computing 1 + 1 + ... with `terms` ones: Clang recurses once per term.
static std::string longExpression(int terms) {
    std::string source = "int main(void) { int x = 1";
    for (int i = 1; i < terms; ++i)
        source += " + 1";
    return source + "; return x; }\n";
}

void tst_CCompiler::deepExpressionCompiles() {
    // Overflowed the 8 MiB stack of the calling thread before compiles ran on their own thread.
    auto unit = compileC({write("terms.c", longExpression(100'000))});
    QVERIFY2(unit, unit ? "" : formatDiagnostics(unit.error()).c_str());
    QCOMPARE(returnedConstant(*unit->module->getFunction("main")), std::int64_t(100'000));
}

void tst_CCompiler::compilerCrashIsAnError() {
    CompileOptions options{write("terms.c", longExpression(100'000))};
    options.stackSize = std::size_t(2) << 20; // Clang needs tens of MiB for this
    for (int attempt = 0; attempt < 2; ++attempt) {
        auto unit = compileC(options);
        QVERIFY(!unit);
        QCOMPARE(unit.error().size(), std::size_t(1));
        const Diagnostic &d = unit.error().front();
        QCOMPARE(d.file, options.file);
        QVERIFY2(d.text.starts_with("the C compiler failed on this input: it crashed"), d.text.c_str());
        QVERIFY(isCompilerFailure(unit.error()));
    }
    // An error Clang reports itself is the input's, not the compiler's failure.
    auto rejected = compileC({write("parens.c", "int x = " + std::string(1000, '(') + "1" + std::string(1000, ')') + ";\n")});
    QVERIFY(!rejected);
    QVERIFY(!isCompilerFailure(rejected.error()));
    // The compiler still works.
    QVERIFY(compileC({write("terms.c", longExpression(1'000))}));
}

QTEST_APPLESS_MAIN(tst_CCompiler)
#include "tst_CCompiler.moc"
