// SPDX-License-Identifier: MIT
#include "views/messages/MessageText.hpp"

#include <QStringList>

namespace weft::views {

QString MessageText::wording(MessageKind kind) {
    switch (kind) {
    case MessageKind::Text: return QStringLiteral("%1");
    case MessageKind::Located: return tr("%1: %2");
    case MessageKind::List: return QStringLiteral("%1");
    case MessageKind::AssertionFailed: return tr("assertion `%1' failed in %2");
    case MessageKind::FunctionCalled: return tr("%1() called");
    case MessageKind::ExitStatus: return tr("exited with status %1");
    case MessageKind::DataRace: return tr("data race on %1: %2 and %3, with no synchronisation between them");
    case MessageKind::ThreadReads: return tr("T%1 reads at %2");
    case MessageKind::ThreadWrites: return tr("T%1 writes at %2");
    case MessageKind::SizedObject: return tr("a %1-byte global variable %2");
    case MessageKind::WaitsForLock: return tr("T%1 waits for lock %2");
    case MessageKind::WaitsToJoin: return tr("T%1 waits to join T%2");
    case MessageKind::WaitsForExits: return tr("T%1 waits for the other threads to exit");
    case MessageKind::WaitsOnSemaphore: return tr("T%1 waits on semaphore %2");
    case MessageKind::WaitsOnCondition: return tr("T%1 waits on condition variable %2");
    case MessageKind::WaitsAtBarrier: return tr("T%1 waits at barrier %2");
    case MessageKind::WaitsToReadLock: return tr("T%1 waits to read-lock %2");
    case MessageKind::WaitsToWriteLock: return tr("T%1 waits to write-lock %2");
    case MessageKind::PointsTo: return tr("→ %1");
    case MessageKind::AtAddress: return tr("at address %1");
    case MessageKind::HeapBlockAt: return tr("heap block allocated at %1");
    case MessageKind::HeapBlockPartAt: return tr("heap block+%1 allocated at %2");
    case MessageKind::LocalAt: return tr("local allocated at %1");
    case MessageKind::LocalPartAt: return tr("local+%1 allocated at %2");
    case MessageKind::Unlocked: return tr("unlocked");
    case MessageKind::LockedBy: return tr("locked by T%1");
    case MessageKind::LockedTimes: return tr("locked by T%1 (%2 times)");
    case MessageKind::NoWaiter: return tr("no waiter");
    case MessageKind::Waiters: return tr("waiters: %1");
    case MessageKind::WaitersSignal: return tr("waiters: %1 (%2 signal pending)");
    case MessageKind::WaitersSignals: return tr("waiters: %1 (%2 signals pending)");
    case MessageKind::SemaphoreValue: return tr("value %1");
    case MessageKind::NotInitialised: return tr("not initialised");
    case MessageKind::BarrierArrivals: return tr("%1 of %2 arrived");
    case MessageKind::WriteLockedBy: return tr("write-locked by T%1");
    case MessageKind::ReadLockedBy: return tr("read-locked by %1");
    case MessageKind::MutexDestroyed: return tr("destroyed");
    case MessageKind::ReadOfBytes: return tr("read of %1 bytes");
    case MessageKind::ReadOfByte: return tr("read of %1 byte");
    case MessageKind::WriteOfBytes: return tr("write of %1 bytes");
    case MessageKind::WriteOfByte: return tr("write of %1 byte");
    case MessageKind::FreeOfBytes: return tr("free of %1 bytes");
    case MessageKind::FreeOfByte: return tr("free of %1 byte");
    case MessageKind::NullFree: return tr("free of a null-derived pointer");
    case MessageKind::NullDereference: return tr("null pointer dereference (%1)");
    case MessageKind::InvalidDereference: return tr("invalid pointer dereference (%1 at address %2)");
    case MessageKind::OutOfBounds: return tr("out-of-bounds %1 at offset %2 of %3");
    case MessageKind::UseAfterFree: return tr("use after free: %1 of %2, freed earlier");
    case MessageKind::UseAfterReturn: return tr("use after return: %1 of %2, whose function has returned");
    case MessageKind::Misaligned: return tr("misaligned %1 at offset %2 of %3");
    case MessageKind::ReadOnlyWrite: return tr("write to read-only memory (%1)");
    case MessageKind::DoubleFree: return tr("double free of %1");
    case MessageKind::InvalidFreeInside: return tr("invalid free: the pointer is at offset %1 of %2");
    case MessageKind::InvalidFree: return tr("invalid free of a pointer to %1");
    case MessageKind::TooManyObjects: return tr("too many memory objects allocated by one thread");
    case MessageKind::MemoryExhausted:
        return tr("memory exhausted: allocating %1 more bytes would exceed the limit of %2 MiB live in one execution");
    case MessageKind::InvalidAccess: return tr("invalid memory access");
    case MessageKind::RaceRecordExhausted:
        return tr("memory exhausted: the race detector's record of %1 would exceed the limit of %2 MiB per execution "
                  "(--races=ignore does without it)");
    case MessageKind::SizedGlobal: return tr("a %1-byte global variable");
    case MessageKind::SizedHeapBlock: return tr("a %1-byte heap block");
    case MessageKind::SizedLocal: return tr("a %1-byte local variable");
    case MessageKind::SizedFunction: return tr("a %1-byte function");
    case MessageKind::StringLiteral: return tr("a %1-byte string literal");
    case MessageKind::NamedLocal: return tr("a %1-byte local variable %2");
    case MessageKind::NamedLocalAt: return tr("a %1-byte local variable %2 declared at %3");
    case MessageKind::SizedHeapBlockAt: return tr("a %1-byte heap block allocated at %2");
    case MessageKind::SizedLocalAt: return tr("a %1-byte local variable allocated at %2");
    case MessageKind::VariadicArguments: return tr("the %1 bytes of variadic arguments passed");
    case MessageKind::VariadicArgumentsAt: return tr("the %1 bytes of variadic arguments passed at %2");
    case MessageKind::ObjectAtOffset: return tr("%1 at offset %2");
    case MessageKind::ObjectByte: return tr("%1 (byte %2)");
    case MessageKind::HeapBlock: return tr("heap block");
    case MessageKind::HeapBlockPart: return tr("heap block+%1");
    case MessageKind::Local: return tr("local");
    case MessageKind::LocalPart: return tr("local+%1");
    case MessageKind::ThreadsCopy: return tr("T%1's %2");
    case MessageKind::AtomicSections: return tr("(atomic sections)");
    case MessageKind::LoopsForever:
        return tr("thread T%1 loops forever: an iteration of this loop changes nothing and reads no memory another "
                  "thread can change");
    case MessageKind::SpinsUnderSync:
        return tr("thread T%1 spins forever waiting for %2 to change: under --model sync no other thread runs while a "
                  "thread runs its local code (--model sc explores this wait)");
    case MessageKind::SpinsForever: return tr("T%1 spins forever");
    case MessageKind::SpinsWaiting: return tr("T%1 spins forever waiting for %2 to change");
    case MessageKind::SpinsAtWaiting: return tr("T%1 spins forever at %2 waiting for %3 to change");
    case MessageKind::FalseAssumption: return tr("T%1 is stopped by a false assumption");
    case MessageKind::StoppedAtStepBound: return tr("T%1 is stopped at the instruction bound");
    case MessageKind::Cannot: return tr("T%1 cannot %2");
    case MessageKind::InstructionBound:
        return tr("thread T%1 ran more than %2 instructions without a visible action (infinite loop?)");
    case MessageKind::ActionBound: return tr("more than %1 visible actions in one execution");
    case MessageKind::ThreadBound: return tr("more than %1 threads in one execution");
    case MessageKind::EndWaitBound:
        return tr("more than %1 visible actions after a thread reached its end (a fault or exit)");
    case MessageKind::TooManyThreads: return tr("too many threads for the interpreter's memory layout");
    case MessageKind::StackOverflow: return tr("stack overflow: more than %1 nested calls");
    case MessageKind::StackTooLarge: return tr("stack allocation of %1 bytes is too large");
    case MessageKind::NullFunctionCall: return tr("call through a null function pointer");
    case MessageKind::InvalidFunctionCall: return tr("call through an invalid function pointer");
    case MessageKind::Unreachable: return tr("reached code marked unreachable");
    case MessageKind::DivisionByZero: return tr("division by zero");
    case MessageKind::DivisionOverflow: return tr("signed division overflow (the minimum value divided by -1)");
    case MessageKind::ShiftTooFar: return tr("shift by %1 bits of a %2-bit value");
    case MessageKind::NotPure: return tr("not a pure instruction");
    case MessageKind::OnlyStandardStreams: return tr("%1: only stdout and stderr are supported streams");
    case MessageKind::OnlyStdin: return tr("%1: only stdin can be read");
    case MessageKind::VaListNotStarted: return tr("%1: the va_list was not set up by va_start");
    case MessageKind::FormatNeedsArguments: return tr("%1: the format %2 needs more arguments than were passed");
    case MessageKind::FormatIncomplete: return tr("%1: incomplete conversion at the end of %2");
    case MessageKind::LongDoubleArguments: return tr("%1: long double arguments are not supported");
    case MessageKind::UnsupportedConversion: return tr("%1: unsupported conversion %2");
    case MessageKind::FormatEndsInConversion: return tr("%1: the format %2 ends inside a conversion");
    case MessageKind::UnterminatedSet: return tr("%1: unterminated %[ in the format %2");
    case MessageKind::UnknownConversion: return tr("%1: unknown conversion %2 in the format %3");
    case MessageKind::JumpNotSet: return tr("%1 with a jmp_buf that setjmp did not set");
    case MessageKind::JumpOtherThread:
        return tr("%1 to a jmp_buf set by thread T%2 (Weft supports setjmp and longjmp within one thread)");
    case MessageKind::JumpReturned: return tr("%1 to a setjmp whose function has returned");
    case MessageKind::DestroyLockedMutex: return tr("pthread_mutex_destroy of a locked mutex");
    case MessageKind::DestroyedMutexUsed: return tr("%1 of mutex %2 after it was destroyed");
    case MessageKind::InitLockedMutex: return tr("pthread_mutex_init of a locked mutex");
    case MessageKind::InitUsedMutex: return tr("pthread_mutex_init of mutex %1 after it was used");
    case MessageKind::UninitialisedMutexUsed: return tr("%1 of mutex %2 before it was initialised");
    case MessageKind::DestroyedSemUsed: return tr("%1 of semaphore %2 after it was destroyed");
    case MessageKind::DestroyedCondUsed: return tr("%1 of condition variable %2 after it was destroyed");
    case MessageKind::DestroyedBarrierUsed: return tr("%1 of barrier %2 after it was destroyed");
    case MessageKind::DestroyedRwlockUsed: return tr("%1 of read-write lock %2 after it was destroyed");
    case MessageKind::DestroyWaitedCond: return tr("pthread_cond_destroy of a condition variable with waiters");
    case MessageKind::DestroyWaitedBarrier: return tr("pthread_barrier_destroy of a barrier with waiters");
    case MessageKind::DestroyLockedRwlock: return tr("pthread_rwlock_destroy of a locked read-write lock");
    case MessageKind::MutexInitRace:
        return tr("mutex %1 initialised and used with no synchronisation between them: %2 and %3");
    case MessageKind::ThreadInitialises: return tr("T%1 initialises it at %2");
    case MessageKind::ThreadUsesMutex: return tr("T%1 uses it at %2");
    case MessageKind::RwUnlockNotHeld: return tr("pthread_rwlock_unlock: the lock is not held by this thread");
    case MessageKind::StartNotFunction: return tr("pthread_create: the start routine is not a function of the program");
    case MessageKind::SemValueTooLarge: return tr("sem_init: the value exceeds SEM_VALUE_MAX");
    case MessageKind::BarrierCountZero: return tr("pthread_barrier_init: the count is 0");
    case MessageKind::NoImplementation: return tr("internal: builtin %1 has no implementation");
    case MessageKind::OverlappingCopy: return tr("memcpy with overlapping source and destination");
    case MessageKind::AtomicEndOutside: return tr("__VERIFIER_atomic_end() outside an atomic section");
    case MessageKind::JoinDetached: return tr("pthread_join of T%1, which was created detached");
    case MessageKind::JoinUncreated: return tr("T%1 joins thread %2, which this execution never created");
    case MessageKind::UnlockNotHeld: return tr("T%1 unlocks mutex %2, which it does not hold");
    case MessageKind::UnlockNotHeldGoesOn:
        return tr("T%1 unlocks mutex %2, which it does not hold (it returns EPERM and the run goes on)");
    case MessageKind::SemaphoreUninitialised: return tr("T%1 uses semaphore %2 before initialising it (sem_init)");
    case MessageKind::BarrierUninitialised:
        return tr("T%1 waits at barrier %2 before initialising it (pthread_barrier_init)");
    case MessageKind::MixedSizeRead:
        return tr("mixed-size access to shared memory: a %1-byte read at offset %2 of %3 overlaps its %4-byte location "
                  "at offset %5 (the sc model needs one access size per shared location)");
    case MessageKind::MixedSizeWrite:
        return tr("mixed-size access to shared memory: a %1-byte write at offset %2 of %3 overlaps its %4-byte "
                  "location at offset %5 (the sc model needs one access size per shared location)");
    case MessageKind::UnsupportedCall: return tr("%1() (%2: not supported yet)");
    case MessageKind::MutexAttributes: return tr("mutex attributes");
    case MessageKind::ConditionAttributes: return tr("condition variable attributes");
    case MessageKind::BarrierAttributes: return tr("barrier attributes");
    case MessageKind::ThreadCancellation: return tr("thread cancellation");
    case MessageKind::Signals: return tr("signals");
    case MessageKind::NamedSemaphores: return tr("named semaphores and sem_getvalue");
    case MessageKind::InlineAssembly: return tr("inline assembly");
    case MessageKind::Intrinsic: return tr("intrinsic %1");
    case MessageKind::ExternalVariable: return tr("use of external variable %1");
    case MessageKind::LongDoubleArithmetic: return tr("long double arithmetic");
    case MessageKind::AssumeInAtomic:
        return tr("__VERIFIER_assume failed inside an atomic section after the section wrote shared memory");
    case MessageKind::ActionInAtomic:
        return tr(
            "%1 inside an atomic section (only local code, memory accesses and __VERIFIER_assume run atomically)");
    case MessageKind::ScheduleNoThread: return tr("schedule step %1: thread T%2 does not exist");
    case MessageKind::ScheduleExited: return tr("schedule step %1: thread T%2 has exited");
    case MessageKind::ScheduleBlocked: return tr("schedule step %1: thread T%2 is blocked (%3)");
    case MessageKind::ReplayExpected: return tr("replay step %1: expected T%2 %3, the program did T%4 %5");
    case MessageKind::ReplayEndedEarly:
        return tr("the execution ended after %1 visible actions, before replaying the %2 of the trail");
    case MessageKind::NeverWritten: return tr("%1 depends on %2, which was never written");
    case MessageKind::NeverInitialised: return tr("%1 depends on %2, which was never initialised");
    case MessageKind::LoadAddress: return tr("the address of this load");
    case MessageKind::StoreAddress: return tr("the address of this store");
    case MessageKind::AtomicAddress: return tr("the address of this atomic operation");
    case MessageKind::TheBranch: return tr("the branch");
    case MessageKind::TheSwitch: return tr("the switch");
    case MessageKind::CalledPointer: return tr("the function pointer of this call");
    case MessageKind::ArgumentOf: return tr("argument %1 of %2");
    case MessageKind::ALocalVariable: return tr("a local variable");
    case MessageKind::ExecutionCut:
        return tr(
            "execution %1 was cut at a per-execution bound (%2): interleavings beyond such cuts are not explored");
    case MessageKind::NotDeterministic:
        return tr("the program did not replay deterministically (%1); exploration stopped");
    case MessageKind::EventLimit: return tr("the event structure exceeded %1 events");
    case MessageKind::UnsupportedWarning:
        return tr("unsupported operation %1: an execution that reaches it stops with a defect");
    case MessageKind::AtomicOrderNotExplored:
        return tr(
            "T%1 and T%2 access %3 atomically at %4 and %5 with nothing ordering them: under --model sync atomics run "
            "as local code and only one order of such accesses is explored (--model sc explores every order)");
    case MessageKind::NoInputFile: return tr("no input file given");
    case MessageKind::CannotOpenFile: return tr("cannot open file: %1");
    case MessageKind::FileIsDirectory: return tr("cannot open file: it is a directory");
    case MessageKind::UnsupportedFileType: return tr("unsupported input file type '%1' (expected .c, .i, .ll or .bc)");
    case MessageKind::CompilerFailed: return tr("the C compiler failed on this input: %1");
    case MessageKind::CompilationFailed: return tr("compilation failed");
    case MessageKind::NoMainFunction: return tr("the program has no main function");
    case MessageKind::ActStart: return tr("start");
    case MessageKind::ActCreate: return tr("create T%1");
    case MessageKind::ActExit: return tr("exit");
    case MessageKind::ActJoin: return tr("join T%1");
    case MessageKind::ActLock: return tr("lock %1");
    case MessageKind::ActUnlock: return tr("unlock %1");
    case MessageKind::ActTrylock: return tr("trylock %1");
    case MessageKind::ActDestroy: return tr("destroy %1");
    case MessageKind::ActSemInit: return tr("sem_init %1 %2");
    case MessageKind::ActSemWait: return tr("sem_wait %1");
    case MessageKind::ActSemTrywait: return tr("sem_trywait %1");
    case MessageKind::ActSemPost: return tr("sem_post %1");
    case MessageKind::ActSemDestroy: return tr("sem_destroy %1");
    case MessageKind::ActCondWait: return tr("cond_wait %1");
    case MessageKind::ActCondWake: return tr("wake up on %1");
    case MessageKind::ActCondSignal: return tr("cond_signal %1");
    case MessageKind::ActCondBroadcast: return tr("cond_broadcast %1");
    case MessageKind::ActCondDestroy: return tr("cond_destroy %1");
    case MessageKind::ActBarrierInit: return tr("barrier_init %1 %2");
    case MessageKind::ActBarrierWait: return tr("barrier_wait %1");
    case MessageKind::ActBarrierDestroy: return tr("barrier_destroy %1");
    case MessageKind::ActBarrierPass: return tr("leave barrier %1");
    case MessageKind::ActRead: return tr("read %1");
    case MessageKind::ActWrite: return tr("write %1");
    case MessageKind::ActNondet: return tr("nondet %1");
    case MessageKind::ActRdlock: return tr("rdlock %1");
    case MessageKind::ActTryrdlock: return tr("tryrdlock %1");
    case MessageKind::ActRdunlock: return tr("rdunlock %1");
    case MessageKind::ActWrlock: return tr("wrlock %1");
    case MessageKind::ActTrywrlock: return tr("trywrlock %1");
    case MessageKind::ActWrunlock: return tr("wrunlock %1");
    case MessageKind::ActRwDestroy: return tr("rwlock_destroy %1");
    case MessageKind::ActProgramEnd: return tr("end the program");
    case MessageKind::ActAssumeBlocked: return tr("stop at a false assumption");
    case MessageKind::ActAwaitBlocked: return tr("spin forever");
    case MessageKind::ActStopAtStepBound: return tr("stop at the instruction bound");
    case MessageKind::ReadValue: return tr("%1 = %2");
    case MessageKind::ReadValues: return QStringLiteral("%1");
    case MessageKind::TypesTooDeep: return tr("types nested more than %1 levels deep are not supported");
    case MessageKind::TooManyFields:
        return tr("aggregate values with more than 256 fields in registers are not supported");
    case MessageKind::WideIntegers: return tr("integers wider than 64 bits are not supported");
    case MessageKind::VectorTypes: return tr("vector types are not supported");
    case MessageKind::LongDoubleType: return tr("long double is not supported");
    case MessageKind::HalfPrecision: return tr("half-precision floating point is not supported");
    case MessageKind::UnsupportedType: return tr("values of this type are not supported");
    case MessageKind::ConstantsTooDeep:
        return tr("constant expressions nested more than %1 levels deep are not supported");
    case MessageKind::UnsupportedAggregateConstant: return tr("unsupported aggregate constant");
    case MessageKind::LongDoubleConstant: return tr("long double and half-precision constants are not supported");
    case MessageKind::UsesExternalVariable: return tr("uses external variable '%1', which Weft does not provide");
    case MessageKind::UsesExternalFunction:
        return tr("uses external function '%1', which Weft's interpreter does not implement");
    case MessageKind::UsesUnsupported: return tr("uses '%1': %2 are not supported yet");
    case MessageKind::UnsupportedAddressConstant: return tr("unsupported constant address expression");
    case MessageKind::UnsupportedConstantCast: return tr("unsupported constant cast");
    case MessageKind::UnsupportedConstantExpression: return tr("unsupported constant expression");
    case MessageKind::UnsupportedConstantOperation: return tr("unsupported constant expression '%1'");
    case MessageKind::UnsupportedConstant: return tr("unsupported constant");
    case MessageKind::UnsupportedInitialiser: return tr("unsupported initialiser");
    case MessageKind::GlobalTooLarge: return tr("global variable '%1' is too large (at most 128 MiB)");
    case MessageKind::InitialiserOf: return tr("initialiser of '%1': %2");
    case MessageKind::ParameterOf: return tr("parameter of '%1': %2");
    case MessageKind::ReturnValueOf: return tr("return value of '%1': %2");
    case MessageKind::InlineAssemblyUnsupported: return tr("inline assembly is not supported");
    case MessageKind::UnsupportedOperand: return tr("unsupported operand");
    case MessageKind::AtomicOperationUnsupported: return tr("this atomic read-modify-write operation is not supported");
    case MessageKind::UnsupportedInstruction: return tr("unsupported instruction '%1'");
    case MessageKind::InvalidIr: return tr("invalid LLVM IR: %1");
    case MessageKind::InvalidDebugInfo: return tr("invalid debug info ignored: %1");
    case MessageKind::RuntimeNotLinked: return tr("cannot link the runtime library");
    case MessageKind::NoCompilation: return tr("clang could not build a compilation for this file");
    case MessageKind::ReadFailed: return tr("Weft failed to read this program: %1");
    case MessageKind::WaitsForExitedOwner: return tr("T%1 waits for lock %2, which T%3 held when it exited");
    case MessageKind::ThreadFrees: return tr("T%1 frees it at %2");
    case MessageKind::JoinJoined: return tr("pthread_join of T%1, which has been joined already");
    case MessageKind::JoinAfterDetach: return tr("pthread_join of T%1, which pthread_detach has detached");
    case MessageKind::DetachDetached: return tr("pthread_detach of T%1, which is detached already");
    case MessageKind::DetachJoined: return tr("pthread_detach of T%1, which has been joined already");
    case MessageKind::WaitsForHeldLock: return tr("T%1 waits for lock %2, held by T%3");
    case MessageKind::WaitsForOwnLock: return tr("T%1 waits for lock %2, which it holds itself");
    case MessageKind::Count: break;
    }
    return QStringLiteral("%1");
}

QString MessageText::format(const Diagnostic &diagnostic) {
    QString where = QString::fromStdString(diagnostic.file);
    if (!where.isEmpty() && diagnostic.line)
        where += QLatin1Char(':') + QString::number(diagnostic.line) +
                 (diagnostic.column ? QLatin1Char(':') + QString::number(diagnostic.column) : QString());
    const QString text = format(diagnostic.text);
    QString said;
    switch (diagnostic.severity) {
    case Severity::Note: said = tr("note: %1").arg(text); break;
    case Severity::Warning: said = tr("warning: %1").arg(text); break;
    case Severity::Error: said = tr("error: %1").arg(text); break;
    }
    return where.isEmpty() ? said : tr("%1: %2").arg(where, said);
}

QString MessageText::format(const Message &message) {
    QStringList args;
    for (std::size_t i = 0; i < message.args.size(); ++i)
        args << (isNestedArgument(message.kind, i) ? format(message.args[i]) : QString::fromStdString(message.args[i]));
    if (message.kind == MessageKind::List)
        return args.join(QStringLiteral("; "));
    if (message.kind == MessageKind::ReadValues)
        return args.join(QStringLiteral(", "));
    // Each placeholder replaced once, left to right: an argument holding "%2" stays as it is.
    const QString text = wording(message.kind);
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('%') && i + 1 < text.size() && text[i + 1].isDigit()) {
            const qsizetype index = text[i + 1].digitValue() - 1;
            if (index >= 0 && index < args.size())
                out += args[index];
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

} // namespace weft::views
