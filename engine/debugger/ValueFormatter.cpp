// SPDX-License-Identifier: MIT
#include "engine/debugger/ValueFormatter.hpp"

#include "engine/base/Message.hpp"
#include "engine/debugger/Replay.hpp"
#include "engine/interpreter/pthread/MutexType.hpp"

#include <cstdio>
#include <cstring>
#include <iomanip>
#include <sstream>

namespace weft::debugger {

namespace {

using program::CType;

/// "T1, T2".
std::string threadList(const std::vector<ThreadId> &threads) {
    std::string out;
    for (ThreadId t : threads)
        out += (out.empty() ? "T" : ", T") + std::to_string(t);
    return out;
}

/// A scalar C type: its size in bytes and how to print it; size 0 = not a scalar we know.
struct Scalar {
    unsigned size = 0;
    bool isSigned = false;
    bool isFloat = false;
    bool isPointer = false;
    bool isChar = false;
    bool isThread = false;
    SyncKind sync = SyncKind::None; ///< a synchronisation object: shown by its state, not its bytes
};

/// Deeper parts are summarised only: no C program nests its types this deep by value.
constexpr unsigned kMaxDepth = 16;

std::string stripQualifiers(std::string type) {
    for (const char *q : {"const ", "volatile ", "static ", "restrict ", "_Atomic "})
        for (std::size_t at; (at = type.find(q)) != std::string::npos;)
            type.erase(at, std::strlen(q));
    while (!type.empty() && type.back() == ' ')
        type.pop_back();
    return type;
}

/// What a type's spelling alone says: pointers (for variables the debug info does not describe,
/// such as stdout), and the threads library's types shown specially.
Scalar scalarOf(const std::string &spelled) {
    const std::string type = stripQualifiers(spelled);
    Scalar s;
    if (!type.empty() && type.back() == '*') {
        s.size = 8;
        s.isPointer = true;
    } else if (type == "pthread_t") {
        s.size = 8;
        s.isThread = true;
    } else if (type == "pthread_mutex_t") {
        s.sync = SyncKind::Mutex;
    } else if (type == "pthread_cond_t") {
        s.sync = SyncKind::Condition;
    } else if (type == "sem_t") {
        s.sync = SyncKind::Semaphore;
    } else if (type == "pthread_barrier_t") {
        s.sync = SyncKind::Barrier;
    } else if (type == "pthread_rwlock_t") {
        s.sync = SyncKind::ReadWriteLock;
    }
    return s;
}

/// The scalar of `spelled` with shape `type` (null: known by its spelling only).
Scalar scalarOf(const std::string &spelled, const CType *type) {
    Scalar s = scalarOf(spelled);
    if (!type || s.isThread || s.sync != SyncKind::None)
        return s;
    s = {};
    switch (type->kind) {
    case CType::Kind::Pointer:
        s.size = 8;
        s.isPointer = true;
        break;
    case CType::Kind::Scalar:
    case CType::Kind::Enum:
        s.size = unsigned(type->size);
        s.isSigned = type->encoding == CType::Encoding::Signed ||
                     type->encoding == CType::Encoding::SignedChar;
        s.isChar = type->encoding == CType::Encoding::SignedChar ||
                   type->encoding == CType::Encoding::UnsignedChar;
        s.isFloat = type->encoding == CType::Encoding::Float;
        if (s.size > 8 || (s.isFloat && s.size != 4 && s.size != 8))
            s.size = 0; // long double, __int128: shown as bytes
        break;
    default:
        break;
    }
    return s;
}

/// Types of the threads library other than pthread_t and mutexes: their fields are the C library's
/// private business, so they show as bytes.
bool isOpaque(const std::string &spelled) {
    const std::string type = stripQualifiers(spelled);
    // An array of them is not: its elements show one by one.
    return (type.rfind("pthread_", 0) == 0 || type == "sem_t") && type.find('[') == std::string::npos;
}

std::string bytesText(const std::uint8_t *bytes, std::size_t size) {
    std::ostringstream out;
    out << '{';
    const std::size_t shown = std::min<std::size_t>(size, 16);
    for (std::size_t i = 0; i < shown; ++i)
        out << (i ? " " : "") << std::hex << std::setw(2) << std::setfill('0')
            << unsigned(bytes[i]);
    if (shown < size)
        out << " …";
    out << '}';
    return out.str();
}

/// A char array's text as a C string literal, up to its first NUL.
std::string stringText(const std::uint8_t *bytes, std::uint64_t size) {
    std::string out = "\"";
    for (std::uint64_t i = 0; i < size && bytes[i]; ++i) {
        if (out.size() >= ValueFormatter::kMaxSummary - 2)
            return out + "\"…";
        const char c = char(bytes[i]);
        if (c == '"' || c == '\\')
            out += '\\', out += c;
        else if (c == '\n')
            out += "\\n";
        else if (bytes[i] >= 32 && bytes[i] < 127)
            out += c;
        else {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", unsigned(bytes[i]));
            out += escaped;
        }
    }
    return out + '"';
}

/// A summary "{a = 1, b = 2, …}" grown part by part until kMaxSummary characters; the part that
/// does not fit is cut (so nested summaries still show their first values).
class Summary {
public:
    bool isFull() const { return m_full; }
    void add(const std::string &part) {
        if (m_full)
            return;
        const std::string separated = (m_text.size() > 1 ? ", " : "") + part;
        if (m_text.size() + separated.size() + 1 <= ValueFormatter::kMaxSummary) {
            m_text += separated;
            return;
        }
        std::size_t cut = ValueFormatter::kMaxSummary > m_text.size() + 1
                              ? ValueFormatter::kMaxSummary - m_text.size() - 1
                              : 0;
        while (cut > 0 && (std::uint8_t(separated[cut]) & 0xC0) == 0x80)
            --cut; // not inside a UTF-8 sequence ("→", "…")
        std::string head = separated.substr(0, cut);
        if (const std::size_t comma = head.rfind(", "); comma != std::string::npos)
            head.resize(comma + 2); // after a whole value
        m_text += head + "…";
        m_full = true;
    }
    std::string text() const { return m_text + '}'; }

private:
    std::string m_text = "{";
    bool m_full = false;
};

} // namespace

ValueFormatter::ValueFormatter(const Replay &replay)
    : m_replay(replay), m_state(replay.machine().state()) {}

debugger::VariableValue ValueFormatter::inRegister(const program::Variable &variable,
                                                std::uint64_t raw) const {
    debugger::VariableValue out{variable.name, variable.type, {}, {}, 0};
    out.value =
        scalarText(variable.type, m_replay.program().sourceMap.type(variable.typeIndex), raw);
    return out;
}

debugger::VariableValue ValueFormatter::inMemory(const program::Variable &variable,
                                              std::uint64_t address) const {
    debugger::VariableValue out{variable.name, variable.type, {}, {}, 0};
    const interpreter::MemoryObject *object = m_state.memory.objectAt(address);
    const std::int64_t offset = program::decodePointer(address).offset;
    if (!object || !object->alive || offset < 0 || std::uint64_t(offset) >= object->bytes.size()) {
        out.value = "?";
        return out;
    }
    Bytes where{address, object->bytes.data() + offset,
                object->bytes.size() - std::uint64_t(offset)};
    std::uint64_t budget = kMaxParts;
    describe(out, variable.typeIndex, where, budget, 0);
    return out;
}

void ValueFormatter::describe(debugger::VariableValue &out, std::uint32_t typeIndex, Bytes where,
                              std::uint64_t &budget, unsigned depth) const {
    const CType *type = m_replay.program().sourceMap.type(typeIndex);
    const Scalar s = scalarOf(out.type, type);
    if (s.sync != SyncKind::None) {
        out.value = syncText(s.sync, where.address);
        return;
    }
    if (!where.bytes) {
        out.value = "?";
        return;
    }
    if (type && type->isAggregate() && !isOpaque(out.type)) {
        if (depth >= kMaxDepth)
            out.value = "{…}";
        else
            describeParts(out, *type, where, budget, depth);
        return;
    }
    if (s.size == 0 || s.size > where.available) {
        const std::uint64_t size =
            type && type->size ? std::min(type->size, where.available) : where.available;
        out.value = bytesText(where.bytes, std::size_t(size));
        return;
    }
    std::uint64_t raw = 0;
    std::memcpy(&raw, where.bytes, s.size);
    out.value = scalarText(out.type, type, raw);
}

void ValueFormatter::describeParts(debugger::VariableValue &out, const CType &type, Bytes where,
                                   std::uint64_t &budget, unsigned depth) const {
    // `budget` counts the parts still to show as children. The first `kept` parts are kept, each
    // sharing what its later siblings leave (so the rows of a 2-D array all show their first
    // elements, not the first rows all of theirs); later parts are read for the summary only.
    const bool isArray = type.kind == CType::Kind::Array;
    const std::uint64_t parts = isArray ? type.count : type.fields.size();
    const CType *element = isArray ? m_replay.program().sourceMap.type(type.elementIndex) : nullptr;
    const std::uint64_t stride = element ? element->size : 0;
    Summary summary;
    bool isString = false;
    if (element && element->kind == CType::Kind::Scalar && element->size == 1 &&
        (element->encoding == CType::Encoding::SignedChar ||
         element->encoding == CType::Encoding::UnsignedChar)) {
        out.value = stringText(where.bytes, std::min(type.count, where.available));
        isString = true;
    }
    const std::uint64_t kept = std::min({parts, isArray ? kMaxElements : parts, budget});
    for (std::uint64_t i = 0; i < parts; ++i) {
        const bool keep = i < kept;
        if (!keep && (isString || summary.isFull()))
            break;
        debugger::VariableValue part;
        std::uint32_t partType = program::kNoType;
        std::uint64_t offset = 0;
        const program::CField *field = nullptr;
        if (isArray) {
            part.name = '[' + std::to_string(i) + ']';
            part.type = type.element;
            partType = type.elementIndex;
            offset = i * stride;
        } else {
            field = &type.fields[i];
            part.name = field->name.empty() ? std::string("<anonymous>") : field->name;
            part.type = field->type;
            partType = field->typeIndex;
            offset = field->offset;
        }
        std::uint64_t share = 0;
        if (keep) {
            const std::uint64_t later = kept - i - 1; // each needs its own row
            --budget;
            share = (budget - later) / (later + 1);
        }
        std::uint64_t partBudget = share;
        if (field && field->bitSize) {
            // A bitfield: its bits start at bitOffset of the byte at `offset` (little-endian).
            const Bytes bits = where.at(offset);
            const CType *fieldType = m_replay.program().sourceMap.type(partType);
            if (!bits.bytes) {
                part.value = "?";
            } else {
                std::uint64_t raw = 0;
                std::memcpy(&raw, bits.bytes, std::min<std::uint64_t>(bits.available, 8));
                const std::uint64_t mask = (std::uint64_t{1} << field->bitSize) - 1;
                raw = (raw >> field->bitOffset) & mask;
                if (fieldType && fieldType->encoding == CType::Encoding::Signed &&
                    (raw >> (field->bitSize - 1)) & 1)
                    raw |= ~mask;
                part.value = scalarText(part.type, fieldType, raw);
            }
            part.type += " : " + std::to_string(field->bitSize);
        } else {
            describe(part, partType, where.at(offset), partBudget, depth + 1);
        }
        budget -= share - partBudget; // what the part did not use goes back
        if (!isString)
            summary.add(isArray ? part.value : part.name + " = " + part.value);
        if (keep)
            out.children.push_back(std::move(part));
    }
    out.omitted = parts - out.children.size();
    if (!isString)
        out.value = summary.text();
}

std::string ValueFormatter::scalarText(const std::string &spelled, const CType *type,
                                       std::uint64_t raw) const {
    const Scalar s = type ? scalarOf(spelled, type) : scalarOf(spelled);
    const Scalar shown = s.size ? s : Scalar{8, true};
    if (shown.isPointer)
        return raw == 0 ? std::string("NULL")
                        : english(MessageKind::PointsTo, {m_replay.machine().describeAddress(raw, true)});
    if (shown.isThread)
        return "T" + std::to_string(raw);
    if (shown.isFloat) {
        double d;
        if (shown.size == 4) {
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
    const unsigned bits = shown.size * 8;
    if (bits < 64)
        raw &= (std::uint64_t{1} << bits) - 1;
    std::string text;
    std::int64_t number = std::int64_t(raw);
    if (shown.isSigned && bits < 64 && (raw >> (bits - 1)) & 1)
        number = std::int64_t(raw | ~((std::uint64_t{1} << bits) - 1));
    text = shown.isSigned ? std::to_string(number) : std::to_string(raw);
    if (shown.isChar && raw >= 32 && raw < 127)
        text = "'" + std::string(1, char(raw)) + "' (" + text + ")";
    if (type && type->kind == CType::Kind::Enum)
        for (const auto &[name, value] : type->enumerators)
            if (value == (shown.isSigned ? number : std::int64_t(raw)))
                return name + " (" + text + ")";
    return text;
}

} // namespace weft::debugger

namespace weft::debugger {

std::string ValueFormatter::syncText(SyncKind kind, std::uint64_t address) const {
    // What the object means to the program, from the machine's state of it (absent: never used).
    const SyncObjectState &o = m_state.object(address);
    switch (kind) {
    case SyncKind::Mutex: {
        if (o.owner == kNoThread && m_state.mutexDestroys > 0 && interpreter::isDestroyedMutex(m_state, address))
            return english(MessageKind::MutexDestroyed, {});
        if (o.owner == kNoThread)
            return english(MessageKind::Unlocked, {});
        const auto relocks = m_state.relocks.find(address);
        const std::uint32_t holds = relocks == m_state.relocks.end() ? 1 : relocks->second + 1;
        return holds > 1 ? english(MessageKind::LockedTimes, {std::to_string(o.owner), std::to_string(holds)})
                         : english(MessageKind::LockedBy, {std::to_string(o.owner)});
    }
    case SyncKind::Condition: {
        if (o.waiters.empty())
            return english(MessageKind::NoWaiter, {});
        std::vector<ThreadId> waiting;
        for (const SyncObjectState::Waiter &w : o.waiters)
            waiting.push_back(w.thread);
        if (o.signals.empty())
            return english(MessageKind::Waiters, {threadList(waiting)});
        return english(o.signals.size() == 1 ? MessageKind::WaitersSignal : MessageKind::WaitersSignals,
                       {threadList(waiting), std::to_string(o.signals.size())});
    }
    case SyncKind::Semaphore:
        return o.initialised ? english(MessageKind::SemaphoreValue, {std::to_string(o.count)})
                             : english(MessageKind::NotInitialised, {});
    case SyncKind::Barrier:
        return o.initialised
                   ? english(MessageKind::BarrierArrivals, {std::to_string(o.arrived), std::to_string(o.parties)})
                   : english(MessageKind::NotInitialised, {});
    case SyncKind::ReadWriteLock:
        if (o.owner != kNoThread)
            return english(MessageKind::WriteLockedBy, {std::to_string(o.owner)});
        if (!o.readers.empty())
            return english(MessageKind::ReadLockedBy, {threadList(o.readers)});
        return english(MessageKind::Unlocked, {});
    case SyncKind::None: break;
    }
    return "";
}

} // namespace weft::debugger
