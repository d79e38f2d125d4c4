// SPDX-License-Identifier: MIT
// Thread calls and exit(): create, join and pthread_exit are checked here and become the thread's
// pending action, which Interpreter::execute performs; the rest (self, equal, attributes) complete at once.
#include "engine/base/Message.hpp"
#include "engine/interpreter/Arithmetic.hpp"
#include "engine/interpreter/LibcDispatcher.hpp"
#include "engine/interpreter/pthread/ThreadAttributes.hpp"

#include <cstring>

namespace weft::interpreter {

using program::Builtin;

namespace {

Continuation createCall(BuiltinCall &c) {
    const std::vector<program::Function> &functions = c.services.program.functions;
    const program::DecodedPointer routine = program::decodePointer(c.arg(2));
    if (routine.owner != program::kFunctionOwner || routine.offset != 0 || routine.object >= functions.size() ||
        !functions[routine.object].isDefined())
        return c.fail(DefectKind::UndefinedBehaviour, english(MessageKind::StartNotFunction, {}));
    MemoryFault fault;
    const std::uint64_t handleBytes = program::threadHandleBytes(c.currentInstruction());
    if (!c.state.memory.write(c.arg(0), handleBytes, handleBytes, fault))
        return c.memoryFault(fault);
    const ThreadId child = c.services.naming->childOf(c.thread.id, c.thread.created++);
    if (child >= program::kMaxThreadOwners)
        return c.fail(DefectKind::StepBound, english(MessageKind::TooManyThreads, {}));
    c.services.shared.markEscaped(c.state, c.arg(3)); // the start routine's argument is now reachable by the new thread
    return c.stopAt(c.action(ActionKind::ThreadCreate, child));
}

Continuation joinCall(BuiltinCall &c) {
    MemoryFault fault;
    if (c.arg(1) != 0 && !c.state.memory.write(c.arg(1), 8, 8, fault))
        return c.memoryFault(fault);
    if (const ThreadState *joined = c.arg(0) < kNoThread ? c.state.find(ThreadId(c.arg(0))) : nullptr;
        joined && joined->detached)
        return c.fail(DefectKind::ModelViolation,
                      english(joined->detachCalled ? MessageKind::JoinAfterDetach : MessageKind::JoinDetached,
                              {std::to_string(c.arg(0))}));
    return c.stopAt(c.action(ActionKind::ThreadJoin, c.arg(0)));
}

/// pthread_detach: the thread is no longer joinable. Detaching it again, or after a join returned, is
/// undefined (POSIX): invalid synchronisation. No event: a detach and a join of one thread by two
/// threads fail in either order (the second finds the first's mark; a join checks again when it runs).
Continuation detachCall(BuiltinCall &c) {
    ThreadState *detached = c.arg(0) < kNoThread ? c.state.find(ThreadId(c.arg(0))) : nullptr;
    if (!detached)
        return c.returns(3); // ESRCH: no such thread
    if (detached->joined)
        return c.fail(DefectKind::ModelViolation, english(MessageKind::DetachJoined, {std::to_string(c.arg(0))}));
    if (detached->detached)
        return c.fail(DefectKind::ModelViolation, english(MessageKind::DetachDetached, {std::to_string(c.arg(0))}));
    detached->detached = true;
    detached->detachCalled = true;
    return c.returns(0);
}

Continuation pthreadExitCall(BuiltinCall &c) {
    c.thread.exitValue = c.arg(0);
    return c.stopAt(c.action(ActionKind::ThreadExit, 0));
}

Continuation exitCall(BuiltinCall &c) {
    const std::int64_t status = signExtend(c.arg(0) & 0xFFFFFFFFu, 32);
    if (status != 0 && !c.options().svcompSemantics)
        return c.fail(DefectKind::ExitCode, english(MessageKind::ExitStatus, {std::to_string(status)}));
    return c.stopAt(c.endProgram());
}

Continuation selfCall(BuiltinCall &c) { return c.returns(c.thread.id); }
Continuation equalCall(BuiltinCall &c) { return c.returns(c.arg(0) == c.arg(1)); }
/// Attributes without effect (stack size, scheduling): 0.
Continuation noEffect(BuiltinCall &c) { return c.returns(0); }

/// pthread_attr_init and _setdetachstate. Weft's layout of pthread_attr_t: the detach state at
/// kAttrDetachOffset, the rest unused.
Continuation attrSetCall(BuiltinCall &c) {
    const std::uint32_t detach = c.builtin == Builtin::AttrInit ? 0 : std::uint32_t(c.arg(1));
    if (detach > 1)
        return c.returns(22); // EINVAL
    MemoryFault fault;
    std::uint8_t *attr = c.state.memory.write(c.arg(0), kAttrSize, 8, fault);
    if (!attr)
        return c.memoryFault(fault);
    if (c.builtin == Builtin::AttrInit)
        std::memset(attr, 0, kAttrSize);
    std::memcpy(attr + kAttrDetachOffset, &detach, 4);
    return c.returns(0);
}

Continuation attrGetDetachCall(BuiltinCall &c) {
    MemoryFault fault;
    const std::uint8_t *attr = c.state.memory.read(c.arg(0), kAttrSize, 8, fault);
    std::uint8_t *out = attr ? c.state.memory.write(c.arg(1), 4, 4, fault) : nullptr;
    if (!out)
        return c.memoryFault(fault);
    std::memmove(out, attr + kAttrDetachOffset, 4);
    return c.returns(0);
}

} // namespace

void addThreadCalls(LibcDispatcher &table) {
    table.add(Builtin::PthreadCreate, &createCall);
    table.add(Builtin::PthreadJoin, &joinCall);
    table.add(Builtin::PthreadExit, &pthreadExitCall);
    table.add(Builtin::Exit, &exitCall);
    table.add(Builtin::QuickExit, &exitCall);
    table.add(Builtin::PosixQuickExit, &exitCall);
    table.add(Builtin::PthreadSelf, &selfCall);
    table.add(Builtin::PthreadEqual, &equalCall);
    table.add(Builtin::AttrInit, &attrSetCall);
    table.add(Builtin::AttrSetDetachState, &attrSetCall);
    table.add(Builtin::AttrGetDetachState, &attrGetDetachCall);
    table.add(Builtin::PthreadDetach, &detachCall);
    for (Builtin b : {Builtin::AttrDestroy, Builtin::AttrOther, Builtin::AttrSetStackSize})
        table.add(b, &noEffect);
}

} // namespace weft::interpreter
