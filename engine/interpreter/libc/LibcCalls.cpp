// SPDX-License-Identifier: MIT
// The libc subset (Builtins.def) that is not a visible action: heap, strings, output, numbers, checks.
// Every pointer argument goes through the checked Memory; misuse is an UndefinedBehaviour defect.
#include "engine/action/NondetChoice.hpp"
#include "engine/interpreter/Arithmetic.hpp"
#include "engine/interpreter/Stepper.hpp"
#include "engine/interpreter/libc/Printf.hpp"

#include <cmath>
#include <cstdlib>
#include <cstring>

namespace weft::interpreter {

using program::Builtin;

namespace {

std::uint64_t asInt(std::int64_t v) { return std::uint64_t(v) & 0xFFFFFFFFu; }
std::int32_t intArg(std::uint64_t v) { return std::int32_t(std::uint32_t(v)); }

/// Up to `limit` bytes of the string at p, stopping after its NUL (which is included if found).
bool readBounded(const Memory &memory, std::uint64_t p, std::uint64_t limit, std::string &out, MemoryFault &fault) {
    out.clear();
    for (std::uint64_t i = 0; i < limit; ++i) {
        const std::uint8_t *byte = memory.read(p + i, 1, 1, fault);
        if (!byte)
            return false;
        out.push_back(char(*byte));
        if (*byte == 0)
            break;
    }
    return true;
}

/// SplitMix64's finaliser: a well-mixed 64-bit value from a counter.
std::uint64_t mix64(std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void appendOutput(InterpreterState &state, const std::string &text, std::size_t limit) {
    if (state.output.size() >= limit)
        return;
    state.output += text.substr(0, limit - state.output.size());
    if (state.output.size() >= limit)
        state.output += "\n[output truncated]\n";
}

} // namespace

Stepper::Next Stepper::libc(InterpreterState &state, ThreadState &t, Builtin b, std::uint64_t &result) {
    Memory &memory = state.memory;
    MemoryFault fault;
    auto arg = [&](std::size_t i) { return i < m_args.size() ? m_args[i] : 0; };
    auto site = [&] { return (std::uint64_t(t.stack.top().function) << 32) | t.stack.top().pc; };
    auto allocate = [&](std::uint64_t size) -> std::optional<std::uint64_t> {
        if (size >= program::kMaxObjectSize)
            return std::uint64_t{0}; // like a failing malloc: NULL
        return memory.allocate(program::threadOwner(t.id), ObjectKind::Heap, size, site(), fault);
    };
    auto string = [&](std::uint64_t p, std::string &out) { return memory.readString(p, out, fault); };
    auto copy = [&](std::uint64_t dst, std::uint64_t src, std::uint64_t n, bool overlapOk) {
        if (n == 0)
            return true;
        const std::uint8_t *from = memory.read(src, n, 1, fault);
        if (!from)
            return false;
        std::uint8_t *to = memory.write(dst, n, 1, fault);
        if (!to)
            return false;
        if (!noteAccess(state, t, src, n, false) || !noteAccess(state, t, dst, n, true))
            return false;
        // Exactly equal ranges are allowed: Clang lowers a struct assignment (even `s = s;`) to
        // llvm.memcpy, whose contract is "equal or disjoint", and a call to memcpy to the same
        // intrinsic, so the two cannot be told apart here.
        if (!overlapOk && to != from && to < from + n && from < to + n) {
            raise(t, DefectKind::UndefinedBehaviour, "memcpy with overlapping source and destination");
            return false;
        }
        std::memmove(to, from, n);
        return true;
    };
    std::string s1, s2;

    switch (b) {
    case Builtin::Malloc: {
        auto p = allocate(arg(0));
        if (!p)
            return memoryFault(t, fault);
        result = *p;
        return Next::Continue;
    }
    case Builtin::Calloc: {
        const unsigned __int128 total = (unsigned __int128)arg(0) * arg(1);
        auto p = allocate(total >= program::kMaxObjectSize ? program::kMaxObjectSize : std::uint64_t(total));
        if (!p)
            return memoryFault(t, fault);
        result = *p;
        return Next::Continue;
    }
    case Builtin::Realloc: {
        const std::uint64_t old = arg(0), size = arg(1);
        std::uint64_t oldSize = 0;
        if (old != 0) {
            const MemoryObject *o = memory.objectAt(old);
            if (!o || o->kind != ObjectKind::Heap || !o->alive || program::decodePointer(old).offset != 0) {
                memory.release(old, fault); // classifies the misuse
                return memoryFault(t, fault);
            }
            oldSize = o->size;
        }
        if (size == 0 && old != 0) {
            memory.release(old, fault);
            result = 0;
            return Next::Continue;
        }
        auto p = allocate(size);
        if (!p)
            return memoryFault(t, fault);
        if (*p == 0) { // too large: the old block stays
            result = 0;
            return Next::Continue;
        }
        if (old != 0) {
            if (!copy(*p, old, std::min(oldSize, size), true) || !memory.release(old, fault))
                return m_fault ? Next::Fault : memoryFault(t, fault);
        }
        result = *p;
        return Next::Continue;
    }
    case Builtin::Free:
        if (!memory.release(arg(0), fault))
            return memoryFault(t, fault);
        return Next::Continue;
    case Builtin::Memcpy:
    case Builtin::Memmove:
        if (!copy(arg(0), arg(1), arg(2), b == Builtin::Memmove))
            return m_fault ? Next::Fault : memoryFault(t, fault);
        result = arg(0);
        return Next::Continue;
    case Builtin::Memset: {
        if (arg(2) != 0) {
            std::uint8_t *to = memory.write(arg(0), arg(2), 1, fault);
            if (!to)
                return memoryFault(t, fault);
            if (!noteAccess(state, t, arg(0), arg(2), true))
                return Next::Fault;
            std::memset(to, int(arg(1) & 0xFF), arg(2));
        }
        result = arg(0);
        return Next::Continue;
    }
    case Builtin::Memcmp: {
        if (arg(2) == 0)
            return Next::Continue;
        const std::uint8_t *a = memory.read(arg(0), arg(2), 1, fault);
        if (!a)
            return memoryFault(t, fault);
        const std::uint8_t *c = memory.read(arg(1), arg(2), 1, fault);
        if (!c)
            return memoryFault(t, fault);
        if (!noteAccess(state, t, arg(0), arg(2), false) || !noteAccess(state, t, arg(1), arg(2), false))
            return Next::Fault;
        const int r = std::memcmp(a, c, arg(2));
        result = asInt(r < 0 ? -1 : r > 0 ? 1 : 0);
        return Next::Continue;
    }
    case Builtin::Strlen:
        if (!string(arg(0), s1))
            return memoryFault(t, fault);
        result = s1.size();
        return Next::Continue;
    case Builtin::Strcmp:
    case Builtin::Strncmp: {
        const std::uint64_t limit = b == Builtin::Strncmp ? arg(2) : ~std::uint64_t{0};
        if (!readBounded(memory, arg(0), limit, s1, fault) || !readBounded(memory, arg(1), limit, s2, fault))
            return memoryFault(t, fault);
        const int r = std::strncmp(s1.c_str(), s2.c_str(), std::max(s1.size(), s2.size()));
        result = asInt(r < 0 ? -1 : r > 0 ? 1 : 0);
        return Next::Continue;
    }
    case Builtin::Strcpy:
    case Builtin::Strcat: {
        if (!string(arg(1), s1))
            return memoryFault(t, fault);
        std::uint64_t dst = arg(0);
        if (b == Builtin::Strcat) {
            if (!string(arg(0), s2))
                return memoryFault(t, fault);
            dst += s2.size();
        }
        std::uint8_t *to = memory.write(dst, s1.size() + 1, 1, fault);
        if (!to)
            return memoryFault(t, fault);
        if (!noteAccess(state, t, arg(1), s1.size() + 1, false) || !noteAccess(state, t, dst, s1.size() + 1, true))
            return Next::Fault;
        std::memcpy(to, s1.c_str(), s1.size() + 1);
        result = arg(0);
        return Next::Continue;
    }
    case Builtin::Strncpy: {
        const std::uint64_t n = arg(2);
        if (!readBounded(memory, arg(1), n, s1, fault))
            return memoryFault(t, fault);
        std::uint8_t *to = n ? memory.write(arg(0), n, 1, fault) : nullptr;
        if (n && !to)
            return memoryFault(t, fault);
        if (n && !noteAccess(state, t, arg(0), n, true))
            return Next::Fault;
        if (n) {
            std::memset(to, 0, n);
            std::memcpy(to, s1.data(), std::min<std::uint64_t>(s1.size(), n));
        }
        result = arg(0);
        return Next::Continue;
    }
    case Builtin::Printf: {
        if (!string(arg(0), s1))
            return memoryFault(t, fault);
        PrintfError error;
        std::string text;
        if (!formatPrintf(memory, s1, m_args, 1, text, error)) {
            if (error.memory)
                return memoryFault(t, error.fault);
            raise(t, DefectKind::UndefinedBehaviour, error.text);
            return Next::Fault;
        }
        appendOutput(state, text, m_options.maxOutput);
        result = asInt(std::int64_t(text.size()));
        return Next::Continue;
    }
    case Builtin::Fprintf:
    case Builtin::Fputs:
    case Builtin::Fputc:
    case Builtin::Putc:
    case Builtin::Fflush: {
        const std::uint64_t stream = b == Builtin::Fputs || b == Builtin::Fputc || b == Builtin::Putc ? arg(1) : arg(0);
        if (b == Builtin::Fflush && stream == 0)
            return Next::Continue; // fflush(NULL): nothing is buffered
        if (stream == 0 || (stream != m_stdout && stream != m_stderr)) {
            raise(t, DefectKind::UndefinedBehaviour,
                  std::string(program::builtinSymbol(b)) + ": only stdout and stderr are supported streams");
            return Next::Fault;
        }
        std::string text;
        if (b == Builtin::Fprintf) {
            if (!string(arg(1), s1))
                return memoryFault(t, fault);
            PrintfError error;
            if (!formatPrintf(memory, s1, m_args, 2, text, error)) {
                if (error.memory)
                    return memoryFault(t, error.fault);
                raise(t, DefectKind::UndefinedBehaviour, "f" + error.text);
                return Next::Fault;
            }
            result = asInt(std::int64_t(text.size()));
        } else if (b == Builtin::Fputs) {
            if (!string(arg(0), text))
                return memoryFault(t, fault);
            result = 1;
        } else if (b != Builtin::Fflush) {
            text = std::string(1, char(arg(0) & 0xFF));
            result = arg(0) & 0xFF;
        }
        appendOutput(state, text, m_options.maxOutput);
        return Next::Continue;
    }
    case Builtin::Puts:
        if (!string(arg(0), s1))
            return memoryFault(t, fault);
        appendOutput(state, s1 + '\n', m_options.maxOutput);
        result = asInt(std::int64_t(s1.size() + 1));
        return Next::Continue;
    case Builtin::Putchar:
        appendOutput(state, std::string(1, char(arg(0) & 0xFF)), m_options.maxOutput);
        result = arg(0) & 0xFF;
        return Next::Continue;
    case Builtin::Abs: result = asInt(std::abs(std::int64_t(intArg(arg(0))))); return Next::Continue;
    case Builtin::Labs:
    case Builtin::Llabs: {
        const std::int64_t v = std::int64_t(arg(0));
        result = std::uint64_t(v < 0 ? -v : v);
        return Next::Continue;
    }
    case Builtin::Atoi:
        if (!string(arg(0), s1))
            return memoryFault(t, fault);
        result = asInt(std::int64_t(std::int32_t(std::strtol(s1.c_str(), nullptr, 10))));
        return Next::Continue;
    case Builtin::AssertFail: {
        if (m_options.svcompSemantics)
            return endSilently(t);
        std::string expression = "?", function = "?";
        string(arg(0), expression);
        string(arg(3), function);
        raise(t, DefectKind::AssertionFailure, "assertion `" + expression + "' failed in " + function);
        return Next::Fault;
    }
    case Builtin::Abort:
        if (m_options.svcompSemantics)
            return endSilently(t);
        raise(t, DefectKind::Abort, "abort() called");
        return Next::Fault;
    case Builtin::VerifierError:
    case Builtin::ReachError:
        raise(t, DefectKind::AssertionFailure, std::string(program::builtinSymbol(b)) + "() called");
        return Next::Fault;
    case Builtin::VerifierAssume:
        if ((arg(0) & 0xFFFFFFFFu) == 0) {
            // A section's writes are already visible to the others and cannot be undone: the path
            // the assumption cuts would go on from a state it never reaches. Not modelled.
            if (t.sectionDepth > 0 && t.sectionWrote) {
                raise(t, DefectKind::UnsupportedOperation,
                      "__VERIFIER_assume failed inside an atomic section after the section wrote shared memory");
                return Next::Fault;
            }
            // A failed assumption blocks its thread for good; the others go on (ending the whole
            // program here would hide what they can still do, e.g. reach an error). Inside an atomic
            // section the thread keeps it: no other section can start (never a deadlock: the
            // execution is assume-blocked).
            t.pending = Action{ActionKind::AssumeBlocked, t.id, 0};
            return Next::Stop;
        }
        return Next::Continue;
    case Builtin::AtomicBegin: return enterSection(state, t);
    case Builtin::AtomicEnd: return leaveSection(state, t);
    case Builtin::WeftClock:
        result = t.clockNs;
        t.clockNs += 1000;
        return Next::Continue;
    case Builtin::WeftSleep: t.clockNs += arg(0); return Next::Continue;
    case Builtin::Sleep:
        t.clockNs += (arg(0) & 0xFFFFFFFFu) * 1000000000ull;
        result = 0;
        return Next::Continue;
    case Builtin::Usleep:
        t.clockNs += (arg(0) & 0xFFFFFFFFu) * 1000ull;
        result = 0;
        return Next::Continue;
    case Builtin::NondetInt:
    case Builtin::NondetUInt:
    case Builtin::NondetLong:
    case Builtin::NondetULong:
    case Builtin::NondetChar:
    case Builtin::NondetUChar:
    case Builtin::NondetShort:
    case Builtin::NondetUShort:
    case Builtin::NondetBool: {
        if (m_options.nondet == NondetSource::Explore) {
            // A choice event; the explorer picks the value (Interpreter::choose, performAction).
            const NondetKind kind = b == Builtin::NondetBool    ? NondetKind::Bool
                                    : b == Builtin::NondetChar  ? NondetKind::Char
                                    : b == Builtin::NondetUChar ? NondetKind::UChar
                                                                : NondetKind::Range;
            const ObjectId object = nondetObject(t.id, kind, m_options.nondetLo, m_options.nondetHi);
            t.pending = Action{ActionKind::NondetChoice, t.id, object, nondetDomain(object).lo};
            t.nondetMask = b == Builtin::NondetBool                                  ? 1
                           : b == Builtin::NondetChar || b == Builtin::NondetUChar   ? 0xFF
                           : b == Builtin::NondetShort || b == Builtin::NondetUShort ? 0xFFFF
                           : b == Builtin::NondetInt || b == Builtin::NondetUInt     ? 0xFFFFFFFFu
                                                                                     : ~std::uint64_t{0};
            return Next::Stop;
        }
        std::uint64_t v = 0;
        if (m_options.nondet == NondetSource::Random)
            v = mix64(m_options.nondetSeed ^ mix64((std::uint64_t(t.id) << 32) ^ t.nondetDraws++));
        switch (b) {
        case Builtin::NondetBool: result = v & 1; break;
        case Builtin::NondetChar: case Builtin::NondetUChar: result = v & 0xFF; break;
        case Builtin::NondetShort: case Builtin::NondetUShort: result = v & 0xFFFF; break;
        case Builtin::NondetInt: case Builtin::NondetUInt: result = v & 0xFFFFFFFFu; break;
        default: result = v; break;
        }
        return Next::Continue;
    }
    default:
        raise(t, DefectKind::UndefinedBehaviour,
              "internal: builtin " + std::string(program::builtinSymbol(b)) + " has no implementation");
        return Next::Fault;
    }
}

} // namespace weft::interpreter
