// SPDX-License-Identifier: MIT
// How a program says it went wrong or what it assumes: assert's __assert_fail, abort, SV-COMP's
// reach_error/__VERIFIER_error, __VERIFIER_assume, atomic sections and __VERIFIER_nondet_* inputs.
// Under SV-COMP semantics a failed assert or abort ends the execution silently (reach_error is the
// violation there).
#include "engine/action/NondetChoice.hpp"
#include "engine/base/Message.hpp"
#include "engine/interpreter/LibcDispatcher.hpp"
#include "engine/interpreter/NondetRange.hpp"

namespace weft::interpreter {

using program::Builtin;

namespace {

/// The program ends here without a defect (SV-COMP's abort(), failed assert()).
Continuation endSilently(BuiltinCall &c) { return c.stopAt(c.endProgram()); }

Continuation assertFailCall(BuiltinCall &c) {
    if (c.options().svcompSemantics)
        return endSilently(c);
    std::string expression = "?", function = "?";
    MemoryFault ignored;
    c.state.memory.readString(c.arg(0), expression, ignored);
    c.state.memory.readString(c.arg(3), function, ignored);
    return c.fail(DefectKind::AssertionFailure, english(MessageKind::AssertionFailed, {expression, function}));
}

Continuation abortCall(BuiltinCall &c) {
    if (c.options().svcompSemantics)
        return endSilently(c);
    return c.fail(DefectKind::Abort, english(MessageKind::FunctionCalled, {"abort"}));
}

Continuation errorCall(BuiltinCall &c) {
    return c.fail(DefectKind::AssertionFailure,
                  english(MessageKind::FunctionCalled, {std::string(program::builtinSymbol(c.builtin))}));
}

/// __VERIFIER_atomic_assert(cond), which old tasks call without defining it: the assertion
/// __VERIFIER_assert(cond) is, its check atomic (docs/svcomp.md); 0 is the unreach-call violation.
Continuation atomicAssertCall(BuiltinCall &c) {
    if ((c.arg(0) & 0xFFFFFFFFu) != 0)
        return Continuation::Continue;
    const std::string &caller = c.services.program.functions[c.thread.stack.top().function].name;
    return c.fail(DefectKind::AssertionFailure,
                  english(MessageKind::AssertionFailed, {"__VERIFIER_atomic_assert(0)", caller}));
}

Continuation assumeCall(BuiltinCall &c) {
    if ((c.arg(0) & 0xFFFFFFFFu) != 0)
        return Continuation::Continue;
    // A section's writes are already visible to the others and cannot be undone: the path the
    // assumption cuts would go on from a state it never reaches. Not modelled.
    if (c.thread.sectionDepth > 0 && c.thread.sectionWrote)
        return c.fail(DefectKind::UnsupportedOperation, english(MessageKind::AssumeInAtomic, {}));
    // A failed assumption blocks its thread for good; the others go on (ending the whole program
    // here would hide what they can still do, e.g. reach an error). Inside an atomic section the
    // thread keeps it: no other section can start (never a deadlock: the execution is assume-blocked).
    return c.stopAt(c.action(ActionKind::AssumeBlocked, 0));
}

Continuation atomicBeginCall(BuiltinCall &c) { return c.services.sections.begin(c.state, c.thread); }
Continuation atomicEndCall(BuiltinCall &c) { return c.services.sections.end(c.state, c.thread); }

/// SplitMix64's finaliser: a well-mixed 64-bit value from a counter.
std::uint64_t mix64(std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// The bits of a __VERIFIER_nondet_* function's result type.
std::uint64_t nondetMask(Builtin b) {
    switch (b) {
    case Builtin::NondetBool: return 1;
    case Builtin::NondetChar:
    case Builtin::NondetUChar: return 0xFF;
    case Builtin::NondetShort:
    case Builtin::NondetUShort: return 0xFFFF;
    case Builtin::NondetInt:
    case Builtin::NondetUInt: return 0xFFFFFFFFu;
    default: return ~std::uint64_t{0};
    }
}

Continuation nondetCall(BuiltinCall &c) {
    const InterpreterOptions &options = c.options();
    const Builtin b = c.builtin;
    if (options.nondet == NondetSource::Explore) {
        // A choice event; the explorer picks the value (Interpreter::choose, performAction).
        const NondetKind kind = b == Builtin::NondetBool    ? NondetKind::Bool
                                : b == Builtin::NondetChar  ? NondetKind::Char
                                : b == Builtin::NondetUChar ? NondetKind::UChar
                                                            : NondetKind::Range;
        const NondetDomain range = wideNondetValues(options, c.services.program, c.currentInstruction(), c.state).range;
        const ObjectId object = nondetObject(c.thread.id, kind, range.lo, range.hi);
        c.thread.nondetMask = nondetMask(b);
        return c.stopAt(c.action(ActionKind::NondetChoice, object, nondetDomain(object).first()));
    }
    std::uint64_t v = 0;
    if (options.nondet == NondetSource::Random)
        v = mix64(options.nondetSeed ^ mix64((std::uint64_t(c.thread.id) << 32) ^ c.thread.nondetDraws++));
    return c.returns(v & nondetMask(b));
}

/// A timed wait's choice (engine/runtime/pthread.c): a nondet event of two values, 1 = the wait times
/// out, explored whatever --nondet says (a timeout is a behaviour of the program, not an input).
Continuation timeoutCall(BuiltinCall &c) {
    c.thread.nondetMask = 1;
    c.thread.choosesTimeout = true;
    return c.stopAt(c.action(ActionKind::NondetChoice, nondetObject(c.thread.id, NondetKind::Bool, 0, 1), 0));
}

} // namespace

void addVerifierCalls(LibcDispatcher &table) {
    table.add(Builtin::WeftTimeout, &timeoutCall);
    table.add(Builtin::AssertFail, &assertFailCall);
    table.add(Builtin::Abort, &abortCall);
    table.add(Builtin::VerifierError, &errorCall);
    table.add(Builtin::ReachError, &errorCall);
    table.add(Builtin::VerifierAssume, &assumeCall);
    table.add(Builtin::VerifierAtomicAssert, &atomicAssertCall);
    table.add(Builtin::AtomicBegin, &atomicBeginCall);
    table.add(Builtin::AtomicEnd, &atomicEndCall);
    for (Builtin b :
         {Builtin::NondetInt, Builtin::NondetUInt, Builtin::NondetLong, Builtin::NondetULong, Builtin::NondetChar,
          Builtin::NondetUChar, Builtin::NondetShort, Builtin::NondetUShort, Builtin::NondetBool})
        table.add(b, &nondetCall);
}

} // namespace weft::interpreter
