// SPDX-License-Identifier: MIT
// What the engine says to people, as data: a kind and its arguments. english() is the text the CLI
// prints and JSON holds; the desktop app words the same kind in its UI language. A message travels
// as its English text (through the explorer, snapshots, saved results and variable values), and
// parseMessage() gets the data back: each wording lives once, in Message.cpp's table, both ways.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace weft {

enum class MessageKind : std::uint16_t {
    Text,              ///< none of the others: args[0] is the text as it is
    Located,           ///< "f.c:12:5: <message>": a source location, then a message
    List,              ///< messages joined by "; " (a deadlock's waiting threads)
    // Defects.
    AssertionFailed,   ///< assertion `EXPR' failed in FUNCTION
    FunctionCalled,    ///< abort() called, reach_error() called
    ExitStatus,        ///< exited with status N
    DataRace,          ///< data race on OBJECT: ACCESS and ACCESS, with no synchronisation between them
    ThreadReads,       ///< T1 reads at f.c:24:9
    ThreadWrites,      ///< T1 writes at f.c:24:7
    SizedObject,       ///< a 4-byte global variable 'x' (a global, heap block or local variable)
    WaitsForLock,      ///< T1 waits for lock 'm'
    WaitsToJoin,       ///< T0 waits to join T1
    WaitsForExits,     ///< T0 waits for the other threads to exit
    WaitsOnSemaphore,  ///< T1 waits on semaphore 's'
    WaitsOnCondition,  ///< T1 waits on condition variable 'c'
    WaitsAtBarrier,    ///< T1 waits at barrier 'b'
    WaitsToReadLock,   ///< T1 waits to read-lock 'rw'
    WaitsToWriteLock,  ///< T1 waits to write-lock 'rw'
    // Memory named by where it is (values of pointers, objects of actions).
    PointsTo,          ///< → 'x' (a pointer's value: what it points to)
    AtAddress,         ///< at address 0x2 (not an object: an integer cast to a pointer)
    HeapBlockAt,       ///< heap block allocated at f.c:12
    HeapBlockPartAt,   ///< heap block+8 allocated at f.c:12
    LocalAt,           ///< local allocated at f.c:12
    LocalPartAt,       ///< local+8 allocated at f.c:12
    // Synchronisation objects' states (the variables pane).
    Unlocked,          ///< unlocked
    LockedBy,          ///< locked by T1
    LockedTimes,       ///< locked by T1 (3 times)
    NoWaiter,          ///< no waiter
    Waiters,           ///< waiters: T1, T2
    WaitersSignal,     ///< waiters: T1 (1 signal pending)
    WaitersSignals,    ///< waiters: T1 (2 signals pending)
    SemaphoreValue,    ///< value 2
    NotInitialised,    ///< not initialised
    BarrierArrivals,   ///< 2 of 3 arrived
    WriteLockedBy,     ///< write-locked by T1
    ReadLockedBy,      ///< read-locked by T0, T3
    MutexDestroyed,    ///< destroyed (pthread_mutex_destroy, not initialised since)
    // Memory faults: the access ("read of 4 bytes"), then what went wrong with it.
    ReadOfBytes, ///< read of %1 bytes
    ReadOfByte, ///< read of %1 byte
    WriteOfBytes, ///< write of %1 bytes
    WriteOfByte, ///< write of %1 byte
    FreeOfBytes, ///< free of %1 bytes
    FreeOfByte, ///< free of %1 byte
    NullFree, ///< free of a null-derived pointer
    NullDereference, ///< null pointer dereference (%1)
    InvalidDereference, ///< invalid pointer dereference (%1 at address %2)
    OutOfBounds, ///< out-of-bounds %1 at offset %2 of %3
    UseAfterFree, ///< use after free: %1 of %2, freed earlier
    UseAfterReturn, ///< use after return: %1 of %2, whose function has returned
    Misaligned, ///< misaligned %1 at offset %2 of %3
    ReadOnlyWrite, ///< write to read-only memory (%1)
    DoubleFree, ///< double free of %1
    InvalidFreeInside, ///< invalid free: the pointer is at offset %1 of %2
    InvalidFree, ///< invalid free of a pointer to %1
    TooManyObjects, ///< too many memory objects allocated by one thread
    MemoryExhausted, ///< memory exhausted: allocating %1 more bytes would exceed the limit of %2 MiB live in one
                     ///< execution
    InvalidAccess, ///< invalid memory access
    RaceRecordExhausted, ///< memory exhausted: the race detector's record of %1 would exceed the limit of %2 MiB per
                         ///< execution (--races=ignore does without it)
    // Objects named by kind, size and where they come from (when they have no C name).
    SizedGlobal, ///< a %1-byte global variable
    SizedHeapBlock, ///< a %1-byte heap block
    SizedLocal, ///< a %1-byte local variable
    SizedFunction, ///< a %1-byte function
    StringLiteral, ///< a %1-byte string literal
    NamedLocal, ///< a %1-byte local variable %2
    NamedLocalAt, ///< a %1-byte local variable %2 declared at %3
    SizedHeapBlockAt, ///< a %1-byte heap block allocated at %2
    SizedLocalAt, ///< a %1-byte local variable allocated at %2
    VariadicArguments, ///< the %1 bytes of variadic arguments passed
    VariadicArgumentsAt, ///< the %1 bytes of variadic arguments passed at %2
    ObjectAtOffset, ///< %1 at offset %2
    ObjectByte, ///< %1 (byte %2)
    HeapBlock, ///< heap block
    HeapBlockPart, ///< heap block+%1
    Local, ///< local
    LocalPart, ///< local+%1
    ThreadsCopy, ///< T%1's %2
    AtomicSections, ///< (atomic sections)
    // Livelocks, blocked threads that no wait above describes.
    LoopsForever, ///< thread T%1 loops forever: an iteration of this loop changes nothing and reads no memory another
                  ///< thread can change
    SpinsUnderSync, ///< thread T%1 spins forever waiting for %2 to change: under --model sync no other thread runs
                    ///< while a thread runs its local code (--model sc explores this wait)
    SpinsForever, ///< T%1 spins forever
    SpinsWaiting, ///< T%1 spins forever waiting for %2 to change
    SpinsAtWaiting, ///< T%1 spins forever at %2 waiting for %3 to change
    FalseAssumption, ///< T%1 is stopped by a false assumption
    StoppedAtStepBound, ///< T%1 is stopped at the instruction bound
    Cannot, ///< T%1 cannot %2 (an Act* message)
    // Bounds.
    InstructionBound, ///< thread T%1 ran more than %2 instructions without a visible action (infinite loop?)
    ActionBound, ///< more than %1 visible actions in one execution
    ThreadBound, ///< more than %1 threads in one execution
    EndWaitBound, ///< more than %1 visible actions after a thread reached its end (a fault or exit)
    TooManyThreads, ///< too many threads for the interpreter's memory layout
    // Undefined behaviour.
    StackOverflow, ///< stack overflow: more than %1 nested calls
    StackTooLarge, ///< stack allocation of %1 bytes is too large
    NullFunctionCall, ///< call through a null function pointer
    InvalidFunctionCall, ///< call through an invalid function pointer
    Unreachable, ///< reached code marked unreachable
    DivisionByZero, ///< division by zero
    DivisionOverflow, ///< signed division overflow (the minimum value divided by -1)
    ShiftTooFar, ///< shift by %1 bits of a %2-bit value
    NotPure, ///< not a pure instruction
    OnlyStandardStreams, ///< %1: only stdout and stderr are supported streams
    OnlyStdin, ///< %1: only stdin can be read
    VaListNotStarted, ///< %1: the va_list was not set up by va_start
    FormatNeedsArguments, ///< %1: the format %2 needs more arguments than were passed
    FormatIncomplete, ///< %1: incomplete conversion at the end of %2
    LongDoubleArguments, ///< %1: long double arguments are not supported
    UnsupportedConversion, ///< %1: unsupported conversion %2
    FormatEndsInConversion, ///< %1: the format %2 ends inside a conversion
    UnterminatedSet, ///< %1: unterminated %[ in the format %2
    UnknownConversion, ///< %1: unknown conversion %2 in the format %3
    JumpNotSet, ///< %1 with a jmp_buf that setjmp did not set
    JumpOtherThread, ///< %1 to a jmp_buf set by thread T%2 (Weft supports setjmp and longjmp within one thread)
    JumpReturned, ///< %1 to a setjmp whose function has returned
    DestroyLockedMutex, ///< pthread_mutex_destroy of a locked mutex
    DestroyedMutexUsed, ///< %1 of mutex %2 after it was destroyed
    InitLockedMutex, ///< pthread_mutex_init of a locked mutex
    InitUsedMutex, ///< pthread_mutex_init of mutex %1 after it was used
    UninitialisedMutexUsed, ///< %1 of mutex %2 before it was initialised
    DestroyedSemUsed, ///< %1 of semaphore %2 after it was destroyed
    DestroyedCondUsed, ///< %1 of condition variable %2 after it was destroyed
    DestroyedBarrierUsed, ///< %1 of barrier %2 after it was destroyed
    DestroyedRwlockUsed, ///< %1 of read-write lock %2 after it was destroyed
    DestroyWaitedCond, ///< pthread_cond_destroy of a condition variable with waiters
    DestroyWaitedBarrier, ///< pthread_barrier_destroy of a barrier with waiters
    DestroyLockedRwlock, ///< pthread_rwlock_destroy of a locked read-write lock
    MutexInitRace, ///< mutex %1 initialised and used with no synchronisation between them: %2 and %3
    ThreadInitialises, ///< T%1 initialises it at %2
    ThreadUsesMutex, ///< T%1 uses it at %2
    RwUnlockNotHeld, ///< pthread_rwlock_unlock: the lock is not held by this thread
    StartNotFunction, ///< pthread_create: the start routine is not a function of the program
    SemValueTooLarge, ///< sem_init: the value exceeds SEM_VALUE_MAX
    BarrierCountZero, ///< pthread_barrier_init: the count is 0
    NoImplementation, ///< internal: builtin %1 has no implementation
    OverlappingCopy, ///< memcpy with overlapping source and destination
    // Invalid synchronisation (model violations).
    AtomicEndOutside, ///< __VERIFIER_atomic_end() outside an atomic section
    JoinDetached, ///< pthread_join of T%1, which was created detached
    JoinUncreated, ///< T%1 joins thread %2, which this execution never created
    UnlockNotHeld, ///< T%1 unlocks mutex %2, which it does not hold
    UnlockNotHeldGoesOn, ///< ... (it returns EPERM and the run goes on): weft svcomp
    SemaphoreUninitialised, ///< T%1 uses semaphore %2 before initialising it (sem_init)
    BarrierUninitialised, ///< T%1 waits at barrier %2 before initialising it (pthread_barrier_init)
    MixedSizeRead, ///< mixed-size access to shared memory: a %1-byte read at offset %2 of %3 overlaps its %4-byte
                   ///< location at offset %5 (the sc model needs one access size per shared location)
    MixedSizeWrite, ///< mixed-size access to shared memory: a %1-byte write at offset %2 of %3 overlaps its %4-byte
                    ///< location at offset %5 (the sc model needs one access size per shared location)
    // Unsupported operations and why.
    UnsupportedCall, ///< %1() (%2: not supported yet)
    MutexAttributes, ///< mutex attributes
    ConditionAttributes, ///< condition variable attributes
    BarrierAttributes, ///< barrier attributes
    ThreadCancellation, ///< thread cancellation
    Signals, ///< signals
    NamedSemaphores, ///< named semaphores and sem_getvalue
    InlineAssembly, ///< inline assembly
    Intrinsic, ///< intrinsic %1
    ExternalVariable, ///< use of external variable %1
    LongDoubleArithmetic, ///< long double arithmetic
    AssumeInAtomic, ///< __VERIFIER_assume failed inside an atomic section after the section wrote shared memory
    ActionInAtomic, ///< %1 inside an atomic section (only local code, memory accesses and __VERIFIER_assume run
                    ///< atomically)
    // Non-deterministic replay.
    ScheduleNoThread, ///< schedule step %1: thread T%2 does not exist
    ScheduleExited, ///< schedule step %1: thread T%2 has exited
    ScheduleBlocked, ///< schedule step %1: thread T%2 is blocked (%3: an Act* message)
    ReplayExpected, ///< replay step %1: expected T%2 %3, the program did T%4 %5 (%3, %5: Act* messages)
    ReplayEndedEarly, ///< the execution ended after %1 visible actions, before replaying the %2 of the trail
    // Uninitialised reads: what depends on what.
    NeverWritten, ///< %1 depends on %2, which was never written
    NeverInitialised, ///< %1 depends on %2, which was never initialised
    LoadAddress, ///< the address of this load
    StoreAddress, ///< the address of this store
    AtomicAddress, ///< the address of this atomic operation
    TheBranch, ///< the branch
    TheSwitch, ///< the switch
    CalledPointer, ///< the function pointer of this call
    ArgumentOf, ///< argument %1 of %2
    ALocalVariable, ///< a local variable
    // Exploration diagnostics.
    ExecutionCut, ///< execution %1 was cut at a per-execution bound (%2): interleavings beyond such cuts are not
                  ///< explored
    NotDeterministic, ///< the program did not replay deterministically (%1); exploration stopped
    EventLimit, ///< the event structure exceeded %1 events
    UnsupportedWarning, ///< unsupported operation %1: an execution that reaches it stops with a defect
    AtomicOrderNotExplored, ///< T%1 and T%2 access %3 atomically at %4 and %5 with nothing ordering them: under
                            ///< --model sync ... only one order of such accesses is explored
    // Loading a file (the front end's errors that have no line: the GUI's error banner).
    NoInputFile, ///< no input file given
    CannotOpenFile, ///< cannot open file: %1 (the system's reason)
    FileIsDirectory, ///< cannot open file: it is a directory
    UnsupportedFileType, ///< unsupported input file type '%1' (expected .c, .i, .ll or .bc)
    CompilerFailed, ///< the C compiler failed on this input: %1
    CompilationFailed, ///< compilation failed
    NoMainFunction, ///< the program has no main function
    // A thread's action, as in "T1 cannot %2" or a replay's divergence: one kind per ActionKind, in the
    // order of engine/action/Actions.def (describeAction() in engine/action/Action.hpp makes them).
    ActStart, ///< start
    ActCreate, ///< create T%1
    ActExit, ///< exit
    ActJoin, ///< join T%1
    ActLock, ///< lock %1
    ActUnlock, ///< unlock %1
    ActTrylock, ///< trylock %1
    ActDestroy, ///< destroy %1
    ActSemInit, ///< sem_init %1 %2
    ActSemWait, ///< sem_wait %1
    ActSemTrywait, ///< sem_trywait %1
    ActSemPost, ///< sem_post %1
    ActSemDestroy, ///< sem_destroy %1
    ActCondWait, ///< cond_wait %1
    ActCondWake, ///< wake up on %1
    ActCondSignal, ///< cond_signal %1
    ActCondBroadcast, ///< cond_broadcast %1
    ActCondDestroy, ///< cond_destroy %1
    ActBarrierInit, ///< barrier_init %1 %2
    ActBarrierWait, ///< barrier_wait %1
    ActBarrierDestroy, ///< barrier_destroy %1
    ActBarrierPass, ///< leave barrier %1
    ActRead, ///< read %1
    ActWrite, ///< write %1
    ActNondet, ///< nondet %1 (the value chosen)
    ActRdlock, ///< rdlock %1
    ActTryrdlock, ///< tryrdlock %1
    ActRdunlock, ///< rdunlock %1
    ActWrlock, ///< wrlock %1
    ActTrywrlock, ///< trywrlock %1
    ActWrunlock, ///< wrunlock %1
    ActRwDestroy, ///< rwlock_destroy %1
    ActProgramEnd, ///< end the program
    ActAssumeBlocked, ///< stop at a false assumption
    ActAwaitBlocked, ///< spin forever
    ActStopAtStepBound, ///< stop at the instruction bound (an AssumeBlocked of kStoppedAtStepBound)
    // What a spin read: "'flag' = 0, heap block allocated at f.c:12 = 1".
    ReadValue, ///< %1 = %2 (an object, the value read)
    ReadValues, ///< ReadValue messages joined by ", "
    // The lowering's errors (they have a line: the editor underlines it) and the front end's others.
    TypesTooDeep, ///< types nested more than %1 levels deep are not supported
    TooManyFields, ///< aggregate values with more than 256 fields in registers are not supported
    WideIntegers, ///< integers wider than 64 bits are not supported
    VectorTypes, ///< vector types are not supported
    LongDoubleType, ///< long double is not supported
    HalfPrecision, ///< half-precision floating point is not supported
    UnsupportedType, ///< values of this type are not supported
    ConstantsTooDeep, ///< constant expressions nested more than %1 levels deep are not supported
    UnsupportedAggregateConstant, ///< unsupported aggregate constant
    LongDoubleConstant, ///< long double and half-precision constants are not supported
    UsesExternalVariable, ///< uses external variable '%1', which Weft does not provide
    UsesExternalFunction, ///< uses external function '%1', which Weft's interpreter does not implement
    UsesUnsupported, ///< uses '%1': %2 are not supported yet
    UnsupportedAddressConstant, ///< unsupported constant address expression
    UnsupportedConstantCast, ///< unsupported constant cast
    UnsupportedConstantExpression, ///< unsupported constant expression
    UnsupportedConstantOperation, ///< unsupported constant expression '%1'
    UnsupportedConstant, ///< unsupported constant
    UnsupportedInitialiser, ///< unsupported initialiser
    GlobalTooLarge, ///< global variable '%1' is too large (at most 128 MiB)
    InitialiserOf, ///< initialiser of '%1': %2
    ParameterOf, ///< parameter of '%1': %2
    ReturnValueOf, ///< return value of '%1': %2
    InlineAssemblyUnsupported, ///< inline assembly is not supported
    UnsupportedOperand, ///< unsupported operand
    AtomicOperationUnsupported, ///< this atomic read-modify-write operation is not supported
    UnsupportedInstruction, ///< unsupported instruction '%1'
    InvalidIr, ///< invalid LLVM IR: %1 (LLVM's text)
    InvalidDebugInfo, ///< invalid debug info ignored: %1 (LLVM's text)
    RuntimeNotLinked, ///< cannot link the runtime library
    NoCompilation, ///< clang could not build a compilation for this file
    ReadFailed, ///< Weft failed to read this program: %1
    WaitsForExitedOwner, ///< T2 waits for lock 'm', which T1 held when it exited (a deadlock's part)
    ThreadFrees, ///< T1 frees it at f.c:24:7 (a race's access: free() of the block)
    JoinJoined, ///< pthread_join of T%1, which has been joined already
    JoinAfterDetach, ///< pthread_join of T%1, which pthread_detach has detached
    DetachDetached, ///< pthread_detach of T%1, which is detached already
    DetachJoined, ///< pthread_detach of T%1, which has been joined already
    WaitsForHeldLock, ///< T1 waits for lock 'm', held by T2 (a deadlock's part: the wait-for cycle made explicit)
    WaitsForOwnLock, ///< T1 waits for lock 'm', which it holds itself (relocking a normal mutex)
    Count,
};

/// A message as data. `args` are text; those whose template marks them as messages (an access of a
/// race, each part of a list) are parsed again by whoever words them.
struct Message {
    MessageKind kind = MessageKind::Text;
    std::vector<std::string> args;

    bool operator==(const Message &) const = default;
};

/// The English template of `kind`: literal text with %1, %2, ... ("assertion `%1' failed in %2").
std::string_view messageTemplate(MessageKind kind);
/// Whether argument `index` (0-based) of `kind` is itself a message.
bool isNestedArgument(MessageKind kind, std::size_t index);
/// The English text: the template with `message.args` in place (List: its args joined by "; ",
/// ReadValues by ", ").
std::string english(const Message &message);
/// The same for a kind and its arguments, for the places that make messages.
std::string english(MessageKind kind, std::vector<std::string> args);
/// The message whose English text is `text`: a located one, a list, a template matched in whole, else
/// a Text message holding `text`. english(parseMessage(t)) == t for every t.
Message parseMessage(std::string_view text);

} // namespace weft
