// SPDX-License-Identifier: MIT
#include "app/session/StateInspector.hpp"

#include "app/session/Replay.hpp"

#include <cstring>
#include <iomanip>
#include <sstream>

namespace weft::session {

namespace {

using interpreter::InterpreterState;
using interpreter::MemoryFault;

/// A scalar C type: its size in bytes and how to print it; size 0 = not a scalar we know.
struct Scalar {
    unsigned size = 0;
    bool isSigned = false;
    bool isFloat = false;
    bool isPointer = false;
    bool isChar = false;
    bool isThread = false;
    bool isMutex = false;
};

std::string stripQualifiers(std::string type) {
    for (const char *q : {"const ", "volatile ", "static ", "restrict "})
        for (std::size_t at; (at = type.find(q)) != std::string::npos;)
            type.erase(at, std::strlen(q));
    while (!type.empty() && type.back() == ' ')
        type.pop_back();
    return type;
}

Scalar scalarOf(const std::string &spelled) {
    const std::string type = stripQualifiers(spelled);
    Scalar s;
    if (type.empty())
        return s;
    if (type.back() == '*') {
        s.size = 8;
        s.isPointer = true;
        return s;
    }
    if (type.find('[') != std::string::npos || type.rfind("struct ", 0) == 0 || type.rfind("union ", 0) == 0)
        return s;
    static const struct {
        const char *name;
        unsigned size;
        bool isSigned;
    } kInts[] = {{"char", 1, true}, {"signed char", 1, true}, {"unsigned char", 1, false}, {"_Bool", 1, false},
                 {"bool", 1, false}, {"short", 2, true}, {"unsigned short", 2, false}, {"int", 4, true},
                 {"signed", 4, true}, {"unsigned", 4, false}, {"unsigned int", 4, false}, {"long", 8, true},
                 {"unsigned long", 8, false}, {"long long", 8, true}, {"unsigned long long", 8, false},
                 {"int8_t", 1, true}, {"uint8_t", 1, false}, {"int16_t", 2, true}, {"uint16_t", 2, false},
                 {"int32_t", 4, true}, {"uint32_t", 4, false}, {"int64_t", 8, true}, {"uint64_t", 8, false},
                 {"size_t", 8, false}, {"ssize_t", 8, true}, {"intptr_t", 8, true}, {"uintptr_t", 8, false},
                 {"atomic_int", 4, true}, {"_Atomic(int)", 4, true}};
    for (const auto &i : kInts)
        if (type == i.name) {
            s.size = i.size;
            s.isSigned = i.isSigned;
            s.isChar = type == "char" || type == "signed char" || type == "unsigned char";
            return s;
        }
    if (type.rfind("enum ", 0) == 0) {
        s.size = 4;
        s.isSigned = true;
    } else if (type == "float") {
        s.size = 4;
        s.isFloat = true;
    } else if (type == "double") {
        s.size = 8;
        s.isFloat = true;
    } else if (type == "pthread_t") {
        s.size = 8;
        s.isThread = true;
    } else if (type == "pthread_mutex_t") {
        s.isMutex = true;
    }
    return s;
}

std::string bytesText(const std::uint8_t *bytes, std::size_t size) {
    std::ostringstream out;
    out << '{';
    const std::size_t shown = std::min<std::size_t>(size, 16);
    for (std::size_t i = 0; i < shown; ++i)
        out << (i ? " " : "") << std::hex << std::setw(2) << std::setfill('0') << unsigned(bytes[i]);
    if (shown < size)
        out << " …";
    out << '}';
    return out.str();
}

class Formatter {
public:
    explicit Formatter(const Replay &replay) : m_replay(replay), m_state(replay.machine().state()) {}

    /// The value of a scalar held directly (a promoted local).
    std::string value(const Scalar &s, std::uint64_t raw) const {
        if (s.isPointer)
            return raw == 0 ? std::string("NULL") : "→ " + m_replay.machine().describeAddress(raw);
        if (s.isThread)
            return "T" + std::to_string(raw);
        if (s.isFloat) {
            double d;
            if (s.size == 4) {
                float f;
                const std::uint32_t bits = std::uint32_t(raw);
                std::memcpy(&f, &bits, 4);
                d = f;
            } else {
                std::memcpy(&d, &raw, 8);
            }
            std::ostringstream out;
            out << d;
            return out.str();
        }
        const unsigned bits = s.size * 8;
        if (bits < 64)
            raw &= (std::uint64_t{1} << bits) - 1;
        std::string text;
        if (s.isSigned && bits < 64 && (raw >> (bits - 1)) & 1)
            text = std::to_string(std::int64_t(raw | ~((std::uint64_t{1} << bits) - 1)));
        else
            text = s.isSigned ? std::to_string(std::int64_t(raw)) : std::to_string(raw);
        if (s.isChar && raw >= 32 && raw < 127)
            text = "'" + std::string(1, char(raw)) + "' (" + text + ")";
        return text;
    }

    /// The value of an object in memory at `address` whose C type is `type`.
    std::string inMemory(const std::string &type, std::uint64_t address) const {
        const interpreter::MemoryObject *object = m_state.memory.objectAt(address);
        if (!object || !object->alive)
            return "?";
        const Scalar s = scalarOf(type);
        if (s.isMutex) {
            const ThreadId owner = m_state.ownerOf(address);
            return owner == kNoThread ? std::string("unlocked") : "locked by T" + std::to_string(owner);
        }
        const std::int64_t offset = program::decodePointer(address).offset;
        if (offset < 0 || std::uint64_t(offset) >= object->bytes.size())
            return "?";
        const std::size_t available = object->bytes.size() - std::size_t(offset);
        const std::uint8_t *bytes = object->bytes.data() + offset;
        if (s.size == 0 || s.size > available)
            return bytesText(bytes, available);
        std::uint64_t raw = 0;
        std::memcpy(&raw, bytes, s.size);
        return value(s, raw);
    }

private:
    const Replay &m_replay;
    const InterpreterState &m_state;
};

views::FrameState frameState(const Replay &replay, const Formatter &format, const interpreter::ThreadState &thread,
                             const interpreter::Frame &frame) {
    const program::Program &p = replay.program();
    const program::SourceMap &map = p.sourceMap;
    views::FrameState out;
    out.function = frame.function < map.functions.size() && !map.functions[frame.function].name.empty()
                       ? map.functions[frame.function].name
                       : p.functions[frame.function].name;
    const program::SourceSpot spot = map.spotOf(frame.function, frame.pc);
    out.file = map.fileName(spot.file);
    out.line = spot.line;
    if (frame.function >= map.functions.size())
        return out;
    const program::FunctionSource &source = map.functions[frame.function];
    // The binding in force for each variable: the last one that starts at or before the pc.
    std::vector<const program::VariableBinding *> bound(source.locals.size(), nullptr);
    for (const program::VariableBinding &b : source.bindings)
        if (b.from <= frame.pc && b.variable < bound.size())
            bound[b.variable] = &b;
    const std::uint64_t *registers = thread.stack.registers.data() + frame.base;
    for (std::size_t v = 0; v < source.locals.size(); ++v) {
        const program::VariableBinding *b = bound[v];
        if (!b || b->where == program::kNoOperand)
            continue;
        const program::Variable &var = source.locals[v];
        const std::uint64_t raw = program::isConstant(b->where) ? p.constant(b->where) : registers[b->where];
        std::string value;
        if (b->kind == program::VariableBinding::Kind::Memory) {
            value = format.inMemory(var.type, raw);
        } else {
            const Scalar s = scalarOf(var.type);
            value = format.value(s.size ? s : Scalar{8, true}, raw);
        }
        out.locals.push_back({var.name, var.type, std::move(value)});
    }
    return out;
}

} // namespace

views::ProgramState inspectState(const Replay &replay) {
    const interpreter::Interpreter &machine = replay.machine();
    const InterpreterState &state = machine.state();
    const program::Program &p = replay.program();
    const Formatter format(replay);
    views::ProgramState out;
    const ThreadId running = replay.runningThread();
    for (const interpreter::ThreadState &thread : state.threads) {
        views::ThreadState t;
        t.id = thread.id;
        const auto pending = replay.pendingOf(thread.id);
        if (!pending) {
            t.status = views::ThreadStatus::Finished;
        } else {
            t.pending = replay.describe(pending->action);
            t.status = thread.id == running ? views::ThreadStatus::Running
                       : pending->enabled   ? views::ThreadStatus::Ready
                                            : views::ThreadStatus::Blocked;
        }
        for (auto f = thread.stack.frames.rbegin(); f != thread.stack.frames.rend(); ++f)
            t.frames.push_back(frameState(replay, format, thread, *f));
        out.threads.push_back(std::move(t));
    }
    for (std::uint32_t g = 0; g < p.globals.size() && g < p.sourceMap.globals.size(); ++g) {
        const program::Variable &var = p.sourceMap.globals[g];
        if (var.name.empty() || p.globals[g].readOnly)
            continue; // string literals and other unnamed or constant data
        out.globals.push_back({var.name, var.type, format.inMemory(var.type, program::globalPointer(g))});
    }
    out.output = machine.output();
    return out;
}

} // namespace weft::session
