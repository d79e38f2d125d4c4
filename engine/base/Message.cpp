// SPDX-License-Identifier: MIT
#include "engine/base/Message.hpp"

#include <cctype>
#include <optional>

namespace weft {

namespace {

struct Wording {
    std::string_view text;
    unsigned nested = 0; ///< bit i: argument i is a message
};

constexpr Wording kWordings[] = {
    {"%1"},
    {"%1: %2", 0b10},
    {"%1"},
    {"assertion `%1' failed in %2"},
    {"%1() called"},
    {"exited with status %1"},
    {"data race on %1: %2 and %3, with no synchronisation between them", 0b111},
    {"T%1 reads at %2"},
    {"T%1 writes at %2"},
    {"a %1-byte global variable %2"},
    {"T%1 waits for lock %2"},
    {"T%1 waits to join T%2"},
    {"T%1 waits for the other threads to exit"},
    {"T%1 waits on semaphore %2"},
    {"T%1 waits on condition variable %2"},
    {"T%1 waits at barrier %2"},
    {"T%1 waits to read-lock %2"},
    {"T%1 waits to write-lock %2"},
    {"→ %1", 0b1},
    {"at address %1"},
    {"heap block allocated at %1"},
    {"heap block+%1 allocated at %2"},
    {"local allocated at %1"},
    {"local+%1 allocated at %2"},
    {"unlocked"},
    {"locked by T%1"},
    {"locked by T%1 (%2 times)"},
    {"no waiter"},
    {"waiters: %1"},
    {"waiters: %1 (%2 signal pending)"},
    {"waiters: %1 (%2 signals pending)"},
    {"value %1"},
    {"not initialised"},
    {"%1 of %2 arrived"},
    {"write-locked by T%1"},
    {"read-locked by %1"},
    {"destroyed"},
    {"read of %1 bytes"},
    {"read of %1 byte"},
    {"write of %1 bytes"},
    {"write of %1 byte"},
    {"free of %1 bytes"},
    {"free of %1 byte"},
    {"free of a null-derived pointer"},
    {"null pointer dereference (%1)", 0b1},
    {"invalid pointer dereference (%1 at address %2)", 0b1},
    {"out-of-bounds %1 at offset %2 of %3", 0b101},
    {"use after free: %1 of %2, freed earlier", 0b11},
    {"use after return: %1 of %2, whose function has returned", 0b11},
    {"misaligned %1 at offset %2 of %3", 0b101},
    {"write to read-only memory (%1)", 0b1},
    {"double free of %1", 0b1},
    {"invalid free: the pointer is at offset %1 of %2", 0b10},
    {"invalid free of a pointer to %1", 0b1},
    {"too many memory objects allocated by one thread"},
    {"memory exhausted: allocating %1 more bytes would exceed the limit of %2 MiB live in one execution"},
    {"invalid memory access"},
    {"memory exhausted: the race detector's record of %1 would exceed the limit of %2 MiB per execution "
     "(--races=ignore does without it)",
     0b1},
    {"a %1-byte global variable"},
    {"a %1-byte heap block"},
    {"a %1-byte local variable"},
    {"a %1-byte function"},
    {"a %1-byte string literal"},
    {"a %1-byte local variable %2"},
    {"a %1-byte local variable %2 declared at %3"},
    {"a %1-byte heap block allocated at %2"},
    {"a %1-byte local variable allocated at %2"},
    {"the %1 bytes of variadic arguments passed"},
    {"the %1 bytes of variadic arguments passed at %2"},
    {"%1 at offset %2", 0b1},
    {"%1 (byte %2)", 0b1},
    {"heap block"},
    {"heap block+%1"},
    {"local"},
    {"local+%1"},
    {"T%1's %2"},
    {"(atomic sections)"},
    {"thread T%1 loops forever: an iteration of this loop changes nothing and reads no memory another thread can "
     "change"},
    {"thread T%1 spins forever waiting for %2 to change: under --model sync no other thread runs while a thread runs "
     "its local code (--model sc explores this wait)",
     0b10},
    {"T%1 spins forever"},
    {"T%1 spins forever waiting for %2 to change", 0b10},
    {"T%1 spins forever at %2 waiting for %3 to change", 0b100},
    {"T%1 is stopped by a false assumption"},
    {"T%1 is stopped at the instruction bound"},
    {"T%1 cannot %2", 0b10},
    {"thread T%1 ran more than %2 instructions without a visible action (infinite loop?)"},
    {"more than %1 visible actions in one execution"},
    {"more than %1 threads in one execution"},
    {"more than %1 visible actions after a thread reached its end (a fault or exit)"},
    {"too many threads for the interpreter's memory layout"},
    {"stack overflow: more than %1 nested calls"},
    {"stack allocation of %1 bytes is too large"},
    {"call through a null function pointer"},
    {"call through an invalid function pointer"},
    {"reached code marked unreachable"},
    {"division by zero"},
    {"signed division overflow (the minimum value divided by -1)"},
    {"shift by %1 bits of a %2-bit value"},
    {"not a pure instruction"},
    {"%1: only stdout and stderr are supported streams"},
    {"%1: only stdin can be read"},
    {"%1: the va_list was not set up by va_start"},
    {"%1: the format %2 needs more arguments than were passed"},
    {"%1: incomplete conversion at the end of %2"},
    {"%1: long double arguments are not supported"},
    {"%1: unsupported conversion %2"},
    {"%1: the format %2 ends inside a conversion"},
    {"%1: unterminated %[ in the format %2"},
    {"%1: unknown conversion %2 in the format %3"},
    {"%1 with a jmp_buf that setjmp did not set"},
    {"%1 to a jmp_buf set by thread T%2 (Weft supports setjmp and longjmp within one thread)"},
    {"%1 to a setjmp whose function has returned"},
    {"pthread_mutex_destroy of a locked mutex"},
    {"%1 of mutex %2 after it was destroyed", 0b10},
    {"pthread_mutex_init of a locked mutex"},
    {"pthread_mutex_init of mutex %1 after it was used", 0b1},
    {"%1 of mutex %2 before it was initialised", 0b10},
    {"%1 of semaphore %2 after it was destroyed", 0b10},
    {"%1 of condition variable %2 after it was destroyed", 0b10},
    {"%1 of barrier %2 after it was destroyed", 0b10},
    {"%1 of read-write lock %2 after it was destroyed", 0b10},
    {"pthread_cond_destroy of a condition variable with waiters"},
    {"pthread_barrier_destroy of a barrier with waiters"},
    {"pthread_rwlock_destroy of a locked read-write lock"},
    {"mutex %1 initialised and used with no synchronisation between them: %2 and %3", 0b111},
    {"T%1 initialises it at %2"},
    {"T%1 uses it at %2"},
    {"pthread_rwlock_unlock: the lock is not held by this thread"},
    {"pthread_create: the start routine is not a function of the program"},
    {"sem_init: the value exceeds SEM_VALUE_MAX"},
    {"pthread_barrier_init: the count is 0"},
    {"internal: builtin %1 has no implementation"},
    {"memcpy with overlapping source and destination"},
    {"__VERIFIER_atomic_end() outside an atomic section"},
    {"pthread_join of T%1, which was created detached"},
    {"T%1 joins thread %2, which this execution never created"},
    {"T%1 unlocks mutex %2, which it does not hold", 0b10},
    {"T%1 unlocks mutex %2, which it does not hold (it returns EPERM and the run goes on)", 0b10},
    {"T%1 uses semaphore %2 before initialising it (sem_init)", 0b10},
    {"T%1 waits at barrier %2 before initialising it (pthread_barrier_init)", 0b10},
    {"mixed-size access to shared memory: a %1-byte read at offset %2 of %3 overlaps its %4-byte location at offset %5 "
     "(the sc model needs one access size per shared location)",
     0b100},
    {"mixed-size access to shared memory: a %1-byte write at offset %2 of %3 overlaps its %4-byte location at offset "
     "%5 (the sc model needs one access size per shared location)",
     0b100},
    {"%1() (%2: not supported yet)", 0b10},
    {"mutex attributes"},
    {"condition variable attributes"},
    {"barrier attributes"},
    {"thread cancellation"},
    {"signals"},
    {"named semaphores and sem_getvalue"},
    {"inline assembly"},
    {"intrinsic %1"},
    {"use of external variable %1"},
    {"long double arithmetic"},
    {"__VERIFIER_assume failed inside an atomic section after the section wrote shared memory"},
    {"%1 inside an atomic section (only local code, memory accesses and __VERIFIER_assume run atomically)", 0b1},
    {"schedule step %1: thread T%2 does not exist"},
    {"schedule step %1: thread T%2 has exited"},
    {"schedule step %1: thread T%2 is blocked (%3)", 0b100},
    {"replay step %1: expected T%2 %3, the program did T%4 %5", 0b10100},
    {"the execution ended after %1 visible actions, before replaying the %2 of the trail"},
    {"%1 depends on %2, which was never written", 0b11},
    {"%1 depends on %2, which was never initialised", 0b11},
    {"the address of this load"},
    {"the address of this store"},
    {"the address of this atomic operation"},
    {"the branch"},
    {"the switch"},
    {"the function pointer of this call"},
    {"argument %1 of %2"},
    {"a local variable"},
    {"execution %1 was cut at a per-execution bound (%2): interleavings beyond such cuts are not explored", 0b10},
    {"the program did not replay deterministically (%1); exploration stopped", 0b1},
    {"the event structure exceeded %1 events"},
    {"unsupported operation %1: an execution that reaches it stops with a defect", 0b1},
    {"T%1 and T%2 access %3 atomically at %4 and %5 with nothing ordering them: under --model sync atomics run as "
     "local code and only one order of such accesses is explored (--model sc explores every order)",
     0b100},
    {"no input file given"},
    {"cannot open file: %1"},
    {"cannot open file: it is a directory"},
    {"unsupported input file type '%1' (expected .c, .i, .ll or .bc)"},
    {"the C compiler failed on this input: %1"},
    {"compilation failed"},
    {"the program has no main function"},
    {"start"},
    {"create T%1"},
    {"exit"},
    {"join T%1"},
    {"lock %1", 0b1},
    {"unlock %1", 0b1},
    {"trylock %1", 0b1},
    {"destroy %1", 0b1},
    {"sem_init %1 %2", 0b1},
    {"sem_wait %1", 0b1},
    {"sem_trywait %1", 0b1},
    {"sem_post %1", 0b1},
    {"sem_destroy %1", 0b1},
    {"cond_wait %1", 0b1},
    {"wake up on %1", 0b1},
    {"cond_signal %1", 0b1},
    {"cond_broadcast %1", 0b1},
    {"cond_destroy %1", 0b1},
    {"barrier_init %1 %2", 0b1},
    {"barrier_wait %1", 0b1},
    {"barrier_destroy %1", 0b1},
    {"leave barrier %1", 0b1},
    {"read %1", 0b1},
    {"write %1", 0b1},
    {"nondet %1"},
    {"rdlock %1", 0b1},
    {"tryrdlock %1", 0b1},
    {"rdunlock %1", 0b1},
    {"wrlock %1", 0b1},
    {"trywrlock %1", 0b1},
    {"wrunlock %1", 0b1},
    {"rwlock_destroy %1", 0b1},
    {"end the program"},
    {"stop at a false assumption"},
    {"spin forever"},
    {"stop at the instruction bound"},
    {"%1 = %2", 0b1},
    {"%1"},
    {"types nested more than %1 levels deep are not supported"},
    {"aggregate values with more than 256 fields in registers are not supported"},
    {"integers wider than 64 bits are not supported"},
    {"vector types are not supported"},
    {"long double is not supported"},
    {"half-precision floating point is not supported"},
    {"values of this type are not supported"},
    {"constant expressions nested more than %1 levels deep are not supported"},
    {"unsupported aggregate constant"},
    {"long double and half-precision constants are not supported"},
    {"uses external variable '%1', which Weft does not provide"},
    {"uses external function '%1', which Weft's interpreter does not implement"},
    {"uses '%1': %2 are not supported yet", 0b10},
    {"unsupported constant address expression"},
    {"unsupported constant cast"},
    {"unsupported constant expression"},
    {"unsupported constant expression '%1'"},
    {"unsupported constant"},
    {"unsupported initialiser"},
    {"global variable '%1' is too large (at most 128 MiB)"},
    {"initialiser of '%1': %2", 0b10},
    {"parameter of '%1': %2", 0b10},
    {"return value of '%1': %2", 0b10},
    {"inline assembly is not supported"},
    {"unsupported operand"},
    {"this atomic read-modify-write operation is not supported"},
    {"unsupported instruction '%1'"},
    {"invalid LLVM IR: %1"},
    {"invalid debug info ignored: %1"},
    {"cannot link the runtime library"},
    {"clang could not build a compilation for this file"},
    {"Weft failed to read this program: %1"},
    {"T%1 waits for lock %2, which T%3 held when it exited"},
    {"T%1 frees it at %2"},
    {"pthread_join of T%1, which has been joined already"},
    {"pthread_join of T%1, which pthread_detach has detached"},
    {"pthread_detach of T%1, which is detached already"},
    {"pthread_detach of T%1, which has been joined already"},
    {"T%1 waits for lock %2, held by T%3"},
    {"T%1 waits for lock %2, which it holds itself"},
};
static_assert(std::size(kWordings) == std::size_t(MessageKind::Count), "one wording per message kind");

/// The pieces of a template: literal text, or a placeholder (its 0-based argument index).
struct Piece {
    std::string_view literal;
    int argument = -1;
};

std::vector<Piece> piecesOf(std::string_view text) {
    std::vector<Piece> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != '%' || !std::isdigit(static_cast<unsigned char>(text[i + 1])))
            continue;
        if (i > start)
            out.push_back({text.substr(start, i - start)});
        out.push_back({{}, text[i + 1] - '1'});
        start = i + 2;
        ++i;
    }
    if (start < text.size())
        out.push_back({text.substr(start)});
    return out;
}

/// The pieces of every wording, cut once.
const std::vector<Piece> &piecesOfKind(std::size_t kind) {
    static const std::vector<std::vector<Piece>> all = [] {
        std::vector<std::vector<Piece>> out;
        for (const Wording &w : kWordings)
            out.push_back(piecesOf(w.text));
        return out;
    }();
    return all[kind];
}

/// `text` from `at` read with pieces[p...]: the arguments, or false when they do not match in whole.
/// An argument is never empty and ends where the next literal fits: the first place, or with `strict`
/// the first place where each argument that is a message (bit i of `nested`) reads as one ("use after
/// free: read of 4 bytes of ..." is "read of 4 bytes", not "read").
bool matchFrom(const std::vector<Piece> &pieces, std::size_t p, std::string_view text, std::size_t at, unsigned nested,
               bool strict, std::vector<std::string> &args) {
    if (p == pieces.size())
        return at == text.size();
    const Piece &piece = pieces[p];
    if (piece.argument < 0)
        return text.substr(at, piece.literal.size()) == piece.literal &&
               matchFrom(pieces, p + 1, text, at + piece.literal.size(), nested, strict, args);
    const bool checked = strict && piece.argument < 32 && ((nested >> piece.argument) & 1);
    const bool last = p + 1 == pieces.size();
    for (std::size_t end = last ? text.size() : text.find(pieces[p + 1].literal, at + 1);
         end != std::string_view::npos && end > at;
         end = last ? std::string_view::npos : text.find(pieces[p + 1].literal, end + 1)) {
        const std::string_view argument = text.substr(at, end - at);
        if (!checked || parseMessage(argument).kind != MessageKind::Text) {
            if (args.size() <= std::size_t(piece.argument))
                args.resize(std::size_t(piece.argument) + 1);
            args[std::size_t(piece.argument)] = std::string(argument);
            if (matchFrom(pieces, p + 1, text, end, nested, strict, args))
                return true;
        }
        if (!strict)
            return false;
    }
    return false;
}

/// `text` read with wording `kind`: its arguments, or false when it does not match in whole. A split
/// where the nested messages read as messages wins over the first one that fits.
bool match(std::size_t kind, std::string_view text, std::vector<std::string> &args) {
    const std::vector<Piece> &pieces = piecesOfKind(kind);
    const unsigned nested = kWordings[kind].nested;
    args.clear();
    if (nested && matchFrom(pieces, 0, text, 0, nested, true, args))
        return true;
    args.clear();
    return matchFrom(pieces, 0, text, 0, nested, false, args);
}

/// "f.c:12" or "f.c:12:5" (no spaces): what a located message starts with.
bool isLocation(std::string_view text) {
    const std::size_t colon = text.find(':');
    if (colon == 0 || colon == std::string_view::npos || text.find(' ') != std::string_view::npos)
        return false;
    std::size_t digits = 0;
    for (std::size_t i = colon + 1; i < text.size(); ++i) {
        if (text[i] == ':' && digits > 0)
            digits = 0;
        else if (std::isdigit(static_cast<unsigned char>(text[i])))
            ++digits;
        else
            return false;
    }
    return digits > 0;
}

/// How much of `message`'s text no wording explains: its arguments' lengths, a nested message's own.
std::size_t unexplained(const Message &message) {
    if (message.kind == MessageKind::Text)
        return message.args.empty() ? 0 : message.args[0].size();
    std::size_t length = 0;
    for (std::size_t i = 0; i < message.args.size(); ++i)
        length +=
            isNestedArgument(message.kind, i) ? unexplained(parseMessage(message.args[i])) : message.args[i].size();
    return length;
}

/// `text` cut at each `separator` into a message of `kind` whose parts are its arguments, if every part
/// parsed is one `accepts`.
template <typename Accepts>
std::optional<Message> splitList(std::string_view text, MessageKind kind, std::string_view separator, Accepts accepts) {
    if (text.find(separator) == std::string_view::npos)
        return std::nullopt;
    Message list{kind, {}};
    for (std::size_t start = 0;;) {
        const std::size_t end = std::min(text.find(separator, start), text.size());
        list.args.emplace_back(text.substr(start, end - start));
        if (!accepts(parseMessage(list.args.back())))
            return std::nullopt;
        if (end == text.size())
            return list;
        start = end + separator.size();
    }
}

} // namespace

std::string_view messageTemplate(MessageKind kind) {
    return std::size_t(kind) < std::size(kWordings) ? kWordings[std::size_t(kind)].text : std::string_view("%1");
}

bool isNestedArgument(MessageKind kind, std::size_t index) {
    return kind == MessageKind::List || kind == MessageKind::ReadValues ||
           (std::size_t(kind) < std::size(kWordings) && index < 32 &&
            (kWordings[std::size_t(kind)].nested >> index) & 1);
}

std::string english(const Message &message) {
    if (message.kind == MessageKind::List || message.kind == MessageKind::ReadValues) {
        const std::string_view separator = message.kind == MessageKind::List ? "; " : ", ";
        std::string out;
        for (const std::string &part : message.args)
            out.append(out.empty() ? "" : separator).append(part);
        return out;
    }
    std::string out;
    for (const Piece &piece : piecesOf(messageTemplate(message.kind))) {
        if (piece.argument < 0)
            out += piece.literal;
        else if (std::size_t(piece.argument) < message.args.size())
            out += message.args[std::size_t(piece.argument)];
    }
    return out;
}

std::string english(MessageKind kind, std::vector<std::string> args) { return english(Message{kind, std::move(args)}); }

Message parseMessage(std::string_view text) {
    std::vector<std::string> args;
    if (const std::size_t colon = text.find(": "); colon != std::string_view::npos && isLocation(text.substr(0, colon)))
        return {MessageKind::Located, {std::string(text.substr(0, colon)), std::string(text.substr(colon + 2))}};
    if (std::optional<Message> list = splitList(text, MessageKind::List, "; ",
                                                [](const Message &part) { return part.kind != MessageKind::Text; }))
        return *list;
    // The wording that explains most of the text wins ("locked by T1 (3 times)" is not T"1 (3 times)"),
    // its nested messages' wordings included ("a 8-byte global variable 's' at offset 4" is an object
    // at an offset, not the global "'s' at offset 4").
    Message best{MessageKind::Text, {std::string(text)}};
    std::size_t bestArgs = text.size() + 1;
    if (text.find(", ") != std::string_view::npos && text.find(" = ") != std::string_view::npos) {
        // A spin's reads, every part "object = value", unless a wording explains more ("T1 spins
        // forever waiting for 'a' = 0, 'b' = 1 to change" is a spin whose argument is the list).
        if (std::optional<Message> values = splitList(text, MessageKind::ReadValues, ", ", [](const Message &part) {
                return part.kind == MessageKind::ReadValue;
            })) {
            bestArgs = unexplained(*values);
            best = std::move(*values);
        }
    }
    for (std::size_t k = std::size_t(MessageKind::AssertionFailed); k < std::size_t(MessageKind::Count); ++k) {
        if (MessageKind(k) == MessageKind::ReadValues || !match(k, text, args))
            continue;
        Message candidate{MessageKind(k), args};
        if (const std::size_t length = unexplained(candidate); length < bestArgs) {
            best = std::move(candidate);
            bestArgs = length;
        }
    }
    return best;
}

} // namespace weft
