// SPDX-License-Identifier: MIT
#include "tests/model/RandomProgramC.hpp"

#include <algorithm>

namespace weft::model {

namespace {

std::string n(int i) { return std::to_string(i); }

/// One instruction as a C statement; jumps go to the label L<target> of the same function.
std::string statement(const RandomInstruction &in) {
    const std::string m = "m" + n(in.a + 1), v = "v" + n(in.a + 1), x = "x" + n(in.a + 1);
    const std::string to = "goto L" + n(in.target) + ";";
    switch (in.op) {
    case RandomInstruction::Lock: return "pthread_mutex_lock(&" + m + ");";
    case RandomInstruction::Unlock: return "pthread_mutex_unlock(&" + m + ");";
    case RandomInstruction::Write: return v + " = " + n(in.b) + ";";
    case RandomInstruction::Add: return v + " += " + n(in.b) + ";";
    case RandomInstruction::JumpUnless: return "if (" + v + " != " + n(in.b) + ") " + to;
    case RandomInstruction::Jump: return to;
    case RandomInstruction::Create:
        return "pthread_create(&child[" + n(in.a) + "], 0, code" + n(in.a) + ", 0);";
    case RandomInstruction::Join: return "pthread_join(child[" + n(in.a) + "], 0);";
    case RandomInstruction::TrylockOrSkip: return "if (pthread_mutex_trylock(&" + m + ") != 0) " + to;
    case RandomInstruction::Destroy: return "pthread_mutex_destroy(&" + m + ");";
    case RandomInstruction::RwDestroy: return "pthread_rwlock_destroy(&rw" + n(in.a + 1) + ");";
    case RandomInstruction::SemInit: return "sem_init(&s" + n(in.a + 1) + ", 0, " + n(in.b) + ");";
    case RandomInstruction::SemPost: return "sem_post(&s" + n(in.a + 1) + ");";
    case RandomInstruction::SemWait: return "sem_wait(&s" + n(in.a + 1) + ");";
    case RandomInstruction::CondWait:
        return "pthread_cond_wait(&c" + n(in.a + 1) + ", &m" + n(in.b + 1) + ");";
    case RandomInstruction::CondSignal: return "pthread_cond_signal(&c" + n(in.a + 1) + ");";
    case RandomInstruction::CondBroadcast: return "pthread_cond_broadcast(&c" + n(in.a + 1) + ");";
    case RandomInstruction::SharedRead: return "if (" + x + " != " + n(in.b) + ") " + to;
    case RandomInstruction::SharedWrite: return x + " = " + n(in.b) + ";";
    case RandomInstruction::SharedAdd: return x + " += " + n(in.b) + ";";
    case RandomInstruction::Assume: return "__VERIFIER_assume(" + v + " == " + n(in.b) + ");";
    case RandomInstruction::Assert: return "assert(" + v + " != " + n(in.b) + ");";
    case RandomInstruction::SharedAssume: return "__VERIFIER_assume(" + x + " == " + n(in.b) + ");";
    case RandomInstruction::SharedSpin: return "while (" + x + " != " + n(in.b) + ") {}";
    case RandomInstruction::NondetJump: return "if (__VERIFIER_nondet_int() != " + n(in.b) + ") " + to;
    case RandomInstruction::RwLock:
        return std::string(in.b ? "pthread_rwlock_wrlock" : "pthread_rwlock_rdlock") + "(&rw" + n(in.a + 1) + ");";
    case RandomInstruction::RwTryOrSkip:
        return std::string("if (") + (in.b ? "pthread_rwlock_trywrlock" : "pthread_rwlock_tryrdlock") + "(&rw" +
               n(in.a + 1) + ") != 0) " + to;
    case RandomInstruction::RwUnlock: return "pthread_rwlock_unlock(&rw" + n(in.a + 1) + ");";
    }
    return {};
}

} // namespace

std::string printAsC(const RandomProgram &program) {
    const auto &codes = program.code();
    std::string out = "// " + program.name() +
                      ", printed by tests/model/RandomProgramC.cpp\n"
                      "#include <assert.h>\n#include <pthread.h>\n#include <semaphore.h>\n"
                      "void __VERIFIER_assume(int);\nint __VERIFIER_nondet_int(void);\n";
    for (int i = 1; i <= program.mutexCount(); ++i)
        out += "pthread_mutex_t m" + n(i) + " = PTHREAD_MUTEX_INITIALIZER;\nint v" + n(i) + ";\n";
    for (int i = 1; i <= program.rwlockCount(); ++i)
        out += "pthread_rwlock_t rw" + n(i) + " = PTHREAD_RWLOCK_INITIALIZER;\nint v" + n(program.mutexCount() + i) +
               ";\n";
    for (int i = 1; i <= program.sharedVariableCount(); ++i)
        out += "int x" + n(i) + ";\n";
    out += "sem_t s1;\npthread_cond_t c1 = PTHREAD_COND_INITIALIZER;\n";
    const int count = static_cast<int>(codes.size());
    for (int c = 1; c < count; ++c)
        out += "void *code" + n(c) + "(void *);\n";
    for (int c = count - 1; c >= 0; --c) {
        out += c == 0 ? "int main(void) {\n" : "void *code" + n(c) + "(void *arg) {\n";
        out += "    pthread_t child[" + n(count) + "];\n";
        const auto &code = codes[static_cast<std::size_t>(c)];
        // Every instruction gets a label (jumps target instruction indices; the last is the end).
        for (std::size_t i = 0; i < code.size(); ++i)
            out += "L" + n(static_cast<int>(i)) + ":\n    " + statement(code[i]) + "\n";
        out += "L" + n(static_cast<int>(code.size())) + ":\n";
        out += c == 0 ? "    pthread_exit(0);\n}\n" : "    return 0;\n}\n";
    }
    return out;
}

} // namespace weft::model
