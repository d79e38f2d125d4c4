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

enum class MessageKind : std::uint8_t {
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
    AtAddress,         ///< at address 2 (not an object: an integer cast to a pointer)
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
/// The English text: the template with `message.args` in place (List: its args joined by "; ").
std::string english(const Message &message);
/// The same for a kind and its arguments, for the places that make messages.
std::string english(MessageKind kind, std::vector<std::string> args);
/// The message whose English text is `text`: a located one, a list, a template matched in whole, else
/// a Text message holding `text`. english(parseMessage(t)) == t for every t.
Message parseMessage(std::string_view text);

} // namespace weft
